// Shared bench helper (not a benchmark): the gateway as production runs it, the compiled JavaScript
// of `npm run build` (apps/server/dist) under plain node with NODE_ENV=production, on a throw-away
// PostgreSQL database created here, with the node flags of the production command. Gives the time from
// spawn to its first /readyz 200 and its resident memory (Linux /proc), and the same time for a bare
// fastify + pg server, the cold start's reference.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { psql, withDatabase } from './pgbench.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The node flags of the production command (`npm run serve`: apps/server's start script), so the bench
 *  measures the process an operator runs (the old-generation cap among them: docs/operator-guide.md). */
const startFlags = JSON.parse(readFileSync(resolve(root, 'apps/server/package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** The bare server of `startBare`, run from the repository root so node_modules resolve. */
const BARE_SERVER = `
import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
await pool.query('select 1');
const app = Fastify();
app.get('/readyz', async () => ({ ready: true }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
process.on('SIGTERM', async () => { await app.close(); await pool.end(); process.exit(0); });
`;

const freePort = () =>
  new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });

/**
 * A fresh database on the server of `serverUrl` and the compiled gateway (built first from this
 * checkout's source: `npm run build:server`, about a second). `start(env)` spawns a production
 * gateway on it and resolves once /readyz answers 200, with `readyMs` (from spawn), `base`,
 * `rssMb()` and `stop()`; it may be called again after a stop (the database is kept). `drop()`
 * removes the database.
 */
export function productionDatabase(serverUrl) {
  execFileSync(process.execPath, [resolve(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const name = `bench_production_${randomBytes(4).toString('hex')}`;
  psql(serverUrl, `create database ${name}`);
  const databaseUrl = withDatabase(serverUrl, name);

  const start = (env = {}) => spawnUntilReady([resolve(root, 'apps/server/dist/main.js')], env);
  /**
   * The reference for the cold start, in the same run: node with the same flags importing fastify and
   * pg from node_modules, opening a pool, one query, listening and answering /readyz. What the
   * gateway takes beyond it is its own (its modules, building the app, its start-up queries).
   */
  const startBare = () => spawnUntilReady(['--input-type=module', '-e', BARE_SERVER], {});

  const spawnUntilReady = async (args, env) => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const spawned = performance.now();
    const child = spawn(process.execPath, [...startFlags, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((ok) => child.once('exit', ok));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    };
    const deadline = spawned + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the production gateway exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/readyz`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (performance.now() > deadline) {
        await stop();
        throw new Error('the production gateway was not ready within 120 s');
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - spawned;
    const rssMb = () => {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return Number(kb) / 1024;
    };
    return { readyMs, base, rssMb, stop };
  };
  return {
    start,
    startBare,
    drop: () => psql(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
