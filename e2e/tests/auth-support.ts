import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { isPhone, t } from './support';

export type Lang = 'PT' | 'EN';

/** Phones run the account journeys in English, desktops in Portuguese: both languages every run. */
export const langOf = (info: TestInfo): Lang => (isPhone(info) ? 'EN' : 'PT');

/** Opens the app in a language, as a returning visitor who chose it. */
export const useLanguage = async (page: Page, lang: Lang) => {
  await page.addInitScript((value) => localStorage.setItem('banca.language', value), lang);
};

/** Unique, valid names and numbers per run (usernames: letters first, then digits). */
let counter = 0;
export const unique = () => `${Date.now() % 1_000_000_000}${counter++}`.slice(-8);
export const newUsername = () => `user${unique()}`;
export const newMobile = () => `119${unique()}`.slice(0, 11);

/** Tracks the captcha the page last loaded, and answers it through the dev-only endpoint. */
export const captchaSolver = (page: Page) => {
  let lastId: string | null = null;
  page.on('response', async (res) => {
    if (!res.url().includes('/wps/captcha') || res.request().method() !== 'GET') return;
    try {
      lastId = (await res.json()).value.captchaId;
    } catch {
      // a failed captcha load leaves the previous id
    }
  });
  return async (api: APIRequestContext): Promise<string> => {
    await expect.poll(() => lastId, { message: 'a captcha was loaded' }).not.toBeNull();
    const res = await api.get(`/dev/captcha/${lastId}`);
    expect(res.ok()).toBe(true);
    return (await res.json()).value.answer as string;
  };
};

/** The id of the newest sandbox message to a recipient (the dev outbox), or 0 when there is none. */
export const lastMessageId = async (
  api: APIRequestContext,
  recipient: string,
  channel: 'sms' | 'email',
): Promise<number> => {
  const res = await api.get(
    `/dev/outbox?recipient=${encodeURIComponent(recipient)}&channel=${channel}&limit=1`,
  );
  return (await res.json()).value.messages[0]?.id ?? 0;
};

/**
 * The newest sandbox message to a recipient (the dev outbox), and the code or password inside. With
 * `after` (a message id from lastMessageId), waits for a message newer than that one.
 */
export const latestMessage = async (
  api: APIRequestContext,
  recipient: string,
  channel: 'sms' | 'email',
  after = 0,
) => {
  let body = '';
  await expect
    .poll(
      async () => {
        const res = await api.get(
          `/dev/outbox?recipient=${encodeURIComponent(recipient)}&channel=${channel}&limit=1`,
        );
        const message = (await res.json()).value.messages[0] as { id: number; body: string } | undefined;
        body = message && message.id > after ? message.body : '';
        return body;
      },
      { message: `a ${channel} to ${recipient}` },
    )
    .not.toBe('');
  return body;
};
const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;
export const smsCode = async (api: APIRequestContext, mobile: string, after = 0) =>
  codeIn(await latestMessage(api, `+55${mobile}`, 'sms', after));
export const emailCode = async (api: APIRequestContext, email: string, after = 0) =>
  codeIn(await latestMessage(api, email, 'email', after));

export type Member = { username: string; mobile: string; email: string };

/** The password every journey registers with. */
export const PASSWORD = 'Secret123';

export const registerDialog = (page: Page, lang: Lang) =>
  page.getByRole('dialog', { name: t(lang, 'auth.registerTitle') });

/** A catalogue text with its {{placeholders}} filled. */
const filled = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Registers through the modal (as a new visitor: terms checked first, SMS code from the outbox)
 *  and returns the credentials; the page is left logged in, at home, the welcome dialog closed.
 *  On the way it checks what a newcomer reads: the terms link, country names in the page's
 *  language, the SMS code's validity beside the resend countdown, one name for the invitation code. */
