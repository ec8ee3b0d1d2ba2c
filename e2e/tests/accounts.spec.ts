import { expect, test, type Page } from '@playwright/test';
import {
  PASSWORD,
  accountMenuButton,
  captchaSolver,
  expectLoggedIn,
  langOf,
  latestMessage,
  loginDialog,
  logout,
  openLogin,
  register,
  submitLogin,
  useLanguage,
} from './auth-support';
import { fromOwnAddress, shot, t } from './support';

/**
 * Account journeys as a new visitor makes them (issue 3): register in username and mobile mode with
 * the SMS code from the sandbox outbox, log out, fail logins until the captcha shows, log in, change
 * the password, recover one by e-mail, free play refused the member centre, and the agent login.
 * Phones run in English, desktops in Portuguese. The new members' journeys come from the file's own
 * client address (fromOwnAddress); the agent login uses the demo accounts, known at 127.0.0.1.
 */
test.describe.configure({ mode: 'serial' });

let member: { username: string; mobile: string; email: string };

/** The figure in the header's balance chip (the compact one on phones). */
const headerBalance = (page: Page) => page.getByRole('banner').locator('.balance--header .balance__amount');

test('register in username mode, log out', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  member = await register(page, lang, 'username');
  await accountMenuButton(page, lang).click();
  await expect(page.getByRole('banner')).toContainText(member.username);
  await shot(page, info, 'account-menu');
  await page.keyboard.press('Escape');
  await logout(page, lang);
  // The token is gone: the member centre sends us to the login popup again.
  await page.goto('/member');
  await expect(page).toHaveURL(/\/login\?next=%2Fmember$/);
});

test('register in mobile mode with the SMS code', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  await register(page, lang, 'mobile');
  // A new real account holds nothing until it deposits; the header says so in the member's currency.
  await expect(headerBalance(page)).toHaveText(lang === 'PT' ? '0,00' : '0.00');
  await page.goto('/member');
  await expect(page.getByRole('heading', { name: t(lang, 'member.title') })).toBeVisible();
});

test('three failed logins bring the captcha; then log in and change the password', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  const solve = captchaSolver(page);
  await page.goto('/');
  const dialog = await openLogin(page, lang);
  for (let i = 0; i < 3; i++) {
    await submitLogin(page, lang, member.username, 'Wrong12345', solve);
    await expect(dialog.getByRole('alert').first()).toBeVisible();
  }
  const captcha = dialog.getByLabel(t(lang, 'auth.captcha'), { exact: true });
  await expect(captcha).toBeVisible();
  await expect(dialog.getByRole('img', { name: t(lang, 'auth.captchaImage') })).toBeVisible();
  await shot(page, info, 'login-captcha');

  await submitLogin(page, lang, member.username, PASSWORD, solve);
  await expect(loginDialog(page, lang)).toHaveCount(0);
  await expectLoggedIn(page, lang);

  await page.goto('/member');
  await page.getByRole('button', { name: t(lang, 'member.security.changePassword') }).click();
  const change = page.getByRole('dialog', { name: t(lang, 'auth.changeTitle') });
  await change.getByLabel(t(lang, 'auth.oldPassword'), { exact: true }).fill(PASSWORD);
  await change.getByLabel(t(lang, 'auth.newPassword'), { exact: true }).fill('Changed456');
  await change.getByLabel(t(lang, 'auth.confirmNewPassword'), { exact: true }).fill('Changed789');
  await change.getByRole('button', { name: t(lang, 'auth.changeSubmit') }).click();
  await expect(change.getByText(t(lang, 'fieldError.inconsistent_twice'))).toBeVisible();
  await change.getByLabel(t(lang, 'auth.confirmNewPassword'), { exact: true }).fill('Changed456');
  await change.getByRole('button', { name: t(lang, 'auth.changeSubmit') }).click();
  await expect(change).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedIn(page, lang);

  // The new password is the one that works now; remember-me keeps the username, never the password.
  await logout(page, lang);
  const again = await openLogin(page, lang);
  await again.getByRole('checkbox', { name: t(lang, 'auth.rememberMe') }).check();
  await submitLogin(page, lang, member.username, 'Changed456', solve);
  await expectLoggedIn(page, lang);
  await logout(page, lang);
  const remembered = await openLogin(page, lang);
  await expect(remembered.getByLabel(t(lang, 'auth.username'), { exact: true })).toHaveValue(member.username);
  const password = remembered.getByLabel(t(lang, 'auth.password'), { exact: true });
  await expect(password).toHaveValue('');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(remembered.getByRole('checkbox', { name: t(lang, 'auth.rememberMe') })).toBeChecked();
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage })))).not.toContain(
    'Changed456',
  );
});

