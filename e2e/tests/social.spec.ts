import { expect, test } from '@playwright/test';
import { t } from './support';

test('a failed social sign-in comes back with an explanation and a clean address', async ({ page }) => {
  await page.goto('/?socialError=access_denied');
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(dialog).toContainText(t('PT', 'auth.social.failedTitle'));
  await expect(dialog).toContainText(t('PT', 'auth.social.cancelled'));
  await expect(page).toHaveURL(/\/$/);
});

test('social buttons appear only for providers the gateway has configured', async ({ page, request }) => {
  const { value } = await (await request.get('/wps/system/whitelabel')).json();
  await page.goto('/login');
  const login = page.getByRole('dialog', { name: t('PT', 'auth.loginTitle') });
  await expect(login).toBeVisible();
  await expect(login.getByRole('link', { name: t('PT', 'auth.social.withGoogle') })).toHaveCount(
    value.socialLogin.google ? 1 : 0,
  );
  await expect(login.getByRole('link', { name: t('PT', 'auth.social.withFacebook') })).toHaveCount(
    value.socialLogin.facebook ? 1 : 0,
  );
});
