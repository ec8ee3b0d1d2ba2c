// Starts the real server (its compiled build, apps/server/dist) on a fresh database with the built
// SPA, waits until it is ready, runs the Playwright suite in Debian Chromium against it, then stops the
// server and removes the database. The suite runs in two passes (see `passes` below): the journeys
// that work on data of their own in parallel, then those that change the whole site, alone.
// Exit code: Playwright's (the first failing pass's). Arguments are passed to `playwright test`.
//
// The database is a temporary PGlite data folder, or, with E2E_DATABASE_URL (a PostgreSQL server URL
// whose user may create databases), a throwaway database created on that server, seeded with the demo
// content through SEED_DEMO=true, and dropped afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Catalogues imported into every e2e database besides the demo one: e2e/fixtures/catalogue-paging.json
 * is one test vendor with 40 RNG games (generated art), so the game list pages to its last page on
 * real data (18 + 18 + 4). Test data, never part of the demo seed: nothing can launch these games.
 */
const FIXTURE_CATALOGUES = ['e2e/fixtures/catalogue-paging.json'];

const freePort = () =>
  new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });

const waitReady = async (url, server, seconds) => {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready within ${seconds} s`);
};

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE need no transaction). */
const onServer = async (url, statement) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/**
 * The gateway under test is the production build (`npm run build`: compiled JavaScript under plain
 * node, no TypeScript loader), so the suite proves what operators run. Its NODE_ENV stays `test`: the
 * journeys need the sandbox providers and /dev endpoints, which production does not have.
 */
const SERVER_DIST = join(root, 'apps/server/dist');
if (!existsSync(join(SERVER_DIST, 'main.js'))) {
  console.error(
    'e2e: no compiled gateway in apps/server/dist: run `npm run build` first (npm run test:e2e does)',
  );
  process.exit(1);
}

const serverUrl = process.env.E2E_DATABASE_URL || undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'banca-e2e-'));
let databaseUrl = '';
let databaseName;
if (serverUrl) {
  databaseName = `banca_e2e_${randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, `create database ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  console.log(`e2e on PostgreSQL: database ${databaseName} on ${url.host}`);
}
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const operatorToken = randomBytes(24).toString('hex');

const serverEnv = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SEED_DEMO: 'true',
  OPERATOR_TOKEN: operatorToken,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // The browser reaches the server over loopback; trusting that hop lets a journey present another
  // client address with X-Forwarded-For (a login from a new IP). Requests without the header keep
  // the socket address, so the region-blocking journey still sees 127.0.0.1.
  TRUST_PROXY: '127.0.0.0/8,::1',
  // The lottery journey owns its schedule (e2e/tests/lottery.spec.ts): its table draws every 600 s,
  // so a period it skipped into has minutes of betting ahead, and POST /dev/lottery/draw brings the
  // draw when the journey asks; the draw loop runs every 2 s (it is off by default under
  // NODE_ENV=test).
  LOTTERY_PERIOD_SECONDS: 'HOUSE_5D=600',
  LOTTERY_TICK_SECONDS: '2',
  // The agent contracts' journeys settle by the schedule (e2e/tests/agent-contracts.spec.ts,
  // agent-salaries.spec.ts): daily wages and dividends, and hourly and real-time salaries, every 10 s
  // (the config's minimum; the scheduler then ticks every 10 s), and POST /dev/agent-contracts/clock
  // puts a journey's own contract a day (an hour) ahead, so the next run pays its today (this hour).
  // Every other contract and job keeps the real clock.
  AGENT_SETTLEMENT_SECONDS: '10',
  AGENT_SALARY_SETTLEMENT_SECONDS: '10',
};

// Fixture catalogues go in through the operator's import command before the gateway opens the
// database (an embedded data folder has one user at a time); the demo seed adds its own at start.
for (const fixture of FIXTURE_CATALOGUES) {
  const { status } = spawnSync(process.execPath, [join(SERVER_DIST, 'catalogue-import-cli.js'), fixture], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (status !== 0) {
    console.error(`e2e: importing ${fixture} failed (${status})`);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) await onServer(serverUrl, `drop database if exists ${databaseName} with (force)`);
    process.exit(1);
  }
}

const server = spawn(process.execPath, [join(SERVER_DIST, 'main.js')], {
  cwd: root,
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
});

/**
 * The suite in two passes against this one server (e2e/playwright.config.ts): first every journey
 * that works on data of its own, over the config's workers (E2E_WORKERS, one by default), then the
 * journeys that change what the whole site shows (maintenance, region rules, the back office's settings and
 * content, site-wide figures asserted exactly) one after another with nothing beside them. The second
 * pass runs even when the first failed, so one run reports every failure; the exit code is the first
 * failure's. Arguments given with a --project of their own run as given, in one pass. A pass whose
 * filter matches none of its tests passes (`node e2e/run.mjs tests/status.spec.ts` runs one pass).
 */
const userArgs = process.argv.slice(2);
const passes = userArgs.some((a) => a === '--project' || a.startsWith('--project='))
  ? [{ name: '', args: [] }]
  : [
      { name: 'parallel', args: ['--project=phone', '--project=desktop', '--pass-with-no-tests'] },
      {
        name: 'site-wide',
        args: ['--project=phone-site', '--project=desktop-site', '--workers=1', '--pass-with-no-tests'],
      },
    ];
// Playwright empties its output folder when it starts: each pass keeps its failures' traces in its own.
const outputDir = process.env.E2E_OUTPUT_DIR ?? join(root, 'e2e/.artifacts/results');
/**
 * The sandbox vendor's secret, rotated once here for the whole run and handed to the journeys that
 * sign its wallet calls (sandboxVendor in e2e/tests/support.ts): a rotation per journey would refuse
 * the calls of a journey running beside it (a node reads a rotation only when its secrets cache of a
 * few seconds expires).
 */
const sandboxSecret = async () => {
  const res = await fetch(`${baseURL}/dev/vendor/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ vendor: 'SANDBOX' }),
  });
  if (!res.ok) throw new Error(`/dev/vendor/credentials answered ${res.status}`);
  return (await res.json()).value.secret;
};

let code = 0;
try {
  await waitReady(baseURL, server, 90);
  const runnerEnv = {
    ...process.env,
    E2E_BASE_URL: baseURL,
    E2E_OPERATOR_TOKEN: operatorToken,
    E2E_SANDBOX_SECRET: await sandboxSecret(),
    // One run id for both passes (the journeys' client addresses derive from it).
    E2E_RUN_ID: process.env.E2E_RUN_ID ?? randomBytes(6).toString('hex'),
  };
  for (const pass of passes) {
    const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...pass.args, ...userArgs];
    const env = { ...runnerEnv, E2E_OUTPUT_DIR: join(outputDir, pass.name) };
    const runner = spawn('npx', args, { cwd: root, env, stdio: 'inherit' });
    const passCode = await new Promise((ok) => runner.on('exit', (c) => ok(c ?? 1)));
    if (code === 0) code = passCode;
  }
} catch (error) {
  code = 1;
  console.error(`e2e: ${error.message}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((ok) => {
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      ok();
    }, 10_000);
    server.on('exit', () => {
      clearTimeout(timer);
      ok();
    });
    if (server.exitCode !== null) ok();
  });
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) {
    await onServer(serverUrl, `drop database if exists ${databaseName} with (force)`).catch((error) =>
      console.error(`e2e: could not drop ${databaseName}: ${error.message}`),
    );
  }
}
process.exit(code);
