import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  PASSWORD,
  captchaSolver,
  emailCode,
  expectLoggedIn,
  langOf,
  lastMessageId,
  loginDialog,
  logout,
  openLogin,
  register,
  smsCode,
  submitLogin,
  useLanguage,
  type Lang,
  type Member,
} from './auth-support';
import { fromOwnAddress, shot, t } from './support';

/**
 * More ways in (issue 3): logging in with an SMS code, the second verification of a login from an IP
 * the member (or agent) has not used, and resetting a forgotten password by phone. Phones run in English,
 * desktops in Portuguese.
 *
 * Each project registers its members from a "home" address of its own and logs in from a new one
 * ("elsewhere"): fromOwnAddress in support.ts, with a name per address.
 */
test.describe.configure({ mode: 'serial' });

const newPage = async (browser: Browser, info: TestInfo) => {
  const context = await browser.newContext(info.project.use);
  const page = await context.newPage();
  await useLanguage(page, langOf(info));
  await fromOwnAddress(page, info, 'home');
  return page;
};

/**
 * Each registration texts a code to the new number, and the gateway sends one SMS a minute per
 * number: both members are registered first, so the SMS login waits out only what is left of its
 * number's minute (see sendCode), and by the phone reset the other number's minute has passed.
 */
let member: Member;
let resetter: Member;
test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(90_000);
  const lang = langOf(info);
  for (const which of ['member', 'resetter'] as const) {
    const page = await newPage(browser, info);
    const registered = await register(page, lang, 'username');
    if (which === 'member') member = registered;
    else resetter = registered;
    await page.context().close();
  }
});

/**
 * Presses "send code" until the server sends one. A number that got an SMS less than a minute ago is
 * refused as too soon: the refusal shows the server's message in a dialog, and the button counts
 * down the seconds the server asked to wait; once it offers to send again, it is pressed again.
 */
const sendCode = async (page: Page, lang: Lang, form: Locator) => {
  const send = form.getByRole('button', { name: t(lang, 'auth.sendCode'), exact: true });
  for (;;) {
    const answer = page.waitForResponse(
      (res) => res.url().includes('/wps/verification/sms/') && res.request().method() === 'POST',
    );
    await send.click();
    const res = await answer;
    if (res.ok()) break;
    const error = (await res.json()) as { code: string; message: string };
    expect(error.code).toBe('too_many_requests');
    const notice = page.getByRole('alertdialog').filter({ hasText: error.message });
    await expect(notice).toBeVisible();
    await shot(page, test.info(), 'sms-too-soon');
    await notice.getByRole('button', { name: t(lang, 'in_increase_submit') }).click();
    await expect(notice).toHaveCount(0);
    // The wait left may be a second or two, so the countdown may be over before it can be read:
    // the button is either counting down (disabled) or offering to send again.
    await expect(form.getByRole('button', { name: /\d+\s*s/ }).or(send)).toBeVisible();
    await expect(send).toBeEnabled({ timeout: 75_000 });
  }
  // The button counts down after sending.
  await expect(form.getByRole('button', { name: /\d+\s*s/ })).toBeDisabled();
};

