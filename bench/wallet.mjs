// Wallet benchmark (issue 9): the gateway's money path over HTTP against pgbench's built-in TPC-B-like
// script on the same PostgreSQL, at 2 and 8 clients, in BENCH_ROUNDS (3) interleaved rounds: each
// pgbench run is followed at once by the gateway's, and the median round's ratio is the figure (on a
// shared 2-core host, runs minutes apart differ by up to 30%); the gateway's p99 at half its maximum rate; the
// house accounts in 1 bucket against 16 (a hot row flattens as clients grow, buckets do not); and the
// balance read against the bare route. Last line: `ratio <gateway/pgbench at 8 clients>`. Per transfer
// request at 8 clients it also prints the SQL statements the gateway sent and its CPU time, figures
// that other load on the machine moves far less than throughput. BENCH_CPU_PROF=<dir> writes a V8 CPU
// profile of each gateway there. Before the last line, `cold start ms <n>` and `rss MB <n>`: the compiled
// production gateway (bench/lib/production-gateway.mjs) from spawn to its first /readyz 200 on a migrated
// database (median of 3; `fresh database start ms` is the first start, migrations included), beside its
// reference `bare start ms` (a bare fastify + pg server started the same way, alternated with those
// restarts) and `cold start / bare start`, and its resident memory after a few seconds of reads.
// Load: wrk (Debian package `wrk`; bench/lib/wrk.mjs) when installed, so that on a 2-core machine the
// load generator takes ~30 µs of CPU per request instead of autocannon's 100-170 µs from the cores the
// gateway and PostgreSQL share (pgbench's own client is C too); autocannon otherwise, and for the paced
// p99 run. The first line printed names the generator.
// Run from the repository root: `npm run bench -- wallet` (or `node bench/wallet.mjs`).
//
// BENCH_ONLY=read runs only the balance read against the bare route (no pgbench, no money path). The
// balance read takes every member's token in turn and follows an unmeasured warm-up of both routes.
//
// Needs a PostgreSQL server: BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test.
// pgbench runs on a throw-away database (created and dropped here); each gateway runs in a child process
// (this file again, with the tsx loader) in a throw-away schema that it drops when stopped.
//
// The money path: POST /wps/relay/GCS_walletTransfer (token auth, body validation, the client's requestId
// as idempotency key, one ledger transfer main -> vendor wallet), a fresh requestId per request, 64
// members taken in turn. The house-side path (for the buckets comparison) is the sandbox credit
// POST /dev/wallet/credit: token, validation, requestId, one ledger transfer from the merchant's
// ADJUSTMENTS house account into the member's wallet, so every request takes a house row lock.
import './lib/one-line-failure.mjs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { BENCH_DB_URL, interleavedRounds, openPgbench } from './lib/pgbench.mjs';
import { wrkAvailable, wrkRun } from './lib/wrk.mjs';
import { cpuPer, cpuReading } from './lib/cpu.mjs';
import { startChildGateway } from './lib/child-gateway.mjs';
import { perRequest, serveCounters } from './lib/gateway-counters.mjs';
import { productionDatabase } from './lib/production-gateway.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SHORT = Math.max(3, Math.round(SECONDS * 0.6));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MEMBERS = 64;
const CLIENTS = [2, 8];
const ONLY_READ = process.env.BENCH_ONLY === 'read';
const DB_URL = BENCH_DB_URL;

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();

// --- the gateway (child) ----------------------------------------------------------------------------

