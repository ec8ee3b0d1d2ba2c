// Agent centre benchmark (issue 24, Performance): a top agent's team reads over a tree of 10,000
// downlines five levels deep with 1,000,000 settled rounds, beside a bare Fastify route (/healthz) in
// the same gateway and run, measured with wrk (autocannon when wrk is absent) in interleaved slices;
// last line `p99 ms <worst slice p99 of the team reads>` (goal <= 50 ms).
//
// The tree: one top agent (type 1), 10 agents below it, 90 below those, 900 below those, 3,000 below
// those and 6,000 members at the fifth level (10,000 downlines), created as accounts with their upline
// links and closure rows through the member module's face. The rounds: 1,000,000 over the 90 merchant
// days up to today, spread over the 10,000, written by a bulk SQL generator STRAIGHT INTO THE MEMBER-DAY
// AND TEAM ROLLUPS (the shape the reports consumer writes; a million rounds through the vendor wallet
// would take far longer than the reads measured here); the members' registrations spread over the 90
// days. Then the settlement: the 6,000 level-5 members become agents (type 1 may play) and every
// downline agent gets a DAILY contract from its upline (10,000 contracts, inserted straight into
// agent_contract like the rollups, active, accepted before the period; rates falling with depth so
// each upline can pay its downlines from what it receives), and one call of the settlement the
// scheduled job runs (settleKind DAILY) settles the merchant's yesterday over them: line
// `settlement s <seconds>` (goal <= 10 s) with the contracts settled and the total paid.
// In a throw-away schema of BENCH_DATABASE_URL /
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped at the end. Run from the
// repository root: `npm run bench -- agent`.
import './lib/one-line-failure.mjs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { interleavedLoad, ms } from './lib/interleaved-load.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 5;
const SLICE_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const SETTLED_ROUNDS = 1_000_000;
const DAYS = 90;
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** Members per level below the top agent (levels 1 to 4 are agents, level 5 members): 10,000. */
const LEVELS = [10, 90, 900, 3000, 6000];
/** Rate (basis points of the team's valid bet) of a DAILY contract whose downline is at each level. */
const DAILY_RATE_BP = [200, 150, 100, 80, 50];

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();

// --- the gateway (child) ----------------------------------------------------------------------------

/** The tree under `topId`, level by level, each member below one of the level above in turn. */
async function buildTree(db, topId, { insertAccounts, setUpline }) {
  let above = [topId];
  let n = 0;
  for (const [level, size] of LEVELS.entries()) {
    const accounts = Array.from({ length: size }, () => ({
      account: `ba${(n++).toString(36).padStart(5, '0')}`,
      type: level < LEVELS.length - 1 ? 1 : 0,
    }));
    const ids = [];
    for (let i = 0; i < accounts.length; i += 1000)
      ids.push(...(await insertAccounts(db, accounts.slice(i, i + 1000))));
    for (const [i, id] of ids.entries()) await setUpline(db, id, above[i % above.length]);
    above = ids;
  }
}

