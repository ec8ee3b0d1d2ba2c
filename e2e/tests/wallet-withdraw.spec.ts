import { expect, test, type APIRequestContext } from '@playwright/test';
import { langOf, PASSWORD, register, useLanguage } from './auth-support';
import { financeOperator, fromOwnAddress, shot, t } from './support';

/**
 * Issue 9, withdrawals: a new member sets a payment password and a PIX key in the security centre,
 * asks for a withdrawal and sees it held in the tracker; finance approves it through the operator
 * API; the sandbox rail pays it and the tracker moves by itself; the member confirms receipt.
 * Phones run it in English, desktops in Portuguese. Sandbox money comes from the loopback-only
 * /dev/wallet/credit route (i9-ledger's; no deposit rail is involved here).
 */
const PAY_PW = '135790';

async function approveLatest(api: APIRequestContext, payeeName: string): Promise<number> {
  const finance = await financeOperator(api);
  const res = await api.get('/ops/wallet/withdrawals?status=REQUESTED&limit=50', { headers: finance });
  expect(res.ok()).toBe(true);
  const items = (await res.json()).value.items as { id: number; payeeName: string }[];
  const mine = items.find((w) => w.payeeName === payeeName);
  expect(mine, 'the withdrawal waits for finance').toBeDefined();
  const approve = await api.post(`/ops/wallet/withdrawals/${mine!.id}/approve`, {
    headers: finance,
    data: {},
  });
  expect(approve.ok()).toBe(true);
  // A second decision is refused.
  const again = await api.post(`/ops/wallet/withdrawals/${mine!.id}/reject`, {
    headers: finance,
    data: { reason: 'too late' },
  });
  expect(again.status()).toBe(409);
  return mine!.id;
}