test('recover a password by e-mail and set a new one at the next login', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  const solve = captchaSolver(page);
  await page.goto('/');
  const dialog = await openLogin(page, lang);
  await dialog.getByRole('button', { name: t(lang, 'auth.forgotPassword') }).click();
  const forgot = page.getByRole('dialog', { name: t(lang, 'auth.forgotTitle') });
  await forgot.getByLabel(t(lang, 'auth.username'), { exact: true }).fill(member.username);
  await forgot.getByLabel(t(lang, 'auth.email'), { exact: true }).fill(member.email);
  await forgot.getByRole('button', { name: t(lang, 'auth.sendPassword') }).click();
  await expect(page.getByText(t(lang, 'auth.passwordSent'))).toBeVisible();
  await page.getByRole('button', { name: t(lang, 'common.confirm') }).click();

  const mail = await latestMessage(page.request, member.email, 'email');
  const temporary = /:\s*([A-Za-z0-9]{8,})/.exec(mail)?.[1] ?? /\b([A-Za-z0-9]{10,})\b/.exec(mail)![1]!;
  await page.goto('/login');
  await submitLogin(page, lang, member.username, temporary, solve);
  // A temporary password forces a change before anything else.
  const change = page.getByRole('dialog', { name: t(lang, 'auth.changeTitle') });
  await expect(change).toBeVisible();
  await change.getByLabel(t(lang, 'auth.newPassword'), { exact: true }).fill('Recovered789');
  await change.getByLabel(t(lang, 'auth.confirmNewPassword'), { exact: true }).fill('Recovered789');
  await change.getByRole('button', { name: t(lang, 'auth.changeSubmit') }).click();
  await expect(change).toHaveCount(0);
  await expectLoggedIn(page, lang);
});

test('free play gives a trial account that the member centre refuses', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  await page.goto('/');
  const dialog = await openLogin(page, lang);
  await dialog.getByRole('button', { name: t(lang, 'auth.freePlay') }).click();
  await expect(dialog).toHaveCount(0);
  await expectLoggedIn(page, lang);
  // The trial account is granted play money through the ledger, and the header marks it as such.
  await expect(headerBalance(page)).toHaveText(lang === 'PT' ? '1.000,00' : '1,000.00');
  await accountMenuButton(page, lang).click();
  await expect(
    page.getByRole('banner').getByText(t(lang, 'wallet.playMoney')).filter({ visible: true }).first(),
  ).toBeVisible();
  await shot(page, info, 'trial-balance');
  await page.emulateMedia({ colorScheme: 'dark' }); // the theme follows the system until chosen
  await shot(page, info, 'trial-balance-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Escape');

  await page.goto('/member');
  const prompt = page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .filter({ hasText: t(lang, 'in_need_true_account') });
  await expect(prompt).toBeVisible();
  await shot(page, info, 'trial-prompt');
  await prompt.getByRole('button', { name: t(lang, 'in_increase_submit') }).click();
  await expect(page.getByRole('heading', { name: t(lang, 'member.title') })).toHaveCount(0);

  // The server refuses the trial token on real-account calls with the same code.
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await page.request.post('/wps/member/password', {
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe('in_need_true_account');
});

test('the agent login refuses members and takes agents to the agent centre', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  const solve = captchaSolver(page);
  await page.goto('/agent');
  const form = page.getByRole('form').or(page.locator('form')).first();
  const fill = async (username: string) => {
    await form.getByLabel(t(lang, 'auth.username'), { exact: true }).fill(username);
    await form.getByLabel(t(lang, 'auth.password'), { exact: true }).fill('Demo1234');
    const captcha = form.getByLabel(t(lang, 'auth.captcha'), { exact: true });
    if ((await captcha.count()) > 0) await captcha.fill(await solve(page.request));
    await form.getByRole('button', { name: t(lang, 'auth.agentLogin') }).click();
  };
  await fill('demo01');
  await expect(page.getByRole('alert').filter({ hasText: /agent/i })).toBeVisible();
  await expect(page).toHaveURL(/\/agent$/);
  await shot(page, info, 'agent-login-refused');

  await fill('agent01');
  await expect(page).toHaveURL(/\/agentHome/);
  await expect(page.getByRole('navigation', { name: t(lang, 'agent.menu') })).toBeVisible();
  // The agent bar: GMT offset, a live clock and the account.
  const bar = page.getByRole('banner', { name: t(lang, 'agent.headerLabel') });
  await expect(bar.getByText(/GMT[+-]\d\d:\d\d/)).toBeVisible();
  await expect(bar).toContainText(/Agente Demo|agent01/);
  await shot(page, info, 'agent-centre');
});