async function generateRounds(db, sql, topId) {
  const s = (text) => sql.raw(text).execute(db);
  const { createWalletSettings } = await import('../apps/server/src/modules/wallet/index.ts');
  const zone = (await createWalletSettings(db).get('banca')).timeZone;
  // Each round: a team member (every tenth round the same few members, as real play is uneven), a day
  // of the last 90, a stake and a payout. Summed per member and day, as the consumer keeps them.
  await s(`create temp table bench_team as
    select descendant_id as member_id, row_number() over (order by descendant_id) as k
    from member_tree where ancestor_id = ${topId}`);
  await s(`insert into report_member_day (member_id, day, currency, rounds, stake, payout,
      deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
    select t.member_id, r.day, 'BRL', count(*), sum(r.stake), sum(r.payout), 0, 0, 0, 0, 0
    from (
      select 1 + (i::bigint * 7919) % (select count(*) from bench_team) as k,
        current_date - (i % ${DAYS}) as day,
        (100 + (i * 13) % 5000)::bigint as stake,
        ((i * 17) % 6000)::bigint as payout
      from generate_series(1, ${SETTLED_ROUNDS}) i
    ) r join bench_team t using (k)
    group by t.member_id, r.day`);
  // The team hour rollups (what the contracts' settlement reads: every member's hour under itself and
  // each upline, per product), for the same rounds of the last two days only: the settlement below
  // reads yesterday, and 90 days of them (about 5 million rows) would only slow the set-up. Each
  // round's hour of its day comes from its number, as its day does.
  await s(`insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
    select a.id, r.hour, 'RNG', 'BRL', t.member_id, count(*), sum(r.stake), sum(r.payout)
    from (
      select 1 + (i::bigint * 7919) % (select count(*) from bench_team) as k,
        ((current_date - (i % ${DAYS}))::timestamp at time zone '${zone}')
          + ((i / ${DAYS}) % 24) * interval '1 hour' as hour,
        (100 + (i * 13) % 5000)::bigint as stake,
        ((i * 17) % 6000)::bigint as payout
      from generate_series(1, ${SETTLED_ROUNDS}) i
      where i % ${DAYS} < 2
    ) r join bench_team t using (k),
      lateral (select t.member_id as id union all
               select ancestor_id from member_tree where descendant_id = t.member_id) a
    group by a.id, r.hour, t.member_id`);
  await s(`drop table bench_team`);
  // The team rollups the consumer keeps beside them: each member's days added to every upline's.
  await s(`insert into report_team_day (agent_id, day, currency, shard, rounds, stake, payout)
    select t.ancestor_id, m.day, m.currency, (m.member_id % 16)::smallint, sum(m.rounds), sum(m.stake), sum(m.payout)
    from report_member_day m join member_tree t on t.descendant_id = m.member_id
    group by t.ancestor_id, m.day, m.currency, m.member_id % 16`);
  await s(`insert into report_team_active (agent_id, period, period_start, currency, member_id)
    select distinct t.ancestor_id, p.period, p.period_start, m.currency, m.member_id
    from report_member_day m join member_tree t on t.descendant_id = m.member_id,
      lateral (values ('D', m.day), ('W', date_trunc('week', m.day)::date),
                      ('M', date_trunc('month', m.day)::date)) p(period, period_start)
    where m.rounds > 0`);
  await s(`insert into report_team_active_count (agent_id, period, period_start, currency, members)
    select agent_id, period, period_start, currency, count(*) from report_team_active
    group by agent_id, period, period_start, currency`);
  // Members joined over the 90 days, not all today (the registration time the tree rows carry).
  await s(`update member set created_at = now() - (id % ${DAYS}) * interval '1 day'
    where id in (select descendant_id from member_tree where ancestor_id = ${topId})`);
  await s(`update member_tree t set joined_at = m.created_at from member m where m.id = t.descendant_id`);
  for (const t of [
    'report_member_day',
    'report_team_day',
    'report_team_active',
    'report_team_active_count',
    'report_team_hour',
    'member_tree',
    'member',
  ]) {
    await s(`vacuum analyze ${t}`);
  }
  return (await s(`select count(*)::int as n from report_member_day`)).rows[0].n;
}

/** The 10,000 DAILY contracts, one per downline agent, and one settlement run of yesterday. */
async function settle(db, sql, topId) {
  const s = (text) => sql.raw(text).execute(db);
  await s(`update member set type = 1
    where type = 0 and id in (select descendant_id from member_tree where ancestor_id = ${topId})`);
  const rateCase = DAILY_RATE_BP.map((bp, i) => `when ${i + 1} then ${bp}`).join(' ');
  await s(`insert into agent_contract (merchant_code, kind, product, period, upline_id, downline_id,
      upline_account, downline_account, status, tiers, best_rate_bp, best_fixed, accepted_at)
    select d.merchant_code, 'DAILY', 'CONS', 'D', u.id, d.id, u.account, d.account, 'active',
      json_build_array(json_build_object('validBet', 0, 'activeMembers', 0, 'rateType', 'PERCENT',
        'rate', case t.depth ${rateCase} end))::jsonb,
      case t.depth ${rateCase} end, 0, now() - interval '100 days'
    from member_tree t join member d on d.id = t.descendant_id join member u on u.id = d.parent_id
    where t.ancestor_id = ${topId} and d.type = 1`);
  await s(`vacuum analyze agent_contract`);
  await s(`vacuum analyze member`);
  const { settleKind } =
    await import('../apps/server/src/modules/agent-contracts/agent-contracts.settlement.ts');
  const { createWalletSettings } = await import('../apps/server/src/modules/wallet/index.ts');
  const settings = createWalletSettings(db);
  const deps = {
    db,
    clock: () => new Date(),
    merchantCode: 'banca',
    merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
    timeZone: async (code) => (await settings.get(code)).timeZone,
  };
  const t0 = performance.now();
  const out = await settleKind(deps, 'DAILY');
  const settleMs = performance.now() - t0;
  return { ...out, settleMs };
}