export const register = async (
  page: Page,
  lang: Lang,
  mode: 'username' | 'mobile',
  /** Runs while the welcome dialog is open (e.g. a screenshot of it). */
  onWelcome?: () => Promise<void>,
) => {
  const solve = captchaSolver(page);
  await page.goto('/register');
  const dialog = registerDialog(page, lang);
  await expect(dialog).toBeVisible();
  if (mode === 'mobile') await dialog.getByRole('tab', { name: t(lang, 'auth.byMobileReg') }).click();

  // Terms and required fields are checked before anything is sent.
  await dialog.getByRole('button', { name: t(lang, 'auth.submitRegister') }).click();
  await expect(dialog.getByText(t(lang, 'auth.termsRequired'))).toBeVisible();
  // The terms open their help article in a new tab: the form stays as typed.
  const terms = dialog.getByRole('link', { name: t(lang, 'auth.termsLink') });
  await expect(terms).toHaveAttribute('href', '/help#term');
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(terms).toHaveAttribute('rel', /noopener/);
  // Country names in the page's language (the server's list is Portuguese).
  await expect(dialog.getByLabel(t(lang, 'auth.countryCode')).locator('option:checked')).toHaveText(
    lang === 'EN' ? '+55 Brazil' : '+55 Brasil',
  );

  const username = newUsername();
  const mobile = newMobile();
  if (mode === 'username')
    await dialog.getByLabel(t(lang, 'register.fields.username'), { exact: true }).fill(username);
  await dialog.getByLabel(t(lang, 'register.fields.mobileNum'), { exact: true }).fill(mobile);
  await dialog.getByLabel(t(lang, 'register.fields.password'), { exact: true }).fill(PASSWORD);
  await dialog.getByLabel(t(lang, 'register.fields.confirmPassword'), { exact: true }).fill(PASSWORD);
  if (mode === 'username')
    await dialog
      .getByLabel(t(lang, 'register.fields.email'), { exact: true })
      .fill(`${username}@mail.example`);
  const codeField = dialog.getByLabel(
    new RegExp(`${t(lang, 'register.fields.verificationCode')}|${t(lang, 'auth.smsCode')}`),
  );
  // Before sending: how long a code lasts; after: that, and the live resend countdown.
  await expect(codeField).toHaveAccessibleDescription(
    new RegExp(`${escaped(filled(t(lang, 'auth.smsHint'), { minutes: 5 }))}$`),
  );
  await dialog.getByRole('button', { name: t(lang, 'auth.sendCode') }).click();
  // The button counts down after sending.
  await expect(dialog.getByRole('button', { name: /\d+\s*s/ })).toBeDisabled();
  await expect(codeField).toHaveAccessibleDescription(
    new RegExp(
      `${escaped(filled(t(lang, 'auth.smsHintWait'), { minutes: 5, seconds: 'SECONDS' })).replace('SECONDS', '\\d+')}$`,
    ),
  );
  // The SMS itself states the validity, in the member's language.
  const sms = await latestMessage(page.request, `+55${mobile}`, 'sms');
  expect(sms).toContain(lang === 'EN' ? 'expires in 5 minutes' : 'expira em 5 minutos');
  await codeField.fill(codeIn(sms));
  await dialog.getByLabel(t(lang, 'auth.captcha'), { exact: true }).fill(await solve(page.request));
  await dialog.getByRole('checkbox', { name: t(lang, 'auth.terms') }).check();

  // A bad invitation code (a username-mode field here): the warning dialog and the field's error
  // use the field's one name.
  if (mode === 'username') {
    const invitation = dialog.getByLabel(t(lang, 'register.fields.affiliateCode'), { exact: true });
    await invitation.fill('NOSUCH9999');
    await dialog.getByRole('button', { name: t(lang, 'auth.submitRegister') }).click();
    const warning = page.getByRole('alertdialog', { name: t(lang, 'in_popup_prompt') });
    await expect(warning).toContainText(lang === 'EN' ? /invitation code/i : /código de convite/i);
    await warning.getByRole('button', { name: t(lang, 'in_increase_submit') }).click();
    await expect(warning).toHaveCount(0);
    await expect(invitation).toHaveAccessibleDescription(t(lang, 'fieldError.affiliate_invalid'));
    await invitation.fill('');
  }
  await dialog.getByRole('button', { name: t(lang, 'auth.submitRegister') }).click();

  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  // One welcome dialog says what comes next; closing it leaves the home page.
  const welcome = page.getByRole('alertdialog', { name: t(lang, 'auth.welcomeTitle') });
  await expect(welcome).toContainText(mode === 'username' ? username : mobile);
  // Deposits work (PIX): the welcome offers one (issue 25 item 2); closing it stays home.
  await expect(welcome.getByRole('button', { name: t(lang, 'auth.welcomeDeposit') })).toBeVisible();
  await onWelcome?.();
  await welcome.getByRole('button', { name: t(lang, 'auth.welcomeLater') }).click();
  await expect(welcome).toHaveCount(0);
  await expectLoggedIn(page, lang);
  return { username, mobile, email: `${username}@mail.example` };
};

export const loginDialog = (page: Page, lang: Lang) =>
  page.getByRole('dialog', { name: t(lang, 'auth.loginTitle') });

export const openLogin = async (page: Page, lang: Lang) => {
  await page
    .getByRole('banner')
    .getByRole('button', { name: t(lang, 'header.login'), exact: true })
    .click();
  await expect(loginDialog(page, lang)).toBeVisible();
  return loginDialog(page, lang);
};

export const accountMenuButton = (page: Page, lang: Lang) =>
  page.getByRole('banner').getByRole('button', { name: t(lang, 'account.menu') });

export const expectLoggedIn = async (page: Page, lang: Lang) => {
  await expect(accountMenuButton(page, lang)).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: t(lang, 'header.login'), exact: true }),
  ).toHaveCount(0);
};

export const logout = async (page: Page, lang: Lang) => {
  await accountMenuButton(page, lang).click();
  await page
    .getByRole('banner')
    .getByRole('button', { name: t(lang, 'account.signOut') })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(t(lang, 'in_sure_logout'));
  await confirm.getByRole('button', { name: t(lang, 'common.confirm') }).click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: t(lang, 'header.login'), exact: true }),
  ).toBeVisible();
};

/** Fills the username login form; the captcha too when the form shows it. */
export const submitLogin = async (
  page: Page,
  lang: Lang,
  username: string,
  password: string,
  solve?: (api: APIRequestContext) => Promise<string>,
) => {
  const dialog = loginDialog(page, lang);
  await dialog.getByLabel(t(lang, 'auth.username'), { exact: true }).fill(username);
  await dialog.getByLabel(t(lang, 'auth.password'), { exact: true }).fill(password);
  const captcha = dialog.getByLabel(t(lang, 'auth.captcha'), { exact: true });
  if (solve && (await captcha.count()) > 0) await captcha.fill(await solve(page.request));
  await dialog.getByRole('button', { name: t(lang, 'auth.submitLogin'), exact: true }).click();
};
