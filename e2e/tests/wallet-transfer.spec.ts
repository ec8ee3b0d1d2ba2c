import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fromOwnAddress, shot, t } from './support';
import { langOf, register, useLanguage } from './auth-support';

/**
 * Wallet transfer (issue 9 item 5), as one journey per project (phone in English, desktop in
 * Portuguese): a new member is given money through the sandbox credit (a ledger transfer from the
 * merchant's ADJUSTMENTS account, /dev, loopback only), the merchant switches to transfer mode, the
 * member moves money to a vendor wallet and recalls it all; back in single mode the page says one
 * wallet plays every game.
 */

const setMode = async (api: APIRequestContext, walletMode: 'single' | 'transfer') => {
  const res = await api.put('/dev/wallet/mode', { data: { walletMode } });
  expect(res.status()).toBe(200);
  // The gateway caches the settings for a second: wait until it answers the new mode.
  await expect
    .poll(async () => (await (await api.get('/wps/relay/GCS_merchantWallet')).json()).value.isSingle)
    .toBe(walletMode === 'single');
};

const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('token'));

test('a member moves money to a vendor wallet and recalls it all in transfer mode', async ({
  page,
  request,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  await register(page, lang, 'username');
  const token = await tokenOf(page);
  expect(token).toBeTruthy();
  const credit = await request.post('/dev/wallet/credit', {
    headers: { authorization: `Bearer ${token}` },
    data: { amount: 10_000, requestId: randomUUID() },
  });
  expect(credit.status()).toBe(200);

  await setMode(request, 'transfer');
  try {
    await page.goto('/member?page=transferFund');
    const main = page.getByTestId('wt-main');
    const sandbox = page.getByTestId('wt-vendor-SANDBOX');
    const amount = (pt: string, en: string) => (lang === 'PT' ? pt : en);
    await expect(main).toContainText(amount('100,00', '100.00'));

    const form = page.getByRole('form', { name: t(lang, 'wallet.transfer.formTitle') });
    await form.getByText(t(lang, 'wallet.transfer.vendors.SANDBOX')).click();
    // A bad amount is refused on the page, nothing sent.
    const field = form.getByLabel(new RegExp(t(lang, 'wallet.transfer.amount')));
    await field.fill('abc');
    await form.getByRole('button', { name: t(lang, 'wallet.transfer.submitIn') }).click();
    await expect(field).toHaveAccessibleDescription(t(lang, 'wallet.transfer.amountInvalid'));
    await field.fill(amount('25,50', '25.50'));
    await form.getByRole('button', { name: t(lang, 'wallet.transfer.submitIn') }).click();
    await expect(sandbox).toContainText(amount('25,50', '25.50'));
    await expect(main).toContainText(amount('74,50', '74.50'));
    await shot(page, info, 'wallet-transfer-moved');

    // More than the main wallet holds: the server's refusal shows under the field.
    await field.fill('1000');
    await form.getByRole('button', { name: t(lang, 'wallet.transfer.submitIn') }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(main).toContainText(amount('74,50', '74.50'));

    await page.getByRole('button', { name: t(lang, 'wallet.transfer.recallAll') }).click();
    await expect(sandbox).toContainText(amount('0,00', '0.00'));
    await expect(main).toContainText(amount('100,00', '100.00'));
    await shot(page, info, 'wallet-transfer-recalled');
  } finally {
    await setMode(request, 'single');
  }
  await page.reload();
  await expect(page.getByTestId('wt-single')).toHaveText(t(lang, 'wallet.transfer.singleMode'));
  await shot(page, info, 'wallet-transfer-single');
});
