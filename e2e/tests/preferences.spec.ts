import { expect, test } from '@playwright/test';
import { isPhone, languageSelect, shot, t } from './support';

test('Portuguese by default; English when chosen, and remembered', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: t('PT', 'header.login') })).toBeVisible();
  await shot(page, info, 'home-pt');

  await (await languageSelect(page, info, 'PT')).selectOption('EN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  if (isPhone(info)) await page.keyboard.press('Escape');
  await expect(banner.getByRole('button', { name: t('EN', 'header.login') })).toBeVisible();
  await expect(banner.getByRole('button', { name: t('EN', 'header.register') })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(banner.getByRole('button', { name: t('EN', 'header.login') })).toBeVisible();
  await shot(page, info, 'home-en');

  // Server messages follow the language too.
  const res = await page.request.get('/wps/no/such/call', { headers: { Language: 'EN' } });
  expect((await res.json()).message).toBe('Not found.');
});

test('theme follows the system until chosen, then is remembered', async ({ browser }, info) => {
  const context = await browser.newContext({
    colorScheme: 'light',
    viewport: isPhone(info) ? { width: 390, height: 844 } : { width: 1366, height: 768 },
  });
  const page = await context.newPage();
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();
  await shot(page, info, 'home-light');

  // Desktop: the header's theme button. Phone: the header has no room for it; it is in the menu
  // drawer's preferences.
  if (isPhone(info)) {
    await expect(
      page.getByRole('banner').getByRole('button', { name: t('PT', 'theme.toDark') }),
    ).toBeHidden();
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('PT', 'header.openMenu') })
      .click();
    await page
      .getByRole('complementary', { name: t('PT', 'sideMenu.label') })
      .getByRole('button', { name: t('PT', 'theme.toDark') })
      .click();
  } else {
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('PT', 'theme.toDark') })
      .click();
  }
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Polled: the colour is the stylesheet's answer to the attribute, and a transition (none under the
  // suite's reduced motion, base.css) may still be running when the attribute is seen.
  await expect.poll(background).not.toBe(lightBackground);

  // The choice now wins over the system preference.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await shot(page, info, 'home-dark');
  await context.close();
});

test('no stored choice: a dark system gets the dark theme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await context.close();
});
