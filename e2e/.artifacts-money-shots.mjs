// One-off screenshots of the changed screens (not a test): a running gateway at BASE.
import { chromium } from 'playwright-core';
const BASE = process.env.BASE ?? 'http://127.0.0.1:8391';
const OUT = '/work/shots/money';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
async function ctx(size, lang, theme) {
  const c = await browser.newContext({ viewport: sizes[size], baseURL: BASE, locale: lang === 'PT' ? 'pt-BR' : 'en-US' });
  await c.addInitScript(([l, th]) => { localStorage.setItem('banca.language', l); localStorage.setItem('banca.theme', th); }, [lang, theme]);
  return c;
}
const U = { PT: 'Usuário', EN: 'Username' };
async function agentLogin(page, lang, user) {
  await page.goto('/agent');
  const form = page.locator('form').first();
  await form.getByLabel(lang === 'PT' ? /usu[aá]rio/i : /username/i).first().fill(user);
  await form.getByLabel(lang === 'PT' ? /^senha$/i : /^password$/i).first().fill('Demo1234');
  await form.getByRole('button').last().click();
  await page.waitForURL(/agentHome/, { timeout: 30000 });
}
const jobs = [];
for (const [size, lang, theme] of [['desktop', 'PT', 'dark'], ['phone', 'EN', 'light'], ['phone', 'PT', 'dark'], ['desktop', 'EN', 'light']]) {
  const c = await ctx(size, lang, theme);
  const page = await c.newPage();
  const tag = `${size}-${lang}-${theme}`;
  try {
    await agentLogin(page, lang, 'agent01');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/agent-header-balance-${tag}.png` });
    console.log('title', tag, await page.title());
    for (const p of ['favorite']) {
      await page.goto(`/${p}`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${OUT}/favourites-empty-${tag}.png` });
      console.log('title', tag, await page.title());
    }
    await page.goto('/member?page=depositv2');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/deposit-placeholder-${tag}.png` });
    await page.goto('/member?page=transferUpline');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/transfer-upline-${tag}.png` });
    await page.goto('/member?page=withdraw');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/withdraw-not-ready-${tag}.png` });
    console.log('title', tag, await page.title());
    await page.goto('/member?page=personalHistoryCopy&status=CANCELLED');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/records-empty-filtered-${tag}.png` });
    await page.goto('/member?page=personalHistoryCopy');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/records-empty-${tag}.png` });
  } catch (e) { console.log('fail', tag, e.message); await page.screenshot({ path: `${OUT}/fail-${tag}.png` }); }
  await c.close();
}
await browser.close();
