// Reports benchmark (issue 23, Performance): the back-office dashboard (GET /ops/reports/dashboard)
// for a 30-day range, beside a bare Fastify route (/healthz) in the same gateway and run, measured
// with wrk (autocannon when wrk is absent) in interleaved slices; last line
// `p99 ms <worst slice p99 of the dashboard>` (goal <= 100 ms).
//
// The data: 100,000 members and 1,000,000 settled rounds over 90 days (20 vendors, 5 game types),
// plus 300,000 deposits (100,000 of them first deposits), 100,000 withdrawals and 50,000 bonuses,
// written by a bulk SQL generator in this file STRAIGHT INTO THE ROLLUPS (not through the rebuild:
// a million bet records through the vendor wallet would take far longer than the read it is here to
// measure). The rows have the shape the consumer and the rebuild write, except that the generator's
// shard is member_id % 16 instead of the event partition (readers sum the shards either way). In a
// throw-away schema of BENCH_DATABASE_URL / TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), dropped at the end. Run from the repository root:
// `npm run bench -- reports`.
import './lib/one-line-failure.mjs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { interleavedLoad, ms } from './lib/interleaved-load.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 5;
const SLICE_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const MEMBERS = 100_000;
const SETTLED_ROUNDS = 1_000_000;
const DAYS = 90;
const FIRST_DAY = '2026-01-01';
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const OPERATOR_TOKEN = 'bench-operator-token-0123456789';
/** 30 days inside the 90. */
const RANGE = { from: '2026-02-01', to: '2026-03-02' };

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();

// --- the gateway (child) ----------------------------------------------------------------------------

async function generate(db, sql) {
  const s = (text) => sql.raw(text).execute(db);
  await s(`create temp table bench_round as
    select i,
      (1 + (i::bigint * 7919) % ${MEMBERS})::int as member_id,
      date '${FIRST_DAY}' + (i % ${DAYS}) as day,
      'BV' || lpad(((i * 31) % 20)::text, 2, '0') as vendor,
      (array['RNG','LIVE','FISH','PVP','SPORTS'])[1 + (i % 5)] as game_type,
      (100 + (i * 13) % 5000)::bigint as stake,
      ((i * 17) % 6000)::bigint as payout
    from generate_series(1, ${SETTLED_ROUNDS}) i`);
  await s(`insert into report_game_day (currency, day, vendor, game_type, shard, rounds, stake, payout)
    select 'BRL', day, vendor, game_type, member_id % 16, count(*), sum(stake), sum(payout)
    from bench_round group by day, vendor, game_type, member_id % 16`);
  await s(`insert into report_active_player (currency, day, member_id)
    select distinct 'BRL', day, member_id from bench_round`);
  await s(`insert into report_day (currency, day, shard, rounds, stake, payout, active_players)
    select 'BRL', day, member_id % 16, count(*), sum(stake), sum(payout), count(distinct member_id)
    from bench_round group by day, member_id % 16`);
  await s(`insert into report_member_day (member_id, day, currency, rounds, stake, payout)
    select member_id, day, 'BRL', count(*), sum(stake), sum(payout) from bench_round
    group by member_id, day`);
  await s(`insert into report_fact (source, ref) select 'round', 'BV:' || i from bench_round`);
  // Money: deposits (the first of each member marked first), withdrawals, bonuses.
  await s(`create temp table bench_money as
    select kind, n, (1 + (n::bigint * 104729) % ${MEMBERS})::int as member_id, date '${FIRST_DAY}' + (n % ${DAYS}) as day,
      (1000 + (n * 37) % 50000)::bigint as amount, n <= ${MEMBERS} and kind = 'deposit' as first
    from (select 'deposit' as kind, n from generate_series(1, 300000) n
          union all select 'withdrawal', n from generate_series(1, 100000) n
          union all select 'bonus', n from generate_series(1, 50000) n) m`);
  await s(`insert into report_day (currency, day, shard, first_deposit_count, first_deposit_amount,
      deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_count, bonus_amount)
    select 'BRL', day, member_id % 16,
      count(*) filter (where first), coalesce(sum(amount) filter (where first), 0),
      count(*) filter (where kind = 'deposit'), coalesce(sum(amount) filter (where kind = 'deposit'), 0),
      count(*) filter (where kind = 'withdrawal'), coalesce(sum(amount) filter (where kind = 'withdrawal'), 0),
      count(*) filter (where kind = 'bonus'), coalesce(sum(amount) filter (where kind = 'bonus'), 0)
    from bench_money group by day, member_id % 16
    on conflict (currency, day, shard) do update set
      first_deposit_count = excluded.first_deposit_count, first_deposit_amount = excluded.first_deposit_amount,
      deposit_count = excluded.deposit_count, deposit_amount = excluded.deposit_amount,
      withdrawal_count = excluded.withdrawal_count, withdrawal_amount = excluded.withdrawal_amount,
      bonus_count = excluded.bonus_count, bonus_amount = excluded.bonus_amount`);
  await s(`insert into report_registration_day (day, shard, registrations)
    select date '${FIRST_DAY}' + (m % ${DAYS}), m % 16, count(*) from generate_series(1, ${MEMBERS}) m
    group by 1, 2`);
  await s(`drop table bench_round`);
  await s(`drop table bench_money`);
  for (const t of [
    'report_game_day',
    'report_day',
    'report_registration_day',
    'report_active_player',
    'report_member_day',
    'report_fact',
  ]) {
    await s(`vacuum analyze ${t}`);
  }
  const count = async (t) => (await s(`select count(*)::int as n from ${t}`)).rows[0].n;
  return {
    activePlayerRows: await count('report_active_player'),
    memberDayRows: await count('report_member_day'),
    gameDayRows: await count('report_game_day'),
  };
}

