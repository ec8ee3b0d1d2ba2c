// bench/web: a first visit to `/` on a phone, measured the browser's way. Builds the web app and the
// gateway, starts the compiled gateway on a free port (embedded database, demo content,
// NODE_ENV=production), then:
//   1. opens `/` in Debian Chromium (fresh profile, cache disabled, 390x844 phone) and waits for the
//      network to go idle; prints every JS and CSS response with its bytes on the wire (encoded body)
//      and decoded, the API calls made before idle, and the JS total against the 120 KB budget (also as
//      gzip -9 and brotli of the same files, whatever encoding the browser was sent);
//   2. runs Lighthouse (mobile profile, simulated Slow 4G and 4x CPU) and prints the performance score,
//      FCP, LCP, TBT and CLS against the goals (score >= 95, CLS < 0.05); the median run of several.
//      The 4x CPU slowdown assumes a high-end desktop host (Lighthouse benchmarkIndex 1500-2000) and
//      lands it on a mid-tier phone (~400). On a slower or busy host (a shared 2-core machine scores
//      300-900) 4x emulates a far weaker phone than intended, and TBT balloons: the bench prints the
//      host's benchmarkIndex and, below 1300, runs again with the slowdown Lighthouse's throttling
//      guide calibrates to (benchmarkIndex / 400, between 1 and 4): the same mid-tier phone target.
// Flags: --no-build (use apps/web/dist and apps/server/dist as they are), --no-lighthouse.
// WEB_BENCH_RUNS sets the Lighthouse runs (default 3). A Lighthouse run that fails (e.g. NO_NAVSTART
// on a busy host) is run again, up to LIGHTHOUSE_RETRIES (2) more times; the bench prints how many
// runs it used. Any failure ends the bench with a one-line reason and exit code 1, not a stack trace.
// Lighthouse is fetched by npx at a pinned version; it downloads no browser.
import { execFileSync, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import './lib/one-line-failure.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@13.5.0';
const JS_BUDGET = 120 * 1024;
const GOALS = { score: 95, cls: 0.05 };
const runs = Number(process.env.WEB_BENCH_RUNS ?? 3);
const LIGHTHOUSE_RETRIES = 2;
const args = new Set(process.argv.slice(2));

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => `${(n / 1000).toFixed(2)} s`;

const freePort = () =>
  new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'banca-bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
    throw new Error('no compiled gateway in apps/server/dist: run `npm run build` (or drop --no-build)');
  }
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
  const stop = async () => {
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
  };
  return { url, stop };
}

/** Every response of a first visit to `/` until the network is idle (500 ms with no request). */
async function firstVisit(url) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    // A new context is a fresh profile: no cache, no storage, no cookies.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'pt-BR',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = [];
    page.on('requestfinished', (request) => responses.push(request));
    await page.goto(url, { waitUntil: 'networkidle' });
    const rows = [];
    for (const request of responses) {
      const response = await request.response();
      if (!response) continue;
      const sizes = await request.sizes();
      const body = await response.body().catch(() => Buffer.alloc(0));
      rows.push({
        path: new URL(request.url()).pathname,
        type: request.resourceType(),
        encoding: response.headers()['content-encoding'] ?? 'identity',
        wire: sizes.responseBodySize,
        decoded: body.length,
        body,
      });
    }
    return { rows, acceptEncoding: (await responses[0]?.allHeaders())?.['accept-encoding'] ?? '?' };
  } finally {
    await browser.close();
  }
}

