import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { langOf, register, registerDialog, useLanguage, type Lang } from './auth-support';
import { fromOwnAddress, isPhone, shot, t, totpCode } from './support';

/**
 * Platform messages as a new member meets them: the welcome the gateway writes at registration waits
 * unread (the header bell says 1), opening it in the member centre reads it (the badge goes), and a
 * message an operator sends from the back office arrives, in the page's language, with its rich text.
 * The inbox passes axe in both themes. Phones run in English, desktops in Portuguese.
 */
test.describe.configure({ mode: 'serial' });
// axe-core is injected into the page; the app's strict CSP would refuse it otherwise.
test.use({ bypassCSP: true });

/** In dark and light: no axe violation, and a screenshot for a person to look at. */
async function lookAt(page: Page, info: TestInfo, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // A dialog or a badge fading in has colours in between: judge the page once it has settled.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished),
      ),
    );
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await shot(page, info, `${name}-${theme}`);
  }
}

/** A catalogue text with its {{placeholders}} as "anything" (the site's name, an amount). */
const pattern = (text: string) =>
  new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}`);

/**
 * A support operator (members.messages) for the back office's send call: created with the bootstrap
 * OPERATOR_TOKEN, then logged in with its password and a TOTP code as a script would (bearer session).
 */
async function supportOperator(api: APIRequestContext): Promise<Record<string, string>> {
  const username = `sup${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 1000)}`;
  const password = 'e2e-support-password';
  const created = await api.post('/ops/operators', {
    headers: { Authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN ?? ''}` },
    data: { username, password, role: 'support' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const login = await api.post('/ops/session/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { challenge, enrolment } = (await login.json()).value;
  const session = await api.post('/ops/session/totp', {
    data: { challenge, code: totpCode(enrolment.secret), session: 'bearer' },
  });
  expect(session.ok(), await session.text()).toBe(true);
  return { Authorization: `Bearer ${(await session.json()).value.token}` };
}

/** The member's unread count as the gateway answers it (the bell's own call). */
const unreadOf = async (page: Page): Promise<number> => {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await page.request.get('/wps/relay/CSP_unreadCount', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).value.count as number;
};

const bell = (page: Page, lang: Lang, count: number) =>
  page.getByRole('banner').getByRole('button', {
    name:
      count === 0
        ? t(lang, 'account.notices')
        : count === 1
          ? t(lang, 'account.noticesUnreadOne')
          : t(lang, 'account.noticesUnread').replace('{{count}}', String(count)),
    exact: true,
  });

test('a new member reads the welcome message and one an operator sends', async ({ page }, info) => {
  // Generous: a registration, two pages in two themes each with axe, on a shared machine.
  test.setTimeout(240_000);
  const lang = langOf(info);
  // Phones at the narrowest width the site is made for.
  if (isPhone(info)) await page.setViewportSize({ width: 360, height: 760 });
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  // On a loaded machine the first visit's register modal can take longer than register() waits:
  // open it once first, so its chunks are cached.
  await page.goto('/register');
  await expect(registerDialog(page, lang)).toBeVisible({ timeout: 60_000 });
  const { username } = await register(page, lang, 'username');

  // The gateway writes the welcome from the registration's event: once it is there, the page
  // (reloaded, not waiting for the next minute's poll) shows it on the bell.
  await expect.poll(() => unreadOf(page), { timeout: 30_000 }).toBe(1);
  await page.reload();
  await expect(bell(page, lang, 1)).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveText('1');

  // The bell leads to the inbox: the welcome, unread, in the site's words.
  await bell(page, lang, 1).click();
  await expect(page).toHaveURL(/\/member\?page=messageV2$/);
  const panel = page.getByRole('region', { name: t(lang, 'member.pages.messageV2') });
  await expect(panel.getByRole('heading', { name: t(lang, 'member.pages.messageV2') })).toBeVisible();
  const items = panel.getByTestId('message-item');
  await expect(items).toHaveCount(1);
  const welcome = items.first();
  await expect(welcome).toHaveClass(/is-unread/);
  const welcomeTitle = pattern(t(lang, 'inbox.kinds.welcome.title'));
  // The member-centre menu says it too.
  await expect(
    page.getByRole('navigation', { name: t(lang, 'member.menu') }).getByRole('button', {
      name: new RegExp(t(lang, 'account.unreadOne')),
    }),
  ).toBeVisible();
  await shot(page, info, 'messages-unread');

  // Opening it reads it: the text and its next steps, and every badge goes.
  const open = welcome.getByRole('button', { expanded: false });
  await expect(open).toContainText(welcomeTitle);
  await open.click();
  await expect(welcome.getByRole('button', { expanded: true })).toBeVisible();
  await expect(welcome.getByRole('region')).toContainText(t(lang, 'inbox.kinds.welcome.text'));
  await expect(welcome.getByRole('link', { name: t(lang, 'inbox.links.deposit') })).toBeVisible();
  await expect(welcome).not.toHaveClass(/is-unread/);
  await expect(bell(page, lang, 0)).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  await lookAt(page, info, 'messages-open');

  // An operator writes to this member, in both languages; the member reads it in the page's.
  const ops = await supportOperator(page.request);
  const sent = await page.request.post('/ops/messages', {
    headers: ops,
    data: {
      audience: 'member',
      username,
      titlePT: 'Seu bônus de boas-vindas',
      titleEN: 'Your welcome bonus',
      contentPT: '<p>Deposite hoje e ganhe <strong>100% de bônus</strong>.</p><ul><li>Só hoje</li></ul>',
      contentEN: '<p>Deposit today and get a <strong>100% bonus</strong>.</p><ul><li>Today only</li></ul>',
      reason: 'e2e: an operator message to one member',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await expect.poll(() => unreadOf(page), { timeout: 30_000 }).toBe(1);
  await page.reload();
  await expect(bell(page, lang, 1)).toBeVisible();
  await expect(items).toHaveCount(2);
  const title = lang === 'EN' ? 'Your welcome bonus' : 'Seu bônus de boas-vindas';
  const bonus = items.first();
  await expect(bonus).toHaveClass(/is-unread/);
  await bonus.getByRole('button', { name: new RegExp(title) }).click();
  await expect(bonus.getByRole('region').locator('strong')).toHaveText(
    lang === 'EN' ? '100% bonus' : '100% de bônus',
  );
  await expect(bell(page, lang, 0)).toBeVisible();
  await shot(page, info, 'messages-operator');

  // Nothing unread is left: the Unread tab says so.
  await panel.getByRole('tab', { name: t(lang, 'inbox.unread') }).click();
  await expect(panel.getByText(t(lang, 'inbox.emptyUnread'))).toBeVisible();
  await lookAt(page, info, 'messages-empty-unread');

  // Select the operator's message and delete it, after the confirmation.
  await panel.getByRole('tab', { name: t(lang, 'inbox.all') }).click();
  await expect(items).toHaveCount(2);
  await panel.getByRole('checkbox', { name: t(lang, 'inbox.select').replace('{{title}}', title) }).check();
  await panel.getByRole('button', { name: t(lang, 'inbox.deleteSelected'), exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: t(lang, 'inbox.deleteTitle') });
  await expect(confirm).toContainText(t(lang, 'inbox.deleteTextOne'));
  await confirm.getByRole('button', { name: t(lang, 'inbox.deleteSelected'), exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByRole('status').filter({ hasText: t(lang, 'inbox.deletedOne') })).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(welcomeTitle);

  // Feedback from the inbox; the operator's answer comes back as a message, with what was written.
  await panel.getByRole('button', { name: t(lang, 'inbox.sendFeedback') }).click();
  const feedback = page.getByRole('dialog', { name: t(lang, 'feedback.title') });
  await feedback.getByLabel(t(lang, 'feedback.type')).selectOption('payment');
  await feedback.getByRole('textbox', { name: t(lang, 'feedback.content') }).fill('My PIX took a while');
  await feedback.getByRole('button', { name: t(lang, 'feedback.send'), exact: true }).click();
  await expect(feedback.getByRole('status')).toContainText(t(lang, 'feedback.thanks'));
  await shot(page, info, 'messages-feedback-sent');
  await feedback
    .getByRole('button', { name: t(lang, 'common.close'), exact: true })
    .last()
    .click();
  await expect(feedback).toHaveCount(0);
  const waiting = await page.request.get('/ops/feedback?status=open&pageSize=100', { headers: ops });
  expect(waiting.ok(), await waiting.text()).toBe(true);
  const mine = (await waiting.json()).value.list.find((f: { username: string }) => f.username === username);
  expect(mine).toMatchObject({ questionType: 'payment', content: 'My PIX took a while', status: 'open' });
  const answered = await page.request.post(`/ops/feedback/${mine.id}/reply`, {
    headers: ops,
    data: { reply: 'It is credited now.' },
  });
  expect(answered.ok(), await answered.text()).toBe(true);
  await expect.poll(() => unreadOf(page), { timeout: 30_000 }).toBe(1);
  await page.reload();
  await expect(items).toHaveCount(2);
  const replyTitle = lang === 'EN' ? 'Reply to your feedback' : 'Resposta ao seu feedback';
  await items
    .first()
    .getByRole('button', { name: new RegExp(replyTitle) })
    .click();
  await expect(items.first().getByRole('region')).toContainText('It is credited now.');
  await expect(items.first().getByRole('region')).toContainText('My PIX took a while');
});