async function serve() {
  // Every statement a pooled client sends (BEGIN and COMMIT included), the background event dispatcher's
  // too: the SQL round trips per request.
  await serveCounters();
  const { default: pino } = await import('pino');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { prepareDatabase } = await import('../apps/server/src/bootstrap.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { dropSchema } = await import('../apps/server/src/test/test-db.ts');
  const { insertAccounts } = await import('../apps/server/src/test/auth-client.ts');
  const wallet = await import('../apps/server/src/modules/wallet/index.ts');

  const schema = `bench_wallet_${process.pid}`;
  const config = loadConfig({
    // Not production: the sandbox credit route (/dev/wallet/credit, loopback only) is the house path.
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    WEB_DIST: '/nonexistent-web-dist',
    DATABASE_URL: process.env.BENCH_DB_URL,
    LEDGER_HOUSE_BUCKETS: process.env.BENCH_BUCKETS ?? '16',
  });
  const logger = pino({ level: 'warn' });
  const database = await prepareDatabase(config, logger, { schema });
  const db = database.db;
  // Members with money, in transfer mode: every request moves 1 cent main -> SANDBOX.
  const accounts = Array.from({ length: MEMBERS }, (_, i) => ({
    account: `bw${i}${randomBytes(3).toString('hex')}`,
    knownIps: ['127.0.0.1'],
  }));
  const ids = await insertAccounts(db, accounts, config.merchant);
  for (const id of ids) {
    const house = await wallet.houseAccount(db, config.merchant, 'ADJUSTMENTS', 'BRL');
    const main = await wallet.ensureMemberWallet(db, id, config.merchant, 'BRL');
    await wallet.transfer(db, {
      idempotencyKey: `bench-seed:${id}`,
      debitAccountId: house.id,
      creditAccountId: main.id,
      amount: 1_000_000_000,
      kind: 'ADJUSTMENT',
    });
  }
  await wallet.createWalletSettings(db).update(db, config.merchant, { walletMode: 'transfer' });
  const app = await buildApp({ config, db, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  process.send({ port, accounts: accounts.map((a) => a.account) });
  process.on('message', async (msg) => {
    if (msg !== 'stop') return;
    await app.close();
    // autocannon drops its sockets at the deadline; let the handlers it abandoned finish first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    await dropSchema(process.env.BENCH_DB_URL, schema);
    process.exit(0);
  });
}

// --- the load (parent) ------------------------------------------------------------------------------

/**
 * The production gateway's start and footprint: a first start on a fresh database (production
 * defaults: migrations, no demo content) timed from spawn to /readyz 200; then three more starts on
 * that migrated database, the median of which is the cold start of a node that joins or restarts (what
 * an operator's rolling deploy waits for; the first start's migrations happen once per release); then
 * a start with the demo content (a member to sign in, a catalogue to list) loaded with the reads every
 * page makes, after which its resident memory is read.
 */
async function productionFootprint(run) {
  const database = productionDatabase(DB_URL);
  try {
    const fresh = await database.start();
    await fresh.stop();
    // Gateway and bare reference alternate, so a slower minute of the host weighs on both.
    const restarts = [];
    const bares = [];
    for (let i = 0; i < 3; i++) {
      for (const [starter, times] of [
        [database.start, restarts],
        [database.startBare, bares],
      ]) {
        const started = await starter();
        times.push(started.readyMs);
        await started.stop();
      }
    }
    restarts.sort((a, b) => a - b);
    bares.sort((a, b) => a - b);
    const gw = await database.start({ SEED_DEMO: 'true' });
    try {
      const [token] = await loginAll(gw.base, ['demo01'], 'Demo1234');
      await run({ url: `${gw.base}/healthz` }, { connections: 8, duration: SHORT });
      await run({ url: `${gw.base}/wps/v2/wallets/balance`, tokens: [token] }, { duration: SHORT });
      await run(
        {
          url: `${gw.base}/wps/relay/GCSGAME_gameList`,
          method: 'POST',
          bodyTemplate: JSON.stringify({ gameType: 'RNG', pageNo: 1, pageSize: 18 }),
        },
        { duration: SHORT },
      );
      return { freshMs: fresh.readyMs, coldMs: restarts[1], bareMs: bares[1], rssMb: gw.rssMb() };
    } finally {
      await gw.stop();
    }
  } finally {
    database.drop();
  }
}

async function startGateway(buckets) {
  const { started, stop, counters } = await startChildGateway(
    fileURLToPath(import.meta.url),
    { BENCH_DB_URL: DB_URL, BENCH_BUCKETS: String(buckets) },
    { killAfterMs: (SECONDS * (4 * ROUNDS + 6) + 180) * 1000 },
  );
  try {
    const base = `http://127.0.0.1:${started.port}`;
    return { base, tokens: await loginAll(base, started.accounts), stop, statements: counters };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function loginAll(base, accounts, password = 'Passw0rd1') {
  const { CompactEncrypt, importJWK } = await import('jose');
  const jwk = (await (await fetch(`${base}/wps/system/publicKey`)).json()).value;
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  const tokens = [];
  for (const username of accounts) {
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
    tokens.push(body.value.token);
  }
  return tokens;
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  // Unthrottled runs use wrk when it is installed (a C load generator, like pgbench's own client), else
  // autocannon; the paced p99 run needs a request rate, which only autocannon sets.
  const useWrk = wrkAvailable();
  const generator = useWrk ? 'wrk (1 thread)' : 'autocannon (wrk not installed)';
  const checked = (url, r) => {
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return r;
  };
  const cannon = (opts) =>
    autocannon({ connections: 8, duration: SECONDS, ...opts }).then((r) =>
      checked(opts.url, {
        rps: r.requests.average,
        total: r.requests.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      }),
    );
  /** autocannon requests for `spec`: members' tokens in turn, a fresh request id in each body. */
  const cannonRequests = (spec, prefix) => {
    let n = 0;
    return [
      {
        method: spec.method ?? 'GET',
        setupRequest: (req) => {
          n += 1;
          const headers = { 'content-type': 'application/json' };
          if (spec.tokens?.length) headers.authorization = `Bearer ${spec.tokens[n % spec.tokens.length]}`;
          const body = spec.bodyTemplate?.replace('%ID%', `${prefix}${spec.salt}-${n}`);
          return { ...req, headers, ...(body === undefined ? {} : { body }) };
        },
      },
    ];
  };
  /** One unthrottled run of `spec` ({ url, method, bodyTemplate, tokens }): { rps, total, p50, p99 }. */
  const run = async (spec, { connections = 8, duration = SECONDS } = {}) =>
    useWrk
      ? checked(spec.url, await wrkRun({ ...spec, connections, seconds: duration }))
      : cannon({ url: spec.url, connections, duration, requests: cannonRequests(spec, 'a') });
  /** The paced run (autocannon's overallRate): the same requests at a fixed rate. */
  const paced = (spec, rate) =>
    cannon({ url: spec.url, connections: 8, overallRate: rate, requests: cannonRequests(spec, 'p') });
  // A fresh requestId per request, members in turn: what many members' clients do at once.
  const moneyPath = (gw, path, body) => ({
    url: gw.base + path,
    method: 'POST',
    bodyTemplate: JSON.stringify({ ...body, requestId: '%ID%' }),
    tokens: gw.tokens,
    salt: randomBytes(4).toString('hex'),
  });
  const transferPath = (gw) =>
    moneyPath(gw, '/wps/relay/GCS_walletTransfer', {
      action: 'transfer',
      from: 'MAIN',
      to: 'SANDBOX',
      amount: 1,
    });
  const housePath = (gw) => moneyPath(gw, '/dev/wallet/credit', { amount: 1 });

  // The balance read (every page header asks for it) beside the bare route, in the same gateway.
  // Each with the gateway's CPU per request (what other load on the machine moves far less than req/s).
  const readPath = async (gw) => {
    const measured = async (spec) => {
      const before = await gw.statements();
      const cpuBefore = cpuReading();
      const r = await run(spec, { connections: 10, duration: SHORT });
      const cpuAfter = cpuReading();
      const after = await gw.statements();
      r.own = perRequest(before, after, r.total);
      r.cpu = cpuPer(cpuBefore, cpuAfter, r.total);
      return r;
    };
    const bareSpec = { url: `${gw.base}/healthz` };
    // Every member's token in turn, as many members' page headers ask at once.
    const balanceSpec = { url: `${gw.base}/wps/v2/wallets/balance`, tokens: gw.tokens };
    // Unmeasured warm-up of both routes first (JIT, prepared statements on every pooled connection):
    // the figure is the steady state, whether or not the money path ran before (BENCH_ONLY=read).
    for (const spec of [bareSpec, balanceSpec]) await run(spec, { connections: 10, duration: 2 });
    const bare = await measured(bareSpec);
    const balance = await measured(balanceSpec);
    return { bare, balance };
  };
  const f0 = (n) => n.toFixed(0);
  const ms = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  const rps = (r) => r.rps;
  const printRead = ({ bare, balance }) => {
    console.log(
      `\nGET /healthz ${f0(rps(bare))} req/s (p99 ${ms(bare.p99)} ms); GET /wps/v2/wallets/balance ${f0(rps(balance))} req/s (p99 ${ms(balance.p99)} ms)`,
    );
    // CPU of every process per request: with the cores saturated, req/s is about cores / this sum.
    const cpuLine = (r) =>
      `${f0(r.own.cpu)} µs gateway${r.cpu ? ` + ${f0(r.cpu.postgres)} µs PostgreSQL${useWrk ? ` + ${f0(r.cpu.children)} µs wrk` : ''}` : ''}`;
    console.log(`CPU per request: /healthz ${cpuLine(bare)}; balance ${cpuLine(balance)}`);
    console.log(
      `SQL statements per balance read: ${balance.own.statements.toFixed(2)} (the token checks that arrive in one event-loop turn share a statement)`,
    );
    console.log(`balance read ratio ${(rps(balance) / rps(bare)).toFixed(3)}`);
  };
  console.log(`load generator: ${generator}`);
  if (ONLY_READ) {
    console.log('gateway: balance read against the bare route only (BENCH_ONLY=read)...');
    const gw = await startGateway(16);
    try {
      printRead(await readPath(gw));
    } finally {
      await gw.stop();
    }
    return;
  }

  console.log(
    `pgbench tpcb-like on a throw-away database and the gateway (16 house buckets), interleaved: ${ROUNDS} rounds of ${SECONDS} s each at ${CLIENTS.join(' and ')} clients...`,
  );
  const pgbench = openPgbench(DB_URL);
  const gw = await startGateway(16);
  let median;
  let rounds;
  const house16 = {};
  let p99Half;
  let balance;
  let bare;
  try {
    ({ median, byClients: rounds } = await interleavedRounds({
      pgbench,
      clients: CLIENTS,
      rounds: ROUNDS,
      seconds: SECONDS,
      runGateway: async (c) => {
        const before = await gw.statements();
        const r = await run(transferPath(gw), { connections: c });
        const after = await gw.statements();
        return {
          rate: r.rps,
          units: r.total,
          gw: r,
          // The gateway's own statements and CPU per request, and its event-loop use.
          own: {
            ...perRequest(before, after, r.total),
            elu: performance.eventLoopUtilization(after.elu, before.elu).utilization,
          },
        };
      },
    }));
    const max = Math.max(...CLIENTS.map((c) => median(c).gw.rps));
    const half = await paced(transferPath(gw), Math.round(max / 2));
    p99Half = { rate: Math.round(max / 2), achieved: half.rps, p99: half.p99 };
    for (const c of CLIENTS) house16[c] = await run(housePath(gw), { connections: c, duration: SHORT });
    ({ bare, balance } = await readPath(gw));
  } finally {
    await gw.stop();
    pgbench.drop();
  }

  console.log('gateway (1 house bucket): house path...');
  const gw1 = await startGateway(1);
  const house1 = {};
  try {
    for (const c of CLIENTS) house1[c] = await run(housePath(gw1), { connections: c, duration: SHORT });
  } finally {
    await gw1.stop();
  }

  console.log('production gateway (compiled): cold start, then memory under load...');
  const production = await productionFootprint(run);

  console.log(
    `\nwallet bench (PostgreSQL ${new URL(DB_URL).host || DB_URL}, ${SECONDS} s runs, median of ${ROUNDS} interleaved rounds)`,
  );
  console.log(
    'clients  pgbench tps  gateway transfer tps  gateway/pgbench  gateway p50/p99 ms  ratio each round',
  );
  for (const c of CLIENTS) {
    const m = median(c);
    const each = rounds[c].map((r) => (r.gw.rps / r.pg).toFixed(2)).join(' ');
    console.log(
      `${String(c).padEnd(7)}  ${f0(m.pg).padStart(11)}  ${f0(m.gw.rps).padStart(20)}  ${(m.gw.rps / m.pg).toFixed(2).padStart(15)}  ${`${ms(m.gw.p50)}/${ms(m.gw.p99)}`.padStart(18)}  ${each}`,
    );
  }
  console.log(
    `per wallet transfer request at 8 clients (median round): ${median(8).own.statements.toFixed(2)} SQL statements (everything the gateway sent: token check, transfer, funds read, the event dispatcher's share), ${median(8).own.cpu.toFixed(0)} µs gateway CPU; gateway event loop ${(100 * median(8).own.elu).toFixed(0)}% busy`,
  );
  const cost = median(8).cpu;
  if (cost.pgbench && cost.gateway) {
    // Where the ratio comes from: with the cores saturated, tps is about cores / CPU per transaction.
    const pgTotal = cost.pgbench.postgres + cost.pgbench.children;
    const gwTotal = cost.gateway.postgres + median(8).own.cpu + cost.gateway.children;
    console.log(
      `CPU per transaction at 8 clients (median round): pgbench tx ${f0(pgTotal)} µs (PostgreSQL ${f0(cost.pgbench.postgres)} + pgbench ${f0(cost.pgbench.children)}); gateway transfer ${f0(gwTotal)} µs (PostgreSQL ${f0(cost.gateway.postgres)} + gateway ${f0(median(8).own.cpu)} + load generator ${f0(cost.gateway.children)}); pgbench/gateway CPU ${(pgTotal / gwTotal).toFixed(2)}`,
    );
  }
  console.log(
    `gateway p99 at half its max rate (${p99Half.rate} req/s asked, ${f0(p99Half.achieved)} done): ${ms(p99Half.p99)} ms`,
  );
  console.log('\nhouse path (POST /dev/wallet/credit, every request locks an ADJUSTMENTS house row)');
  console.log('clients  1 bucket tps  16 buckets tps');
  for (const c of CLIENTS) {
    console.log(
      `${String(c).padEnd(7)}  ${f0(rps(house1[c])).padStart(12)}  ${f0(rps(house16[c])).padStart(14)}`,
    );
  }
  const g = (h) => (rps(h[8]) / rps(h[2])).toFixed(2);
  console.log(`2 -> 8 clients: 1 bucket x${g(house1)}, 16 buckets x${g(house16)}`);
  printRead({ bare, balance });
  console.log(
    `\nproduction gateway (apps/server/dist, plain node, NODE_ENV=production): spawn to the first /readyz 200 on a fresh database (migrations included) and, median of 3, on the migrated database (a node joining or restarting: the cold start line); resident memory after ${SHORT} s each of /healthz, the balance read and the game list`,
  );
  console.log(`fresh database start ms ${f0(production.freshMs)}`);
  console.log(
    `bare start ms ${f0(production.bareMs)} (the reference, median of 3, alternated with the restarts: node with the same flags, fastify and pg from node_modules, a query, listen, /readyz)`,
  );
  console.log(`cold start / bare start ${(production.coldMs / production.bareMs).toFixed(2)}`);
  console.log(`cold start ms ${f0(production.coldMs)}`);
  console.log(`rss MB ${f0(production.rssMb)}`);
  console.log(`ratio ${(median(8).gw.rps / median(8).pg).toFixed(3)}`);
}