function printVisit({ rows, acceptEncoding }) {
  const isJs = (r) => r.path.endsWith('.js');
  const isCss = (r) => r.path.endsWith('.css');
  const gz = (b) => gzipSync(b, { level: 9 }).length;
  const br = (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(
    `first visit to / (phone, cache disabled, until network idle; Accept-Encoding: ${acceptEncoding})`,
  );
  console.log(`  ${'wire'.padStart(9)}  ${'decoded'.padStart(9)}  encoding  file`);
  const total = { js: 0, jsDecoded: 0, jsGzip: 0, jsBrotli: 0, css: 0, all: 0 };
  for (const r of rows) {
    total.all += r.wire;
    if (!isJs(r) && !isCss(r)) continue;
    console.log(
      `  ${kb(r.wire).padStart(9)}  ${kb(r.decoded).padStart(9)}  ${r.encoding.padEnd(8)}  ${r.path}`,
    );
    if (isCss(r)) total.css += r.wire;
    if (!isJs(r)) continue;
    total.js += r.wire;
    total.jsDecoded += r.decoded;
    total.jsGzip += gz(r.body);
    total.jsBrotli += br(r.body);
  }
  const verdict = (n) => (n <= JS_BUDGET ? 'within budget' : 'OVER BUDGET');
  const count = rows.filter(isJs).length;
  console.log(
    `  JS on the wire  ${kb(total.js).padStart(9)}  (${count} files, ${kb(total.jsDecoded)} decoded)   budget ${kb(JS_BUDGET)}   ${verdict(total.js)}`,
  );
  console.log(
    `  JS as gzip -9   ${kb(total.jsGzip).padStart(9)}   ${verdict(total.jsGzip)};  as brotli ${kb(total.jsBrotli)}`,
  );
  console.log(`  CSS on the wire ${kb(total.css).padStart(9)}`);
  const api = rows.filter((r) => /^\/(wps|lgw)\//.test(r.path));
  console.log(
    `  API calls before idle: ${api.length}${api.length ? ` (${api.map((r) => r.path).join(', ')})` : ''}`,
  );
  console.log(`  everything on the wire ${kb(total.all)} in ${rows.length} responses`);
}

/** The first line of why a Lighthouse run failed (its own output has the details, on stderr). */
const failure = (err) =>
  err.status !== undefined && err.status !== null ? `exit ${err.status}` : String(err.message).split('\n')[0];

/** One Lighthouse run into `out`; throws when it fails or its report carries a runtime error. */
function lighthouseRun(url, out, cpuSlowdown) {
  execFileSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.runtimeError?.code) throw new Error(`runtime error ${report.runtimeError.code}`);
  if (typeof report.categories?.performance?.score !== 'number') throw new Error('no performance score');
  return report;
}

/** `runs` Lighthouse results, each run retried up to LIGHTHOUSE_RETRIES times; and the runs used. */
function lighthouse(url, cpuSlowdown = 4) {
  const outDir = mkdtempSync(join(tmpdir(), 'banca-lh-'));
  const results = [];
  let used = 0;
  try {
    for (let i = 0; i < runs; i += 1) {
      const out = join(outDir, `run-${i}.json`);
      let report;
      for (let attempt = 0; !report; attempt += 1) {
        used += 1;
        try {
          report = lighthouseRun(url, out, cpuSlowdown);
        } catch (err) {
          const why = err instanceof SyntaxError ? 'unreadable report' : failure(err);
          if (attempt >= LIGHTHOUSE_RETRIES) {
            throw new Error(`Lighthouse run ${i + 1} failed ${attempt + 1} times (last: ${why})`, {
              cause: err,
            });
          }
          console.log(`  Lighthouse run ${i + 1} failed (${why}); running it again`);
        }
      }
      const audit = (id) => report.audits[id]?.numericValue ?? NaN;
      results.push({
        score: Math.round(report.categories.performance.score * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        unusedJs: report.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0,
        benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
      });
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return { results, used };
}

const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function printLighthouse({ results, used }, cpuSlowdown) {
  const sorted = [...results].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor(sorted.length / 2)];
  const host = Math.round(medianOf(results.map((r) => r.benchmarkIndex)));
  console.log(
    `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile (simulated Slow 4G, ${cpuSlowdown}x CPU), / — median of ${results.length}; host benchmarkIndex ${host}`,
  );
  console.log(
    `  runs: ${results.map((r) => r.score).join(', ')} (${used} Lighthouse run${used === 1 ? '' : 's'} used for ${results.length})`,
  );
  console.log(
    `  performance ${median.score}   goal >= ${GOALS.score}   ${median.score >= GOALS.score ? 'met' : 'NOT MET'}`,
  );
  console.log(`  FCP ${ms(median.fcp)}   LCP ${ms(median.lcp)}   TBT ${Math.round(median.tbt)} ms`);
  console.log(
    `  CLS ${median.cls.toFixed(3)}   goal < ${GOALS.cls}   ${median.cls < GOALS.cls ? 'met' : 'NOT MET'}`,
  );
  console.log(`  unused JS ${kb(median.unusedJs)}`);
}

async function main() {
  if (!args.has('--no-build')) {
    // The site and the compiled gateway (production runs apps/server/dist with plain node).
    execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const server = await startServer();
  try {
    printVisit(await firstVisit(`${server.url}/`));
    if (!args.has('--no-lighthouse') && runs > 0) {
      const standard = lighthouse(`${server.url}/`);
      printLighthouse(standard, 4);
      const host = medianOf(standard.results.map((r) => r.benchmarkIndex));
      if (host < 1300) {
        const calibrated = Math.min(4, Math.max(1, Math.round((host / 400) * 10) / 10));
        console.log(`  host slower than Lighthouse's 4x assumes: again with the calibrated ${calibrated}x`);
        printLighthouse(lighthouse(`${server.url}/`, calibrated), calibrated);
      }
    }
  } finally {
    await server.stop();
  }
}

await main();
