import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { langOf, registerDialog, useLanguage } from './auth-support';
import { fromOwnAddress, isPhone, shot, t } from './support';

// axe-core is injected into the page; the app's strict CSP would refuse it otherwise.
test.use({ bypassCSP: true });
// Each test stands alone (a page of its own, nothing shared): the workers share them out.
test.describe.configure({ mode: 'parallel' });

/** Every axe violation, whatever its impact, as "rule: targets" lines (empty when clean). */
const violations = async (page: Page) => {
  // A modal fading or sliding in has colours in between: judge the page once it has settled.
  // (Endless ones, the notice marquee and spinners, never finish: their colours do not change.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
};

/** The pages a newcomer meets first, each with what shows it has rendered. */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeAttached();
      // The lobby with its tiles and the carousel.
      await expect(
        page.getByRole('main').locator('.game-tile:not(.game-tile--skeleton)').first(),
      ).toBeVisible();
      await expect(page.locator('.carousel__slide').first()).toBeVisible();
    },
  },
  {
    name: 'register',
    path: '/register',
    ready: async (page) => {
      // The form and its captcha image, loaded.
      await expect(page.getByRole('dialog').locator('.captcha__image img')).toBeVisible();
    },
  },
  {
    name: 'login',
    path: '/login',
    ready: async (page) => {
      await expect(page.getByRole('dialog').getByRole('button', { name: /./ }).first()).toBeVisible();
    },
  },
  {
    name: 'terms',
    path: '/help#term',
    ready: async (page) => {
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      // The help modal with its article loaded, not its loading skeleton.
      await expect(page.getByRole('dialog').getByRole('article').getByRole('heading')).toBeVisible();
    },
  },
  {
    name: 'agent',
    path: '/agent',
    ready: async (page) => {
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('main').getByRole('textbox').first()).toBeVisible();
    },
  },
  {
    name: 'game list',
    path: '/rng',
    ready: async (page) => {
      await expect(
        page.getByRole('main').locator('.game-tile:not(.game-tile--skeleton)').first(),
      ).toBeVisible();
    },
  },
  {
    name: 'live games',
    path: '/live?tab=HOT',
    ready: async (page) => {
      await expect(
        page.getByRole('main').locator('.game-tile:not(.game-tile--skeleton)').first(),
      ).toBeVisible();
    },
  },
  {
    name: 'game centre',
    path: '/sports',
    ready: async (page) => {
      await expect(page.getByRole('main').locator('.vendor-tile').first()).toBeVisible();
    },
  },
  {
    name: 'support',
    path: '/support',
    ready: async (page) => {
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    },
  },
];

// A test per page and width, so a run names every page with violations and the pages share out over
// the workers. Phones check the dark theme, desktops the light one (axe takes ~5 s a page on a quiet
// machine; each theme and each width is covered once).
for (const { name, path, ready } of PAGES) {
  test(`the newcomer's ${name} page has no accessibility violations (dark on phones, light on desktops)`, async ({
    page,
  }, info) => {
    await useLanguage(page, langOf(info));
    // The register and login pages draw captchas, limited per client address.
    await fromOwnAddress(page, info);
    await page.emulateMedia({ colorScheme: isPhone(info) ? 'dark' : 'light' });
    await page.goto(path);
    await ready(page);
    expect(await violations(page), `${name} (${path})`).toEqual([]);
  });
}

for (const theme of ['dark', 'light'] as const) {
  test(`register modal with its captcha, for a person to look at (${theme})`, async ({ page }, info) => {
    const lang = langOf(info);
    await useLanguage(page, lang);
    await fromOwnAddress(page, info);
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/register');
    const dialog = registerDialog(page, lang);
    const image = dialog.getByRole('img', { name: t(lang, 'auth.captchaImage') });
    await expect(image).toBeVisible();
    // Shown at the size it is drawn (150x50), big enough to read: measured once the modal's opening
    // animation has settled (mid-animation it is a fraction of a pixel smaller).
    // Endless animations (the home page's marquee behind the modal) never finish: not waited for.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
    );
    const box = await image.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(149.5);
    expect(box?.height).toBeGreaterThanOrEqual(49.5);
    await image.scrollIntoViewIfNeeded();
    await shot(page, info, `register-captcha-${theme}`);
  });
}
