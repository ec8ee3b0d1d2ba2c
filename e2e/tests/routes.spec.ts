import { expect, test, type Page } from '@playwright/test';
import { isPhone, shot, t } from './support';

/** Every route of spec section 2 and its layout: main (side menu, header, footer), agent, game. */
type Layout = 'main' | 'agent' | 'game' | 'game-no-footer';
const publicRoutes: [string, Layout][] = [
  ['/', 'main'],
  ['/index', 'main'],
  ['/index.html', 'main'],
  ['/home', 'main'],
  ['/help', 'main'],
  ['/sports', 'main'],
  ['/esports', 'main'],
  ['/lott', 'main'],
  ['/elott', 'main'],
  ['/live', 'main'],
  ['/fish', 'main'],
  ['/rng', 'main'],
  ['/rng?vassalage=PG', 'main'],
  ['/pvp', 'main'],
  ['/promotions', 'main'],
  ['/pointMall', 'main'],
  ['/agent', 'agent'],
  ['/seamless', 'game-no-footer'],
  ['/lottert', 'game-no-footer'],
  ['/vnlottery', 'game-no-footer'],
  ['/sealottery', 'game-no-footer'],
];
const loginRoutes = ['/member', '/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery'];

const expectLayout = async (page: Page, layout: Layout, phone: boolean) => {
  const main = page.getByRole('main');
  await expect(main).toBeVisible();
  const header = page.getByRole('banner');
  const footer = page.getByRole('contentinfo');
  const sideMenu = page.getByRole('navigation', { name: t('PT', 'sideMenu.label') });
  if (layout === 'main') {
    await expect(header).toBeVisible();
    await expect(footer).toBeAttached();
    // On phones the side menu is a drawer behind the menu button; on desktop it is always shown.
    if (phone) await expect(page.getByRole('button', { name: t('PT', 'header.openMenu') })).toBeVisible();
    else await expect(sideMenu).toBeVisible();
  } else if (layout === 'agent') {
    await expect(header).toHaveCount(0);
    await expect(footer).toHaveCount(0);
    await expect(sideMenu).toHaveCount(0);
  } else {
    await expect(sideMenu).toHaveCount(0);
    await expect(footer).toHaveCount(layout === 'game' ? 1 : 0);
  }
};

test.describe('routes and layouts', () => {
  // One journey through every route (a step each) in one browser context: the layouts are one rule
  // applied many times, and a fresh context per route only re-downloaded the same app.
  test('every public route renders its layout, with nothing wider than the screen', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    for (const [path, layout] of publicRoutes) {
      await test.step(`${path} renders the ${layout} layout`, async () => {
        await page.goto(path);
        await expectLayout(page, layout, isPhone(info));
        // The loading cover is gone once the route has rendered.
        await expect(page.locator('.loading-cover, [data-loading-cover]')).toHaveCount(0);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/[.?]/g, '\\$&')}$`));
        // Nothing wider than the screen: a phone must never scroll sideways.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      });
    }
  });

  test('every members-only route without a token goes to /login and opens the login popup over home', async ({
    page,
  }) => {
    for (const path of loginRoutes) {
      await test.step(path, async () => {
        await page.goto(path);
        // The asked path rides along, so the login lands there (issue 25).
        await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
        const dialog = page.getByRole('dialog', { name: t('PT', 'auth.loginTitle') });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByLabel(t('PT', 'auth.username'))).toBeVisible();
      });
    }
  });

  test('/agentHome without a session goes to the agent landing with its login form', async ({ page }) => {
    await page.goto('/agentHome');
    await expect(page).toHaveURL(/\/agent$/);
    await expectLayout(page, 'agent', false);
  });

  test('/register opens the registration modal over home', async ({ page }, info) => {
    await page.goto('/register');
    await expect(page.getByRole('dialog', { name: t('PT', 'auth.registerTitle') })).toBeVisible();
    await shot(page, info, 'register');
  });

  test('/help#term opens the help centre on the terms article', async ({ page }, info) => {
    await page.goto('/help#term');
    const dialog = page.getByRole('dialog', { name: t('PT', 'help.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /termos/i })).toBeVisible();
    await shot(page, info, 'help-term');
  });

  test('an unknown route shows the 404 page inside the main layout', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: t('PT', 'system.notFoundTitle') })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: t('PT', 'common.backHome') }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown API path answers the 404 envelope', async ({ request }) => {
    const res = await request.get('/wps/no/such/call');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});

test.describe('navigation behaviour', () => {
  test('a modal locks page scrolling while open and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('PT', 'header.login') })
      .click();
    const dialog = page.getByRole('dialog', { name: t('PT', 'auth.loginTitle') });
    await expect(dialog).toBeVisible();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('the page scrolls to top when the route changes', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    // Scroll inside the poll: start-up may still be laying out (or resetting scroll) when the
    // first scroll lands, so one scroll alone can be undone before it is read back.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(0);
    await footer.getByRole('link', { name: t('PT', 'category.LIVE') }).click();
    await expect(page).toHaveURL(/\/live$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
