// Screenshots and an axe-core check of every back-office screen (issue 23): login, enrolment (QR),
// recovery codes, the shell with its operator menu, and each page, at desktop 1366x900 and tablet
// 820x1180, in PT and EN, dark and light. Starts the compiled gateway (run `npm run build` first) on
// a throw-away embedded database, creates an admin with a bootstrap token, enrols it through the UI
// (the TOTP code computed from the key the page shows), then walks the screens.
// Usage: node scripts/backoffice-shots.mjs [out-dir]   (default /work/shots/backoffice)
// Prints one line per screen with its axe violations; exit 1 when any screen has one.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? '/work/shots/backoffice');
mkdirSync(out, { recursive: true });
if (!existsSync(join(root, 'apps/server/dist/main.js')) || !existsSync(join(root, 'apps/backoffice/dist'))) {
  console.error('run `npm run build` first');
  process.exit(1);
}

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, tablet: { width: 820, height: 1180 } };
const LANGS = ['pt', 'en'];
const THEMES = ['dark', 'light'];
const combos = Object.entries(VIEWPORTS).flatMap(([device, viewport]) =>
  LANGS.flatMap((lang) => THEMES.map((theme) => ({ device, viewport, lang, theme }))),
);
const code = (secret) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

const freePort = () =>
  new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });

const dataDir = mkdtempSync(join(tmpdir(), 'banca-shots-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const token = randomBytes(24).toString('hex');
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    OPERATOR_TOKEN: token,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const problems = [];
async function check(page, name) {
  await page.screenshot({ path: join(out, `${name}.png`), animations: 'disabled' });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  console.log(`${name}: ${found.length === 0 ? 'axe clean' : found.join('; ')}`);
  if (found.length > 0) problems.push(name);
}

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (i > 360) throw new Error('server not ready');
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const api = (path, init = {}) =>
    fetch(base + path, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(init.headers ?? {}),
      },
    });
  const username = 'ana.admin';
  const password = 'shots-password-123';
  await api('/ops/operators', {
    method: 'POST',
    body: JSON.stringify({ username, password, role: 'admin' }),
  });
  // Something to show on the pages: maintenance on with an end time, a region rule.
  await api('/ops/system/maintenance', {
    method: 'PUT',
    body: JSON.stringify({ enabled: true, endTime: '2031-05-04T15:30:00Z' }),
  });
  await api('/ops/system/region', {
    method: 'PUT',
    body: JSON.stringify({
      blockedCountries: ['US', 'FR'],
      blockedIpRanges: ['203.0.113.0/24'],
      allowedIpRanges: [],
    }),
  });

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const prefs = ({ lang, theme }) => `
    localStorage.setItem('banca.backoffice.lang', '${lang}');
    localStorage.setItem('banca.backoffice.theme', '${theme}');`;

  // 1. The login page, logged out.
  for (const c of combos) {
    const context = await browser.newContext({ viewport: c.viewport, bypassCSP: true });
    await context.addInitScript(prefs(c));
    const page = await context.newPage();
    await page.goto(`${base}/backoffice/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check(page, `login-${c.device}-${c.lang}-${c.theme}`);
    await context.close();
  }

  // 2. Enrolment with its QR code, then the recovery codes, in one session.
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${base}/backoffice/login`);
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByTestId('totp-secret').waitFor();
  for (const c of combos) {
    await page.setViewportSize(c.viewport);
    await page.locator('.prefs select').selectOption(c.lang);
    const current = await page.evaluate(() => document.documentElement.dataset.theme);
    if (current !== c.theme) await page.locator('.prefs button').click();
    await check(page, `enrol-${c.device}-${c.lang}-${c.theme}`);
  }
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.locator('input[name="code"]').fill(code(secret));
  await page.locator('form button[type="submit"]').click();
  await page.locator('ol.codes').waitFor();
  await check(page, 'recovery-codes-desktop');
  await page.locator('.auth__card button.btn--primary').click();
  await page.locator('nav#side-nav').waitFor({ state: 'attached' });

  // 3. The shell and each page, logged in (the cookie stays in this context).
  const pages = ['maintenance', 'withdrawals', 'audit'];
  for (const c of combos) {
    await page.setViewportSize(c.viewport);
    await page.evaluate(prefs(c));
    for (const p of pages) {
      await page.goto(`${base}/backoffice/${p}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `${p}-${c.device}-${c.lang}-${c.theme}`);
    }
    // The operator menu open (theme, language, logout).
    await page.locator('.opmenu summary').click();
    await check(page, `shell-menu-${c.device}-${c.lang}-${c.theme}`);
    await page.locator('.opmenu summary').click();
    if (c.device === 'tablet') {
      await page.locator('.topbar__menu').click();
      await page.waitForTimeout(300); // the drawer's slide, for the picture only
      await check(page, `shell-nav-${c.device}-${c.lang}-${c.theme}`);
    }
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((ok) => (server.exitCode !== null ? ok() : server.on('exit', ok)));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `screenshots in ${out}; ${problems.length === 0 ? 'axe clean everywhere' : `axe violations: ${problems.join(', ')}`}`,
);
if (problems.length > 0) process.exitCode = 1;
