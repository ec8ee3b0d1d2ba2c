// bench/backoffice: the back-office login page's first load, measured in the browser. Builds the
// back-office app and the gateway (skip with --no-build), starts the compiled gateway on a free port
// (embedded database, NODE_ENV=production, so no demo content), opens /backoffice/login in Debian
// Chromium (fresh profile, cache disabled, 1366x900) until the network is idle, and prints every JS
// file it fetched with its bytes on the wire and as gzip -9, then the gzipped JS total beside the
// 150 KB budget (issue 23). Last line: `login page JS gz KB <n> (budget 150)`. Exit 1 over budget.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import './lib/one-line-failure.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 150;
const kb = (n) => (n / 1024).toFixed(1);

const freePort = () =>
  new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });

if (!process.argv.includes('--no-build')) {
  execSync('npm run build -w @banca/backoffice && npm run build:server', {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
for (const need of ['apps/server/dist/main.js', 'apps/backoffice/dist/index.html']) {
  if (!existsSync(join(root, need)))
    throw new Error(`no ${need}: run \`npm run build\` (or drop --no-build)`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'banca-bench-backoffice-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server not ready within 90 s');
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const rows = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const finished = [];
    page.on('requestfinished', (request) => finished.push(request));
    await page.goto(`${url}/backoffice/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const request of finished) {
      const response = await request.response();
      const path = new URL(request.url()).pathname;
      if (!response || !path.endsWith('.js')) continue;
      const body = await response.body();
      rows.push({
        path,
        wire: (await request.sizes()).responseBodySize,
        encoding: response.headers()['content-encoding'] ?? 'identity',
        gz: gzipSync(body, { level: 9 }).length,
      });
    }
  } finally {
    await browser.close();
  }

  console.log('back-office login page, first load (1366x900, cache disabled, until network idle)');
  console.log(`  ${'wire'.padStart(9)}  ${'gzip -9'.padStart(9)}  encoding  file`);
  for (const r of rows) {
    console.log(
      `  ${`${kb(r.wire)} KB`.padStart(9)}  ${`${kb(r.gz)} KB`.padStart(9)}  ${r.encoding.padEnd(8)}  ${r.path}`,
    );
  }
  const total = rows.reduce((sum, r) => sum + r.gz, 0);
  console.log(`login page JS gz KB ${kb(total)} (budget ${BUDGET_KB})`);
  if (total > BUDGET_KB * 1024) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((ok) => {
    if (server.exitCode !== null) return ok();
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.on('exit', () => {
      clearTimeout(timer);
      ok();
    });
  });
  rmSync(dataDir, { recursive: true, force: true });
}