test('a login from a new IP asks the codes sent to the mobile and e-mail; the IP is then known', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info, 'elsewhere');
  const solve = captchaSolver(page);
  await page.goto('/');
  const login = await openLogin(page, lang);
  await submitLogin(page, lang, member.username, PASSWORD, solve);

  // The popup turns into the security check; nothing is logged in yet.
  const check = page.getByRole('dialog', { name: t(lang, 'auth.verifyTitle') });
  await expect(check).toBeVisible();
  await expect(check.getByText(t(lang, 'auth.verifyLead'))).toBeVisible();
  await expect(check.getByText(member.mobile.slice(-4))).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: t(lang, 'header.login'), exact: true }),
  ).toBeVisible();
  const smsField = check.getByLabel(t(lang, 'auth.smsCode'), { exact: true });
  const mailField = check.getByLabel(t(lang, 'auth.emailCode'), { exact: true });
  await expect(smsField).toBeFocused();
  await shot(page, info, 'second-verification');

  // Back to the login form, its first field focused; logging in again asks again, with new codes.
  await check.getByRole('button', { name: t(lang, 'auth.backToLogin') }).click();
  await expect(login.getByLabel(t(lang, 'auth.username'), { exact: true })).toBeFocused();
  const smsBefore = await lastMessageId(page.request, `+55${member.mobile}`, 'sms');
  const mailBefore = await lastMessageId(page.request, member.email, 'email');
  await submitLogin(page, lang, member.username, PASSWORD, solve);
  await expect(smsField).toBeFocused();

  const sms = await smsCode(page.request, member.mobile, smsBefore);
  const mail = await emailCode(page.request, member.email, mailBefore);
  // A wrong SMS code is refused under its field, and does not spend the e-mail code.
  await smsField.fill(sms === '000000' ? '111111' : '000000');
  await mailField.fill(mail);
  await check.getByRole('button', { name: t(lang, 'auth.verifySubmit') }).click();
  await expect(check.getByText(t(lang, 'fieldError.sms_code_invalid'))).toBeVisible();
  await expect(smsField).toHaveAttribute('aria-invalid', 'true');
  await shot(page, info, 'second-verification-wrong-code');

  await smsField.fill(sms);
  await check.getByRole('button', { name: t(lang, 'auth.verifySubmit') }).click();
  await expect(check).toHaveCount(0);
  await expectLoggedIn(page, lang);

  // The address is remembered: the next login from it asks nothing more. And a deep link opened
  // while logged out is kept through the login: the member lands on the page asked for.
  await logout(page, lang);
  await page.goto('/member?page=personalHistoryCopy');
  await expect(page).toHaveURL(/\/login\?next=%2Fmember%3Fpage%3DpersonalHistoryCopy$/);
  await expect(loginDialog(page, lang)).toBeVisible();
  await submitLogin(page, lang, member.username, PASSWORD, solve);
  await expect(loginDialog(page, lang)).toHaveCount(0);
  await expect(check).toHaveCount(0);
  await expect(page).toHaveURL(/\/member\?page=personalHistoryCopy$/);
  await expectLoggedIn(page, lang);
});

