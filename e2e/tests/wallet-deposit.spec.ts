import { expect, test } from '@playwright/test';
import { fromOwnAddress, isPhone, shot, t } from './support';
import { langOf, register, useLanguage } from './auth-support';

/**
 * A new member deposits by PIX (issue 9): from the header's deposit button to the charge (QR code,
 * copy-and-paste, countdown), paid on the sandbox provider's own page in another tab, and the deposit
 * page and the header balance follow by themselves, with no reload. Phones in English, desktops in
 * Portuguese.
 */
test('a new member deposits by PIX through the sandbox and sees the balance rise with no reload', async ({
  page,
  context,
}, info) => {
  const lang = langOf(info);
  const money = (text: string) => (lang === 'PT' ? `R$ ${text}` : `R$ ${text.replace(',', '.')}`);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  await register(page, lang, 'username');

  const banner = page.getByRole('banner');
  const balance = banner.getByRole('status', { name: new RegExp(`${t(lang, 'account.balance')}: `) });
  await expect(balance).toHaveAccessibleName(`${t(lang, 'account.balance')}: ${money('0,00')}`);

  // A marker that a reload would wipe: the page must never reload on the way.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // Desktops: the button beside the balance; phones: the header's nav row (no room up top).
  if (isPhone(info)) {
    await expect(banner.getByRole('button', { name: t(lang, 'wallet.deposit.headerButton') })).toBeHidden();
    await banner.getByRole('link', { name: t(lang, 'header.deposit') }).click();
  } else await banner.getByRole('button', { name: t(lang, 'wallet.deposit.headerButton') }).click();
  // The deposit form's own region: inside the member centre's panel, which on desktop bears the
  // page's name too (and "recent deposits" contains the word).
  const section = page.getByRole('region', { name: t(lang, 'wallet.deposit.title'), exact: true }).last();
  await expect(section).toBeVisible();
  const amount = section.getByLabel(t(lang, 'wallet.deposit.amount'), { exact: true });

  // Below the minimum: the field says why, nothing is created.
  await amount.fill('5');
  await section.getByRole('button', { name: t(lang, 'wallet.deposit.submit') }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText(t(lang, 'wallet.deposit.none'))).toBeVisible();
  await shot(page, info, 'deposit-form-error');

  // A quick amount fills the field.
  await section.getByRole('button', { name: money('50,00') }).click();
  await expect(amount).toHaveValue('50');
  await shot(page, info, 'deposit-form');
  await section.getByRole('button', { name: t(lang, 'wallet.deposit.submit') }).click();

  // The charge: waiting, with its QR code, the copy-and-paste code, a copy button and a countdown.
  await expect(section.getByText(t(lang, 'wallet.deposit.status.pending')).first()).toBeVisible();
  await expect(section.getByRole('img', { name: new RegExp('PIX') })).toBeVisible();
  const code = section.getByLabel(t(lang, 'wallet.deposit.copyPasteLabel'));
  await expect(code).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  const expiresIn = t(lang, 'wallet.deposit.expiresIn').replace('{{time}}', '');
  await expect(section.getByText(new RegExp(`^${expiresIn}(29|30):\\d\\d$`))).toBeVisible();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: t(lang, 'wallet.deposit.copy') }).click();
  await expect(section.getByText(t(lang, 'wallet.deposit.copied'))).toBeVisible();
  await shot(page, info, 'deposit-waiting');

  // The payer pays on the sandbox provider's page, in another tab.
  const payLink = section.getByRole('link', { name: t(lang, 'wallet.deposit.sandboxPay') });
  const href = await payLink.getAttribute('href');
  expect(href).toMatch(/^\/sandbox\/pix\/SBX/);
  const sandbox = await context.newPage();
  await sandbox.goto(href!);
  await expect(sandbox.getByText('SANDBOX', { exact: true })).toBeVisible();
  await sandbox.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(sandbox.getByRole('status')).toContainText('gateway answered 200');
  await shot(sandbox, info, 'deposit-sandbox-paid');
  await sandbox.close();

  // Back on the member's page, by itself: paid, and the header balance has risen.
  await expect(section.getByText(t(lang, 'wallet.deposit.status.paid')).first()).toBeVisible();
  await expect(balance).toHaveAccessibleName(`${t(lang, 'account.balance')}: ${money('50,00')}`);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await expect(section.getByRole('list').getByText(t(lang, 'wallet.deposit.status.paid'))).toBeVisible();
  await shot(page, info, 'deposit-paid');
});