test('a new member withdraws by PIX: password, key, request, approval, payout, receipt', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  const { username } = await register(page, lang, 'username');
  const payee = `Maria ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} Souza`;

  // Sandbox money: the /dev credit route (loopback only) credits the caller's own wallet.
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const credit = await page.request.post('/dev/wallet/credit', {
    headers: { Authorization: `Bearer ${token}` },
    data: { amount: 100_000, requestId: `e2e-${username}` },
  });
  expect(credit.ok()).toBe(true);

  // Security centre: set the payment password (needs the login password), then bind a CPF key.
  await page.goto('/member?page=securityCenter');
  const pwForm = page.getByRole('form', { name: t(lang, 'wallet.security.setPaymentPassword') });
  await pwForm.getByLabel(t(lang, 'wallet.security.loginPassword')).fill(PASSWORD);
  await pwForm.getByLabel(t(lang, 'wallet.security.newPaymentPassword')).fill('12ab');
  await pwForm.getByLabel(t(lang, 'wallet.security.confirmPaymentPassword')).fill('12ab');
  await pwForm.getByRole('button', { name: t(lang, 'wallet.security.setPaymentPassword') }).click();
  // The merchant's rule (digits only, 6) is checked before anything is sent.
  await expect(pwForm.getByLabel(t(lang, 'wallet.security.newPaymentPassword'))).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await pwForm.getByLabel(t(lang, 'wallet.security.newPaymentPassword')).fill(PAY_PW);
  await pwForm.getByLabel(t(lang, 'wallet.security.confirmPaymentPassword')).fill(PAY_PW);
  await pwForm.getByRole('button', { name: t(lang, 'wallet.security.setPaymentPassword') }).click();
  await expect(page.getByText(t(lang, 'wallet.security.paymentPasswordSaved'))).toBeVisible();

  const keyForm = page.getByRole('form', { name: t(lang, 'wallet.security.payoutKey') });
  await keyForm.getByLabel(t(lang, 'wallet.security.keyType')).selectOption('CPF');
  await keyForm.getByLabel(t(lang, 'wallet.security.key'), { exact: true }).fill('529.982.247-24');
  await keyForm.getByLabel(t(lang, 'wallet.security.payeeName')).fill(payee);
  await keyForm.getByLabel(t(lang, 'wallet.security.paymentPassword')).fill(PAY_PW);
  await keyForm.getByRole('button', { name: t(lang, 'wallet.security.bindKey') }).click();
  // A wrong check digit never leaves the browser.
  await expect(
    keyForm.getByLabel(t(lang, 'wallet.security.key'), { exact: true }),
  ).toHaveAccessibleDescription(t(lang, 'fieldError.pix_key_invalid_cpf'));
  await keyForm.getByLabel(t(lang, 'wallet.security.key'), { exact: true }).fill('529.982.247-25');
  await keyForm.getByRole('button', { name: t(lang, 'wallet.security.bindKey') }).click();
  await expect(page.getByTestId('bound-key')).toHaveText('***.982.247-**');
  await shot(page, info, 'wallet-security');

  // Withdraw: the amount is held at once.
  await page.goto('/member?page=withdraw');
  await expect(page.getByTestId('wd-balance')).toContainText(lang === 'PT' ? '1.000,00' : '1,000.00');
  const form = page.getByRole('form', { name: t(lang, 'wallet.withdraw.formLabel') });
  await form
    .getByLabel(new RegExp(t(lang, 'wallet.withdraw.amount').replace('({{currency}})', '')))
    .fill('250');
  await form.getByLabel(t(lang, 'wallet.security.paymentPassword')).fill(PAY_PW);
  await form.getByRole('button', { name: t(lang, 'wallet.withdraw.submit') }).click();
  const status = page.getByTestId('wd-status').first();
  await expect(status).toHaveText(t(lang, 'wallet.withdraw.status.REQUESTED'));
  await expect(page.getByTestId('wd-balance')).toContainText(lang === 'PT' ? '750,00' : '750.00');
  // Said, and the new tracker brought into view.
  const notice = page.getByTestId('wd-notice');
  await expect(notice).toContainText(lang === 'PT' ? '250,00' : '250.00');
  await expect(notice).toBeInViewport();
  await expect(page.getByRole('listitem').filter({ has: status }).first()).toBeInViewport();
  await shot(page, info, 'wallet-withdraw-held');

  // Still pending: the member takes it back; the hold returns at once.
  await page
    .getByRole('button', { name: t(lang, 'wallet.withdraw.cancelRequest') })
    .first()
    .click();
  await expect(status).toHaveText(t(lang, 'wallet.withdraw.status.CANCELLED'));
  await expect(page.getByTestId('wd-balance')).toContainText(lang === 'PT' ? '1.000,00' : '1,000.00');
  await expect(notice).toContainText(t(lang, 'wallet.withdraw.cancelledDone').split('.')[0]!);
  await shot(page, info, 'wallet-withdraw-cancelled');

  // Asked again, to be paid.
  await form
    .getByLabel(new RegExp(t(lang, 'wallet.withdraw.amount').replace('({{currency}})', '')))
    .fill('250');
  await form.getByLabel(t(lang, 'wallet.security.paymentPassword')).fill(PAY_PW);
  await form.getByRole('button', { name: t(lang, 'wallet.withdraw.submit') }).click();
  await expect(status).toHaveText(t(lang, 'wallet.withdraw.status.REQUESTED'));
  await expect(page.getByTestId('wd-balance')).toContainText(lang === 'PT' ? '750,00' : '750.00');

  // Finance approves through the operator API; the sandbox rail pays after a short delay and the
  // tracker follows without a reload.
  await approveLatest(page.request, payee);
  await expect(status).toHaveText(t(lang, 'wallet.withdraw.status.PAID'), { timeout: 20_000 });
  await shot(page, info, 'wallet-withdraw-paid');
  await page.getByRole('button', { name: t(lang, 'wallet.withdraw.received'), exact: true }).click();
  await expect(status).toHaveText(t(lang, 'wallet.withdraw.status.CONFIRMED'));
  await shot(page, info, 'wallet-withdraw-confirmed');

  // Transfer upline / downline: a member registered without an invitation code has no one in the tree.
  await page.goto('/member?page=transferUpline');
  await expect(page.getByText(t(lang, 'wallet.transfer.noTargets'))).toBeVisible();
  await shot(page, info, 'wallet-transfer-upline');
});
