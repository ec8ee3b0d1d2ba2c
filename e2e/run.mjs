// Starts the real server on a fresh embedded database (a temporary PGlite data folder) with the built
// SPA, waits until it is ready, runs the Playwright suite in Debian Chromium against it, then stops
// the server and removes the data folder. Exit code: Playwright's.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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

const dataDir = mkdtempSync(join(tmpdir(), 'banca-e2e-'));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const operatorToken = randomBytes(24).toString('hex');

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    OPERATOR_TOKEN: operatorToken,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let code = 1;
try {
  await waitReady(baseURL, server, 90);
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)];
  const runner = spawn('npx', args, {
    cwd: root,
    env: { ...process.env, E2E_BASE_URL: baseURL, E2E_OPERATOR_TOKEN: operatorToken },
    stdio: 'inherit',
  });
  code = await new Promise((ok) => runner.on('exit', (c) => ok(c ?? 1)));
} catch (error) {
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
}
process.exit(code);
