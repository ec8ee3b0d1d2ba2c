import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { langOf, register, registerDialog, unique, useLanguage } from './auth-support';
import { financeOperator, fromOwnAddress, shot, t } from './support';

/**
 * The quick lottery as a new member plays it (issue 11): money in through the adjustments API, the
 * /lottery page launches the house lottery into its frame, the member picks two options, buys a
 * ticket, the draw comes, the member sees the opened numbers and the settled ticket, and verifies the
 * draw in the browser. Phones run in English, desktops in Portuguese; dark first, then light; axe on
 * both.
 *
 * The journey owns the schedule rather than racing a real draw (which a busy machine lost): e2e/run.mjs
 * gives this table a 600 s period, and the sandbox's POST /dev/lottery/draw moves the lottery clock
 * past the running period's draw. Once to start in a fresh period with minutes of betting ahead, once
 * to have the ticket's period drawn (the gateway's draw loop runs every 2 s).
 */
test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial' });

/** Skips the lottery clock past the running period's draw; answers the period now open. */
async function skipToDraw(request: APIRequestContext, expectDue?: string): Promise<string> {
  const res = await request.post('/dev/lottery/draw', { data: { gameCode: 'QUICK5D' } });
  expect(res.ok(), await res.text()).toBe(true);
  const { due, open } = (await res.json()).value as { due: string; open: string };
  if (expectDue) expect(due).toBe(expectDue);
  return open;
}

async function memberId(page: Page): Promise<number> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await page.request.get('/wps/member/info', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).value.id as number;
}

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).include('iframe').analyze()).violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

test('buy a lottery ticket, wait for the draw, see the result, the settlement and verify it', async ({
  page,
  request,
}, info) => {
  test.setTimeout(300_000);
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  // On a loaded machine the first visit fetches every chunk: warm them before the timed helper.
  await page.goto('/register');
  await expect(registerDialog(page, lang)).toBeVisible({ timeout: 60_000 });
  await register(page, lang, 'username');
  const ops = await financeOperator(request);
  const credited = await request.post('/ops/wallet/adjustments', {
    headers: ops,
    data: {
      memberId: await memberId(page),
      amount: 20_000,
      reason: 'Lottery money',
      idempotencyKey: `e2e-lotto-${unique()}`,
    },
  });
  expect(credited.ok(), await credited.text()).toBe(true);

  await page.goto('/lottery');
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'games.lotteryTitle') })).toBeVisible();
  const game = page.frameLocator('iframe.lottery-page__frame');
  await expect(
    game
      .getByText(t(lang, 'lottery.closesIn'))
      .or(game.getByText(t(lang, 'lottery.drawIn')))
      .first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(game.locator('.house__balance')).toContainText('200');

  // A fresh period with minutes of betting ahead, shown once the page has polled it (every 3 s).
  const period = await skipToDraw(request);
  await expect(game.locator('.lotto__period-id')).toContainText(period, { timeout: 30_000 });
  await expect(game.getByText(t(lang, 'lottery.closesIn'))).toBeVisible();
  const table = game.getByRole('group', { name: t(lang, 'lottery.marketsLabel') });
  const sumBigSmall = table.getByRole('group', { name: t(lang, 'lottery.market.sumBigSmall') });
  await sumBigSmall.getByRole('button', { name: new RegExp(`^${t(lang, 'lottery.selection.big')}`) }).click();
  const oddEven = table.getByRole('group', { name: t(lang, 'lottery.market.sumOddEven') });
  await oddEven.getByRole('button', { name: new RegExp(`^${t(lang, 'lottery.selection.even')}`) }).click();
  const stake = game.getByLabel(t(lang, 'lottery.stake'));
  await stake.fill('5');
  await shot(page, info, 'lottery-slip');
  const slip = game.getByRole('complementary', { name: t(lang, 'lottery.slip') });
  await expect(slip.getByRole('listitem')).toHaveCount(2);
  await slip.getByRole('button', { name: t(lang, 'lottery.buy') }).click();
  await expect(slip.getByRole('status')).toContainText(period);
  // Two bets of 5.00 left 190.00 of 200.00.
  await expect(game.locator('.house__balance')).toContainText('190');

  const tickets = game.getByRole('region', { name: t(lang, 'lottery.myTickets') });
  const ticket = tickets
    .getByRole('listitem')
    .filter({ hasText: t(lang, 'lottery.status.pending') })
    .first();
  await expect(ticket).toBeVisible();
  await shot(page, info, 'lottery-pending');

  // The draw: the ticket's period is due, and within a few seconds the ticket is settled with the
  // opened numbers.
  await skipToDraw(request, period);
  const settled = tickets
    .locator('.lotto__ticket')
    .filter({ hasText: new RegExp(`${t(lang, 'lottery.status.won')}|${t(lang, 'lottery.status.lost')}`) });
  await expect(settled).toHaveCount(1, { timeout: 60_000 });
  await expect(settled.getByRole('list', { name: /\d{8}-\d{4}/ })).toBeVisible();
  await expect(settled).toContainText(t(lang, 'lottery.win'));
  await shot(page, info, 'lottery-settled');

  // The results view: the opened numbers, the revealed seed, and a verify computed in the browser.
  await game.getByRole('tab', { name: t(lang, 'lottery.lobby') }).click();
  const first = game.locator('.lotto__result').first();
  await first.getByRole('button', { name: t(lang, 'lottery.verify') }).click();
  await expect(first.getByRole('status')).toContainText(t(lang, 'lottery.verified').split('{{')[0]!.trim());
  await shot(page, info, 'lottery-results-dark');
  expect(await axe(page)).toEqual([]);

  await page.emulateMedia({ colorScheme: 'light' });
  await game.getByRole('tab', { name: t(lang, 'lottery.betting') }).click();
  await shot(page, info, 'lottery-betting-light');
  expect(await axe(page)).toEqual([]);
});