async function serve() {
  const { default: pino } = await import('pino');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { prepareDatabase } = await import('../apps/server/src/bootstrap.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { dropSchema } = await import('../apps/server/src/test/test-db.ts');
  const { sql } = await import('kysely');

  const url = process.env.BENCH_DB_URL;
  const schema = `bench_reports_${process.pid}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    DATABASE_URL: url,
    OPERATOR_TOKEN,
  });
  const logger = pino({ level: 'warn' });
  const database = await prepareDatabase(config, logger, { schema });
  const t0 = performance.now();
  const rows = await generate(database.db, sql);
  const generateMs = performance.now() - t0;
  const plan = (
    await sql
      .raw(
        `explain (analyze, buffers off) select count(distinct member_id) from report_active_player
         where currency = 'BRL' and day between date '${RANGE.from}' and date '${RANGE.to}'`,
      )
      .execute(database.db)
  ).rows.map((r) => r['QUERY PLAN']);
  const app = await buildApp({ config, db: database.db, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  process.send({ port, database: database.kind, generateMs, rows, plan });
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
    console.log(
      `gateway on ${base} (${started.database}, throw-away schema); generated ${MEMBERS} members and ` +
        `${SETTLED_ROUNDS} settled rounds over ${DAYS} days into the rollups in ` +
        `${(started.generateMs / 1000).toFixed(1)} s (${started.rows.activePlayerRows} active-player rows, ` +
        `${started.rows.memberDayRows} member-day rows, ${started.rows.gameDayRows} game-day rows)`,
    );
    console.log(
      `\nplan, distinct active players over ${RANGE.from}..${RANGE.to}:\n  ${started.plan.join('\n  ')}`,
    );

    // A finance operator, created with the bootstrap token.
    const json = async (path, init) => {
      const res = await fetch(base + path, init);
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.code}`);
      return body.value;
    };
    await json('/ops/operators', {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchfinance', password: 'bench-pass-0123', role: 'finance' }),
    });
    // The two-step login (password, then the TOTP code of the key enrolled at the first login),
    // asking for a bearer session.
    const { TOTP, Secret } = await import('otpauth');
    const step1 = await json('/ops/session/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchfinance', password: 'bench-pass-0123' }),
    });
    const code = new TOTP({
      secret: Secret.fromBase32(step1.enrolment.secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    }).generate();
    const { token } = await json('/ops/session/totp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge: step1.challenge, code, session: 'bearer' }),
    });
    const dashboardUrl = `${base}/ops/reports/dashboard?from=${RANGE.from}&to=${RANGE.to}&currency=BRL`;
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const first = await json(dashboardUrl.slice(base.length), auth);
    if (first.days.length !== 30 || first.totals.rounds === 0) throw new Error('dashboard answered no data');
    console.log(
      `\ndashboard ${RANGE.from}..${RANGE.to}: ${first.totals.rounds} rounds, ${first.totals.activePlayers} active players, ` +
        `GGR ${first.totals.ggr}, NGR ${first.totals.ngr}, ${first.vendors.length} vendors, ${first.gameTypes.length} game types`,
    );

    const { rows } = await interleavedLoad(
      [
        ['GET /healthz (bare route)', { url: `${base}/healthz` }],
        ['GET /ops/reports/dashboard (30 days)', { url: dashboardUrl, ...auth }],
      ],
      { rounds: ROUNDS, sliceSeconds: SLICE_SECONDS },
    );
    console.log(`\nreports bench (${started.database}, ${ROUNDS} x ${SLICE_SECONDS} s each, loopback)`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(40)}${r.rate.toFixed(1).padStart(10)} req/s  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms (worst slice)`,
      );
    }
    console.log(`ratio ${(rows[1].rate / rows[0].rate).toFixed(3)}`);
    console.log(`p99 ms ${ms(rows[1].p99)}`);
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
