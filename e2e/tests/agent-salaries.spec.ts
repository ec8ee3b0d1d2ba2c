import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sandboxVendor, shot, t } from './support';
import { langOf, newUsername, PASSWORD, useLanguage, type Lang } from './auth-support';

/*
 * Hourly salary (issue 24): agent01 registers a downline agent and fills in an hourly-salary offer,
 * whose form previews what the downline would have earned last hour under the typed tiers; the
 * downline accepts in the popup, plays two rounds (sandbox vendor), and the hour is settled BY THE
 * SCHEDULE: the e2e server runs the salary job every 10 s (e2e/run.mjs) and the journey puts its own
 * contract an hour ahead of the job's clock (POST /dev/agent-contracts/clock), so the hour it played
 * in is closed for that contract only; both see the settlement with its inputs (team valid bet,
 * rounds, rate, amount). The real-time salary page shows its offer form with the preview. Desktop in
 * Portuguese, phone in English.
 */
const agentLogin = async (page: Page, lang: Lang, username: string, password: string) => {
  await useLanguage(page, lang);
  await page.goto('/agent');
  await page.getByLabel(t(lang, 'auth.username'), { exact: true }).fill(username);
  await page.getByLabel(t(lang, 'auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'auth.agentLogin') }).click();
  await expect(page).toHaveURL(/\/agentHome/);
};

const VENDOR = 'SANDBOX';

/** Settled rounds of a member through the vendor wallet API (docs/vendor-api.md). */
async function play(api: APIRequestContext, memberId: number, rounds: { stake: number; payout: number }[]) {
  const session = await api.post('/dev/vendor/player-session', {
    data: { vendor: VENDOR, memberId, amount: 50_000 },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const playerSession = (await session.json()).value.playerSession as string;
  const send = sandboxVendor(api);
  for (const r of rounds) {
    const roundId = `e2e-${randomBytes(6).toString('hex')}`;
    await send('debit', {
      playerSession,
      transactionId: `${roundId}-d`,
      roundId,
      gameCode: 'LIVE_BACCARAT',
      amount: r.stake,
    });
    await send('credit', {
      playerSession,
      transactionId: `${roundId}-c`,
      roundId,
      amount: r.payout,
      closeRound: true,
    });
  }
}

test('an hourly salary is previewed, offered, accepted and settled with its inputs', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const lang = langOf(info);
  const fmt = (minor: string) => (lang === 'PT' ? minor : minor.replace(',', '.'));
  await agentLogin(page, lang, 'agent01', 'Demo1234');

  await page.goto('/agentHome?page=registerCenter');
  const sub = newUsername();
  await page.getByText(t(lang, 'agent.register.kinds.agent'), { exact: true }).click();
  await page.getByLabel(t(lang, 'agent.register.username'), { exact: true }).fill(sub);
  await page.getByLabel(t(lang, 'agent.register.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'agent.register.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: sub })).toBeVisible();

  // The hourly-salary page: 1.5 % of the team's valid bet; the preview follows the form.
  await page.goto('/agentHome?page=agentHourSalary');
  const form = page.locator('form.contract-offer');
  const preview = form.getByTestId('contract-preview');
  await expect(preview).toContainText(t(lang, 'contracts.previewChoose'));
  await form.getByLabel(t(lang, 'contracts.downline')).selectOption({ label: sub });
  await form.getByLabel(t(lang, 'contracts.rate'), { exact: true }).fill('1,5');
  await expect(form.getByTestId('contract-preview-amount')).toContainText(fmt('0,00'));
  await expect(preview).toContainText(sub);
  await form.scrollIntoViewIfNeeded();
  await shot(page, info, 'salaries-hourly-preview');
  await form.getByRole('button', { name: t(lang, 'contracts.sendOffer') }).click();
  await expect(form.getByRole('status').filter({ hasText: sub })).toBeVisible();

  // The downline accepts in the popup, then its team (itself) plays: 150.00 staked.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const p2 = await other.newPage();
  await agentLogin(p2, lang, sub, PASSWORD);
  const popup = p2.getByRole('dialog', { name: t(lang, 'contracts.kinds.HOURLY') });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: t(lang, 'contracts.accept') }).click();
  await expect(popup).toHaveCount(0);
  const token = await p2.evaluate(() => sessionStorage.getItem('token'));
  const me = await p2.request.get('/wps/member/info', { headers: { Authorization: `Bearer ${token}` } });
  await play(p2.request, (await me.json()).value.id as number, [
    { stake: 10_000, payout: 0 },
    { stake: 5_000, payout: 8_000 },
  ]);

  // The rollups take the rounds asynchronously (a settlement waits 30 s after the hour for them): wait
  // until agent01's downline P&L (the same consumer's rollups) shows both, then let the schedule
  // settle the hour as if an hour had passed.
  const topToken = await page.evaluate(() => sessionStorage.getItem('token'));
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/wps/agent/team/pnl?period=D&limit=100', {
          headers: { Authorization: `Bearer ${topToken}` },
        });
        const items = (await res.json()).value.items as { account: string; validBet: number }[];
        return items.find((i) => i.account === sub)?.validBet;
      },
      { timeout: 30_000 },
    )
    .toBe(15_000);
  const subAuth = { Authorization: `Bearer ${token}` };
  const mine = await p2.request.get('/wps/agent/contracts?role=downline&kind=HOURLY', { headers: subAuth });
  expect(mine.ok(), await mine.text()).toBe(true);
  const contractId = (await mine.json()).value.list[0].id as number;
  const ahead = await p2.request.post('/dev/agent-contracts/clock', {
    data: { contractIds: [contractId], aheadSeconds: 3_660 },
  });
  expect(ahead.ok(), await ahead.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await p2.request.get('/wps/agent/contracts/settlements?kind=HOURLY&role=downline', {
          headers: subAuth,
        });
        const list = (await res.json()).value.list as { contractId: number; amount: number }[];
        return list.filter((s) => s.contractId === contractId).reduce((sum, s) => sum + s.amount, 0);
      },
      { timeout: 60_000 },
    )
    .toBe(225);

  for (const p of [p2, page]) {
    await p.goto('/agentHome?page=agentHourSalary');
    const row = p.getByTestId('settlement-row').filter({ hasText: sub });
    await expect(row).toBeVisible();
    await expect(row).toContainText(fmt('150,00'));
    await expect(row).toContainText(fmt('2,25'));
  }
  await p2.getByRole('heading', { name: t(lang, 'contracts.settlements') }).scrollIntoViewIfNeeded();
  await shot(p2, info, 'salaries-hourly-downline');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: `e2e/.artifacts/shots/${info.project.name}-salaries-hourly-full-${scheme}.png`,
      fullPage: true,
    });
  }

  // The real-time salary page: its offer form with the preview (the last hour's 5-minute periods).
  await page.goto('/agentHome?page=agentRealtimeSalary');
  const rt = page.locator('form.contract-offer');
  await rt.getByLabel(t(lang, 'contracts.downline')).selectOption({ label: sub });
  await expect(rt.getByTestId('contract-preview')).toContainText(t(lang, 'contracts.previewRealtime'));
  await rt.scrollIntoViewIfNeeded();
  await shot(page, info, 'salaries-realtime-preview');
  await other.close();
});