test('log in with the mobile number and an SMS code', async ({ page, request }, info) => {
  test.slow(); // may wait out the one-SMS-a-minute window of the number
  const lang = langOf(info);
  // The merchant offers the SMS login (MOBCODELOGIN3 in the demo merchant's white label).
  const { value: whitelabel } = await (await request.get('/wps/system/whitelabel')).json();
  expect(whitelabel.MOBCODELOGIN3).toBe(true);

  await useLanguage(page, lang);
  await fromOwnAddress(page, info, 'home');
  await page.goto('/');
  const dialog = await openLogin(page, lang);
  await dialog.getByRole('tab', { name: t(lang, 'auth.bySms') }).click();
  const form = dialog.getByRole('tabpanel');
  await expect(form.getByLabel(t(lang, 'auth.mobile'), { exact: true })).toBeVisible();
  await shot(page, info, 'login-sms');

  // The number is checked before a code is sent.
  await form.getByRole('button', { name: t(lang, 'auth.sendCode'), exact: true }).click();
  await expect(form.getByText(t(lang, 'auth.enterMobile'))).toBeVisible();

  await form.getByLabel(t(lang, 'auth.mobile'), { exact: true }).fill(member.mobile);
  const before = await lastMessageId(page.request, `+55${member.mobile}`, 'sms');
  await sendCode(page, lang, form);
  await form
    .getByLabel(t(lang, 'auth.smsCode'), { exact: true })
    .fill(await smsCode(page.request, member.mobile, before));
  await shot(page, info, 'login-sms-code');
  await form.getByRole('button', { name: t(lang, 'auth.submitLogin'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expectLoggedIn(page, lang);
  await expect(page).toHaveURL(/\/$/);
});

test('reset a forgotten password by phone, then log in with the new one', async ({ page, request }, info) => {
  test.slow(); // may wait out the one-SMS-a-minute window of the number
  const lang = langOf(info);
  const { value: whitelabel } = await (await request.get('/wps/system/whitelabel')).json();
  expect(whitelabel.CHNGPASSVERIF3).toBe(true);

  await useLanguage(page, lang);
  await fromOwnAddress(page, info, 'home');
  const solve = captchaSolver(page);
  await page.goto('/');
  const login = await openLogin(page, lang);
  await login.getByRole('button', { name: t(lang, 'auth.forgotPassword') }).click();
  const forgot = page.getByRole('dialog', { name: t(lang, 'auth.forgotTitle') });
  await expect(forgot).toBeVisible();
  await forgot.getByRole('tab', { name: t(lang, 'auth.byPhone') }).click();
  const form = forgot.getByRole('tabpanel');
  await form.getByLabel(t(lang, 'auth.mobile'), { exact: true }).fill(resetter.mobile);
  const before = await lastMessageId(page.request, `+55${resetter.mobile}`, 'sms');
  await sendCode(page, lang, form);
  await form
    .getByLabel(t(lang, 'auth.smsCode'), { exact: true })
    .fill(await smsCode(page.request, resetter.mobile, before));

  // The new password follows the merchant's rule before anything is sent.
  const newPassword = form.getByLabel(t(lang, 'auth.newPassword'), { exact: true });
  await newPassword.fill('a');
  await form.getByRole('button', { name: t(lang, 'auth.resetSubmit') }).click();
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(newPassword).toBeFocused();
  await shot(page, info, 'reset-by-phone');

  await newPassword.fill('Phone2468');
  await form.getByRole('button', { name: t(lang, 'auth.resetSubmit') }).click();
  await expect(forgot).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedIn(page, lang);

  // The old password no longer works; the new one does.
  await logout(page, lang);
  const again = await openLogin(page, lang);
  await submitLogin(page, lang, resetter.username, PASSWORD, solve);
  await expect(again.getByRole('alert')).toBeVisible();
  await submitLogin(page, lang, resetter.username, 'Phone2468', solve);
  await expect(again).toHaveCount(0);
  await expectLoggedIn(page, lang);
});

test('an agent logging in from a new IP passes the e-mail check and reaches the agent centre', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  // An address of its own per run and per try, so a retry is a new IP for agent01 too.
  await fromOwnAddress(page, info, `agent-${info.retry}`);
  const solve = captchaSolver(page);
  const email = 'agent01@banca.example';
  const before = await lastMessageId(page.request, email, 'email');
  await page.goto('/agent');
  const form = page.locator('form').first();
  await form.getByLabel(t(lang, 'auth.username'), { exact: true }).fill('agent01');
  await form.getByLabel(t(lang, 'auth.password'), { exact: true }).fill('Demo1234');
  const captcha = form.getByLabel(t(lang, 'auth.captcha'), { exact: true });
  if ((await captcha.count()) > 0) await captcha.fill(await solve(page.request));
  await form.getByRole('button', { name: t(lang, 'auth.agentLogin') }).click();

  // The agent page's form turns into the check: only the e-mail code, agent01 has no bound mobile.
  await expect(page.getByRole('heading', { name: t(lang, 'auth.verifyTitle') })).toBeVisible();
  const mailField = page.getByLabel(t(lang, 'auth.emailCode'), { exact: true });
  await expect(mailField).toBeFocused();
  await expect(page.getByLabel(t(lang, 'auth.smsCode'), { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/agent$/);
  await shot(page, info, 'agent-second-verification');

  await mailField.fill(await emailCode(page.request, email, before));
  await page.getByRole('button', { name: t(lang, 'auth.verifySubmit') }).click();
  await expect(page).toHaveURL(/\/agentHome/);
  await expect(page.getByRole('navigation', { name: t(lang, 'agent.menu') })).toBeVisible();
});
