import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { langOf, register, registerDialog, useLanguage } from './auth-support';
import { financeOperator, fromOwnAddress, isPhone, sandboxVendor, shot, t } from './support';

/**
 * The member's records (issue 11 item 5) as a new member meets them: rounds played through the
 * vendor wallet API (a sandbox player session for the member, then debits and credits signed as a
 * vendor signs them), found in the betting record with a filter and its totals, summed on the profit
 * page, and a bonus an operator grants shown in bonus details with its turnover. Phones run in
 * English, desktops in Portuguese.
 */
test.describe.configure({ mode: 'serial' });
// axe-core is injected into the page; the app's strict CSP would refuse it otherwise.
test.use({ bypassCSP: true });

/** In dark and light: no axe violation, and a screenshot for a person to look at. */
async function lookAt(page: Page, info: TestInfo, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    // The app follows the system's scheme through a listener that sets data-theme: judge the page
    // once it has, not in between.
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await shot(page, info, `${name}-${theme}`);
  }
}

const VENDOR = 'SANDBOX';

async function memberId(page: Page): Promise<number> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await page.request.get('/wps/member/info', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).value.id as number;
}

test('play rounds, find them in the betting record, see the profit, and a bonus with its turnover', async ({
  page,
  request,
}, info) => {
  // Generous: ten rounds, three pages in two themes each with axe, on a shared machine.
  test.setTimeout(300_000);
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  // On a loaded machine the first visit's register modal can take longer than register() waits:
  // open it once first, so its chunks are cached.
  await page.goto('/register');
  await expect(registerDialog(page, lang)).toBeVisible({ timeout: 60_000 });
  await register(page, lang, 'username');
  const id = await memberId(page);

  // Money to play, a player session of the sandbox vendor for this member, then three rounds.
  const session = await request.post('/dev/vendor/player-session', {
    data: { vendor: VENDOR, memberId: id, amount: 50_000 },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const playerSession = (await session.json()).value.playerSession as string;
  const send = sandboxVendor(request);
  const rounds = [
    { gameCode: 'LIVE_BACCARAT', stake: 1_000, payout: 2_500 },
    { gameCode: 'LIVE_ROULETTE', stake: 2_000, payout: 0 },
    { gameCode: 'FISH_OCEAN', stake: 500, payout: 300 },
  ];
  for (const r of rounds) {
    const roundId = `e2e-${randomBytes(6).toString('hex')}`;
    await send('debit', {
      playerSession,
      transactionId: `${roundId}-d`,
      roundId,
      gameCode: r.gameCode,
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
  const fmt = (minor: string) => (lang === 'PT' ? minor : minor.replace(',', '.'));

  // Betting record: all three, newest first; then the live casino only, with its totals.
  await page.goto('/member?page=personalHistoryCopy');
  const rows = page.getByTestId('bet-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`-${fmt('2,00')}`);
  await expect(page.getByTestId('bet-totals')).toContainText(`-${fmt('7,00')}`);
  await shot(page, info, 'records-bets');
  // A row's detail: its round id (the vendor's), and for an outside provider's round, no house proof.
  await rows.nth(0).locator('summary').click();
  await expect(rows.nth(0).getByTestId('round-id')).toHaveText(/\S+/);
  await expect(rows.nth(0).getByText(t(lang, 'records.noVerify'))).toBeVisible();
  await shot(page, info, 'records-bets-detail');
  // Filters that match nothing say so (not "no rounds yet"), with a way back.
  await page
    .getByLabel(t(lang, 'records.status'), { exact: true })
    .selectOption({ label: t(lang, 'records.statuses.CANCELLED') });
  await page.getByRole('button', { name: t(lang, 'records.apply'), exact: true }).click();
  await expect(page.getByText(t(lang, 'records.betsEmptyFiltered'))).toBeVisible();
  await expect(page.getByText(t(lang, 'records.empty'))).toHaveCount(0);
  await page.getByRole('button', { name: t(lang, 'records.clearFilters') }).click();
  await expect(rows).toHaveCount(3);
  await page
    .getByLabel(t(lang, 'records.category'), { exact: true })
    .selectOption({ label: t(lang, 'category.LIVE') });
  await page.getByRole('button', { name: t(lang, 'records.apply'), exact: true }).click();
  await expect(rows).toHaveCount(2);
  const totals = page.getByTestId('bet-totals');
  await expect(totals).toContainText(fmt('30,00'));
  await expect(totals).toContainText(fmt('25,00'));
  await expect(totals).toContainText(`-${fmt('5,00')}`);
  if (isPhone(info)) await expect(rows.nth(0)).toHaveCSS('display', 'grid');
  await lookAt(page, info, 'records-bets-live');

  // Profit and loss: today's bar and the categories.
  await page.goto('/member?page=personalProfit');
  await expect(page.getByTestId('profit-totals')).toContainText(`-${fmt('7,00')}`);
  await expect(page.getByTestId('profit-category')).toHaveCount(2);
  await page.getByRole('button', { name: t(lang, 'records.profitPage.periods.month'), exact: true }).click();
  await expect(page.getByTestId('profit-totals')).toContainText(`-${fmt('7,00')}`);
  await lookAt(page, info, 'records-profit');

  // Bonus details: empty, then an operator's bonus with the turnover it adds.
  await page.goto('/member?page=bonusDetails');
  await expect(page.getByText(t(lang, 'records.bonus.empty'))).toBeVisible();
  const ops = await financeOperator(request);
  const grant = await request.post('/ops/wallet/bonuses', {
    headers: ops,
    data: { memberId: id, amount: 10_000, reason: 'Welcome bonus', idempotencyKey: `e2e-bonus-${id}` },
  });
  expect(grant.ok(), await grant.text()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('bonus-row')).toHaveCount(1);
  await expect(page.getByTestId('bonus-row')).toContainText(`+${fmt('100,00')}`);
  await expect(page.getByTestId('bonus-turnover')).toBeVisible();
  await lookAt(page, info, 'records-bonus');
});
