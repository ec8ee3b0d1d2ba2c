import { expect, test, type Page } from '@playwright/test';
import { financeOperator, playSandboxRounds, shot, t } from './support';
import { langOf, newUsername, PASSWORD, unique, useLanguage, type Lang } from './auth-support';

/*
 * Agent contracts (issue 24): agent01 registers a downline agent in its register centre and offers it
 * a daily-wage contract; the downline logs in, accepts in the contract popup, registers a member of
 * its own, who is credited and plays three rounds with the sandbox vendor; the settlement runs through
 * the dev route and both agents see the payout with its inputs on the daily-wage page (1.5 % of the
 * team's R$ 65,00 valid bet: R$ 0,97, rounded down), and the downline finds it in its account record.
 * Desktop in Portuguese, phone in English.
 */
const agentLogin = async (page: Page, lang: Lang, username: string, password: string) => {
  await useLanguage(page, lang);
  await page.goto('/agent');
  await page.getByLabel(t(lang, 'auth.username'), { exact: true }).fill(username);
  await page.getByLabel(t(lang, 'auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'auth.agentLogin') }).click();
  await expect(page).toHaveURL(/\/agentHome/);
};

test('a daily-wage contract is offered, accepted in the popup and settled', async ({
  page,
  browser,
}, info) => {
  const lang = langOf(info);
  const money = (pt: string) => (lang === 'PT' ? pt : pt.replace(',', '.'));
  await agentLogin(page, lang, 'agent01', 'Demo1234');

  // agent01 registers a downline agent.
  await page.goto('/agentHome?page=registerCenter');
  const sub = newUsername();
  await page.getByText(t(lang, 'agent.register.kinds.agent'), { exact: true }).click();
  await page.getByLabel(t(lang, 'agent.register.username'), { exact: true }).fill(sub);
  await page.getByLabel(t(lang, 'agent.register.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'agent.register.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: sub })).toBeVisible();

  // The daily-wage page: offer 1.5 % of the team's valid bet.
  await page.goto('/agentHome?page=agentDailyWages2');
  const form = page.locator('form.contract-offer');
  await form.getByLabel(t(lang, 'contracts.downline')).selectOption({ label: sub });
  await form.getByLabel(t(lang, 'contracts.rate'), { exact: true }).fill('1,5');
  await shot(page, info, 'contracts-offer-form');
  await form.getByRole('button', { name: t(lang, 'contracts.sendOffer') }).click();
  await expect(form.getByRole('status').filter({ hasText: sub })).toBeVisible();
  await expect(page.locator('.contract-card').filter({ hasText: sub })).toContainText(
    t(lang, 'contracts.statuses.offered'),
  );

  // The downline logs in: the contract popup shows the offer; it accepts.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const p2 = await other.newPage();
  await agentLogin(p2, lang, sub, PASSWORD);
  const popup = p2.getByRole('dialog', { name: t(lang, 'contracts.kinds.DAILY') });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('agent01');
  await expect(popup.getByRole('table')).toContainText('1,5 %'.replace(',', lang === 'EN' ? '.' : ','));
  await shot(p2, info, 'contracts-popup');
  await popup.getByRole('button', { name: t(lang, 'contracts.accept') }).click();
  await expect(popup).toHaveCount(0);

  // The downline registers a member of its own, who is credited R$ 100,00 and plays three rounds.
  await p2.goto('/agentHome?page=registerCenter');
  const player = newUsername();
  await p2.getByText(t(lang, 'agent.register.kinds.member'), { exact: true }).click();
  await p2.getByLabel(t(lang, 'agent.register.username'), { exact: true }).fill(player);
  await p2.getByLabel(t(lang, 'agent.register.password'), { exact: true }).fill(PASSWORD);
  await p2.getByRole('button', { name: t(lang, 'agent.register.submit'), exact: true }).click();
  await expect(p2.getByRole('status').filter({ hasText: player })).toBeVisible();
  const subToken = await p2.evaluate(() => sessionStorage.getItem('token'));
  const subAuth = { Authorization: `Bearer ${subToken}` };
  const direct = await p2.request.get(`/wps/agent/downline?scope=direct&account=${player}`, {
    headers: subAuth,
  });
  expect(direct.ok(), await direct.text()).toBe(true);
  const playerId = (await direct.json()).value.items[0].memberId as number;
  const credit = await p2.request.post('/ops/wallet/adjustments', {
    headers: await financeOperator(p2.request),
    data: {
      memberId: playerId,
      amount: 10_000,
      reason: 'e2e stake money',
      idempotencyKey: `e2e-${unique()}`,
    },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  await playSandboxRounds(p2.request, playerId, [
    { gameCode: 'LIVE_BACCARAT', stake: 3_000, payout: 1_000 },
    { gameCode: 'LIVE_ROULETTE', stake: 2_000, payout: 0 },
    { gameCode: 'FISH_OCEAN', stake: 1_500, payout: 4_000 },
  ]);
  // The rounds reach the team rollups through the reports consumer after their commits: wait for them
  // in the downline's own team summary before settling.
  await expect
    .poll(async () => {
      const res = await p2.request.get('/wps/agent/team/summary?period=D', { headers: subAuth });
      return (await res.json()).value.validBet as number;
    })
    .toBe(6_500);

  // The settlement of today runs now (dev route: the period before tomorrow).
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const res = await p2.request.post('/dev/agent-contracts/settle', {
    data: { kind: 'DAILY', day: tomorrow },
  });
  expect(res.ok()).toBe(true);

  for (const p of [p2, page]) {
    await p.goto('/agentHome?page=agentDailyWages2');
    const row = p.getByTestId('settlement-row').filter({ hasText: sub });
    await expect(row).toBeVisible();
    await expect(row).toContainText('agent01');
    // Its inputs and the payout: R$ 65,00 of valid bet, 1.5 %, R$ 0,97 paid (the house pays agent01's
    // grants: agent01 has no upline).
    await expect(row).toContainText(money('65,00'));
    await expect(row).toContainText(money('0,97'));
  }
  // The downline's account record holds the credit.
  await p2.goto('/member?page=transactionHistory');
  const credited = p2
    .getByTestId('record-row')
    .filter({ hasText: t(lang, 'wallet.record.types.AGENT_CONTRACT') });
  await expect(credited).toContainText(`+${money('0,97')}`);
  await shot(p2, info, 'contracts-account-record');
  await shot(p2, info, 'contracts-downline-page');
  await shot(page, info, 'contracts-upline-page');
  // Whole pages in both themes for a person to look at.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: `e2e/.artifacts/shots/${info.project.name}-contracts-full-${scheme}.png`,
      fullPage: true,
    });
  }
  await other.close();
});
