// Login benchmark (issue 3): logins per second (argon2-bound), sequential and with 4 in flight, and
// the p99 of a token-authenticated call (GET /wps/member/info) beside a bare route (/healthz) in the
// same server, measured with autocannon. Run from the repository root: `node bench/login.mjs`.
//
// The gateway runs in a child process (this file again, with the tsx loader) on loopback, on a fresh
// embedded data dir, or on BENCH_DATABASE_URL / TEST_DATABASE_URL in a throw-away schema. Every loop
// is bounded by time and count; the child is stopped and the data removed at the end.
import './lib/one-line-failure.mjs';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_LOGINS = 5_000;
const ACCOUNT = 'demo01';
const PASSWORD = 'Demo1234';

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();

// --- the gateway (child) ----------------------------------------------------------------------------

async function serve() {
  const { default: pino } = await import('pino');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { prepareDatabase } = await import('../apps/server/src/bootstrap.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { dropSchema } = await import('../apps/server/src/test/test-db.ts');

  const url = process.env.BENCH_DB_URL;
  const schema = url ? `bench_${process.pid}` : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    WEB_DIST: '/nonexistent-web-dist',
    ...(url ? { DATABASE_URL: url } : { DATA_DIR: process.env.BENCH_DATA_DIR }),
  });
  const logger = pino({ level: 'warn' });
  const database = await prepareDatabase(config, logger, schema ? { schema } : {});
  const app = await buildApp({ config, db: database.db, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  process.send({ port, database: database.kind });
  process.on('message', async (msg) => {
    if (msg !== 'stop') return;
    await app.close();
    // autocannon drops its sockets at the deadline; let the handlers it abandoned finish first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    if (url && schema) await dropSchema(url, schema);
    process.exit(0);
  });
}

// --- the load (parent) ------------------------------------------------------------------------------

async function main() {
  const { CompactEncrypt, importJWK } = await import('jose');
  const { default: autocannon } = await import('autocannon');
  const argon2 = await import('@node-rs/argon2');

  const dbUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const dataDir = dbUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'banca-bench-login-'));
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_ROLE: 'server',
      ...(dbUrl ? { BENCH_DB_URL: dbUrl } : { BENCH_DATA_DIR: dataDir }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killTimer = setTimeout(() => child.kill('SIGKILL'), (SECONDS * 6 + 120) * 1000);
  killTimer.unref();

  try {
    const started = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${started.port}`;
    console.log(
      `gateway on ${base} (${started.database}${dbUrl ? ', throw-away schema' : ', fresh data dir'})`,
    );

    const jwk = (await (await fetch(`${base}/wps/system/publicKey`)).json()).value;
    const key = await importJWK(jwk, 'RSA-OAEP-256');
    // The web client encrypts each body; one JWE replayed keeps the client's CPU out of the figure
    // while the server still decrypts it every time.
    const jwe = await new CompactEncrypt(
      new TextEncoder().encode(JSON.stringify({ username: ACCOUNT, password: PASSWORD })),
    )
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
      .encrypt(key);
    const login = async () => {
      const res = await fetch(`${base}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/jose' },
        body: jwe,
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`login answered ${res.status} ${body.code}`);
      return body.value.token;
    };
    const token = await login();

    // Reference for the login figures: argon2id verification alone, in this process.
    const hash = await argon2.hash(PASSWORD, {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    const t0 = performance.now();
    let verifies = 0;
    while (performance.now() - t0 < 2000 && verifies < 500) {
      await argon2.verify(hash, PASSWORD);
      verifies += 1;
    }
    const verifyMs = (performance.now() - t0) / verifies;

    const loginRun = async (concurrency) => {
      const latencies = [];
      const until = performance.now() + SECONDS * 1000;
      const worker = async () => {
        while (performance.now() < until && latencies.length < MAX_LOGINS) {
          const t = performance.now();
          await login();
          latencies.push(performance.now() - t);
        }
      };
      const begun = performance.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      const elapsed = (performance.now() - begun) / 1000;
      latencies.sort((a, b) => a - b);
      const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
      return { perSecond: latencies.length / elapsed, count: latencies.length, p50: pct(50), p99: pct(99) };
    };
    console.log(`logins: ${SECONDS} s sequential, then ${SECONDS} s with 4 in flight...`);
    const seq = await loginRun(1);
    const par = await loginRun(4);

    const cannon = (url, headers) => autocannon({ url, connections: 10, duration: SECONDS, headers });
    console.log(`autocannon: ${SECONDS} s on /healthz, then ${SECONDS} s on /wps/member/info...`);
    const bare = await cannon(`${base}/healthz`, {});
    const authed = await cannon(`${base}/wps/member/info`, { authorization: `Bearer ${token}` });
    for (const [name, r] of [
      ['/healthz', bare],
      ['/wps/member/info', authed],
    ]) {
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    }

    const f1 = (n) => n.toFixed(1);
    const rows = [
      ['argon2id verify (reference, 1 core)', `${f1(1000 / verifyMs)} /s`, `${f1(verifyMs)} ms each`, ''],
      [
        'POST /wps/session/login, sequential',
        `${f1(seq.perSecond)} /s`,
        `p50 ${f1(seq.p50)} ms`,
        `p99 ${f1(seq.p99)} ms`,
      ],
      [
        'POST /wps/session/login, 4 in flight',
        `${f1(par.perSecond)} /s`,
        `p50 ${f1(par.p50)} ms`,
        `p99 ${f1(par.p99)} ms`,
      ],
      [
        'GET /healthz (bare route), 10 conns',
        `${f1(bare.requests.average)} req/s`,
        `p50 ${bare.latency.p50} ms`,
        `p99 ${bare.latency.p99} ms`,
      ],
      [
        'GET /wps/member/info (token), 10 conns',
        `${f1(authed.requests.average)} req/s`,
        `p50 ${authed.latency.p50} ms`,
        `p99 ${authed.latency.p99} ms`,
      ],
    ];
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
    console.log(`\nlogin bench (${started.database}, ${SECONDS} s each, loopback)`);
    for (const r of rows)
      console.log(
        r
          .map((c, i) => c.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      );
    console.log(
      `\ntoken call p99 ${authed.latency.p99} ms vs bare p99 ${bare.latency.p99} ms; ` +
        `logins with 4 in flight ${f1(par.perSecond)}/s vs argon2 alone ${f1(1000 / verifyMs)}/s per core`,
    );
  } finally {
    clearTimeout(killTimer);
    if (child.connected) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    }
    if (child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
