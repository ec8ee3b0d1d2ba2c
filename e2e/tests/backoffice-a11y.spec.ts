import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { backofficeLogin, isPhone } from './support';

/**
 * The back office's every page through axe, as an admin (who sees them all) meets them: in the dark
 * theme and English on a phone, the light theme and Portuguese (the default) on a desktop. One
 * journey, not a test per page: the login (password, then TOTP enrolment) is most of its cost. It
 * only reads, so it runs beside the other journeys.
 */
// axe-core is injected into the page; the app's strict CSP would refuse it otherwise.
test.use({ bypassCSP: true });

const PAGES = [
  '/',
  '/dashboard',
  '/members',
  '/agents',
  '/contracts',
  '/deposits',
  '/withdrawals',
  '/adjustments',
  '/catalogue',
  '/help',
  '/customer-service',
  '/banners',
  '/messages',
  '/maintenance',
  '/platform',
  '/events',
  '/operators',
  '/audit',
] as const;

/** Every axe violation as "page rule (impact): targets" lines, once the page has loaded its data. */
async function violationsOf(page: Page, path: string): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The shell's and a page's loading states are a status with a spinner; judge what follows them.
  await expect(page.locator('.splash')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${path} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test('every back-office page has no accessibility violations (dark and English on phones, light and Portuguese on desktops)', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const theme = isPhone(info) ? 'dark' : 'light';
  await page.addInitScript((value) => localStorage.setItem('banca.backoffice.theme', value), theme);
  await backofficeLogin(page);
  // The login speaks Portuguese (the helper's labels); the pages after it, the project's language.
  const lang = isPhone(info) ? 'en' : 'pt';
  await page.evaluate((value) => localStorage.setItem('banca.backoffice.lang', value), lang);
  const found: string[] = [];
  for (const path of PAGES) {
    await page.goto(`/backoffice${path === '/' ? '' : path}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'pt' ? 'pt-BR' : 'en');
    found.push(...(await violationsOf(page, path)));
  }
  // A member's profile, reached as an operator reaches it: the first row of the members list.
  await page.goto('/backoffice/members');
  await page.locator('main a[href*="/members/"]').first().click();
  await expect(page).toHaveURL(/\/backoffice\/members\/\d+/);
  found.push(...(await violationsOf(page, '/members/:id')));
  expect(found).toEqual([]);
});