async function serve() {
  const { default: pino } = await import('pino');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { prepareDatabase } = await import('../apps/server/src/bootstrap.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { dropSchema } = await import('../apps/server/src/test/test-db.ts');
  const { insertAccounts, FAST_PASSWORD } = await import('../apps/server/src/test/auth-client.ts');
  const member = await import('../apps/server/src/modules/member/index.ts');
  const { sql } = await import('kysely');

  const url = process.env.BENCH_DB_URL;
  const schema = `bench_agent_${process.pid}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // The demo merchant (the accounts below belong to it) and its catalogue; its few accounts are
    // outside the bench's tree.
    SEED_DEMO: 'true',
    WEB_DIST: '/nonexistent-web-dist',
    DATABASE_URL: url,
  });
  const logger = pino({ level: 'warn' });
  const database = await prepareDatabase(config, logger, { schema });
  const db = database.db;
  const t0 = performance.now();
  const [topId] = await insertAccounts(db, [{ account: 'benchtop', type: 1, knownIps: ['127.0.0.1'] }]);
  await buildTree(db, topId, {
    insertAccounts,
    setUpline: async (trxOrDb, id, parentId) => {
      await sql`update member set parent_id = ${parentId} where id = ${id}`.execute(trxOrDb);
      await member.addToDownlineTree(trxOrDb, id, parentId);
    },
  });
  const treeMs = performance.now() - t0;
  const t1 = performance.now();
  const memberDayRows = await generateRounds(db, sql, topId);
  const roundsMs = performance.now() - t1;
  const settlement = await settle(db, sql, topId);
  const app = await buildApp({ config, db, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  process.send({
    port,
    database: database.kind,
    account: 'benchtop',
    password: FAST_PASSWORD,
    treeMs,
    roundsMs,
    memberDayRows,
    settlement,
  });
  process.on('message', async (msg) => {
    if (msg !== 'stop') return;
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    await dropSchema(url, schema);
    process.exit(0);
  });
}

// --- the load (parent) ------------------------------------------------------------------------------

async function login(base, username, password) {
  const { CompactEncrypt, importJWK } = await import('jose');
  const jwk = (await (await fetch(`${base}/wps/system/publicKey`)).json()).value;
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ username, password })))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(key);
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/jose' },
    body: jwe,
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`login answered ${res.status} ${body.code}`);
  return body.value.token;
}

async function main() {
  const dbUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_URL;
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_DB_URL: dbUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killTimer = setTimeout(() => child.kill('SIGKILL'), (SECONDS * 10 + 900) * 1000);
  killTimer.unref();
  try {
    const started = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${started.port}`;
    const downlines = LEVELS.reduce((a, b) => a + b, 0);
    console.log(
      `gateway on ${base} (${started.database}, throw-away schema); a tree of ${downlines} downlines ` +
        `${LEVELS.length} levels deep in ${(started.treeMs / 1000).toFixed(1)} s; ${SETTLED_ROUNDS} settled rounds ` +
        `over ${DAYS} days into ${started.memberDayRows} member-day rows in ${(started.roundsMs / 1000).toFixed(1)} s`,
    );
    const st = started.settlement;
    console.log(
      `daily settlement of yesterday over ${st.contracts} contracts: ${st.settled} settled, ${st.skipped} ` +
        `already settled, paid ${st.paid}, debt ${st.debt} (minor units) in ${(st.settleMs / 1000).toFixed(2)} s`,
    );
    const token = await login(base, started.account, started.password);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const reads = {
      'team overview': '/wps/agent/team/overview',
      'team summary, this month': '/wps/agent/team/summary?period=M',
      'team summary, today': '/wps/agent/team/summary?period=D',
    };
    for (const [name, path] of Object.entries(reads)) {
      const res = await fetch(base + path, auth);
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body.code}`);
      console.log(`${name}: ${JSON.stringify(body.value).slice(0, 200)}`);
    }

    const { rows } = await interleavedLoad(
      [
        ['GET /healthz (bare route)', { url: `${base}/healthz` }],
        ...Object.entries(reads).map(([name, path]) => [`${name} (${path})`, { url: base + path, ...auth }]),
      ],
      { rounds: ROUNDS, sliceSeconds: SLICE_SECONDS },
    );
    console.log(`\nagent bench (${started.database}, ${ROUNDS} x ${SLICE_SECONDS} s each, loopback)`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(60)}${r.rate.toFixed(1).padStart(10)} req/s  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms (worst slice)`,
      );
    }
    console.log(`settlement s ${(st.settleMs / 1000).toFixed(2)}`);
    console.log(`p99 ms ${ms(Math.max(...rows.slice(1).map((r) => r.p99)))}`);
  } finally {
    clearTimeout(killTimer);
    if (child.connected) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    }
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
