import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { openLogin, submitLogin, useLanguage } from './auth-support';
import { sandboxVendor, t } from './support';

/**
 * Issue 25: no page of the member centre, nor the lottery page, nor the home page in English, is
 * wider than a 390 px phone (the profit table once was 420 px and the page scrolled sideways). The
 * demo member first plays a few rounds through the vendor wallet API, so the record pages have rows.
 */
const VENDOR = 'SANDBOX';

/** The member centre's pages (spec section 2; MEMBER_CENTRE_PAGES in the contract). */
const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;

/** A few settled rounds for the logged-in member, signed as the sandbox vendor signs them. */
async function playRounds(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const info = await page.request.get('/wps/member/info', { headers: { Authorization: `Bearer ${token}` } });
  const memberId = (await info.json()).value.id as number;
  const session = await page.request.post('/dev/vendor/player-session', {
    data: { vendor: VENDOR, memberId, amount: 10_000 },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const playerSession = (await session.json()).value.playerSession as string;
  const send = sandboxVendor(page.request);
  for (const [gameCode, stake, payout] of [
    ['LIVE_BACCARAT', 1_234, 2_500],
    ['FISH_OCEAN', 500, 0],
  ] as const) {
    const roundId = `phone-${randomBytes(6).toString('hex')}`;
    await send('debit', { playerSession, transactionId: `${roundId}-d`, roundId, gameCode, amount: stake });
    await send('credit', {
      playerSession,
      transactionId: `${roundId}-c`,
      roundId,
      amount: payout,
      closeRound: true,
    });
  }
}

/** The document is no wider than the phone (a mobile viewport would otherwise grow to fit it). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${where} is ${scrollWidth} px wide on a ${width} px phone`).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => window.innerWidth), where).toBeLessThanOrEqual(width);
}

test('every member-centre page, the lottery and the home page fit a 390 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  const lang = 'EN';
  await useLanguage(page, lang);
  await page.goto('/');
  await openLogin(page, lang);
  await submitLogin(page, lang, 'demo01', 'Demo1234');
  await expect(page.getByRole('dialog', { name: t(lang, 'auth.loginTitle') })).toHaveCount(0);
  await playRounds(page);

  for (const name of MEMBER_CENTRE_PAGES) {
    await page.goto(`/member?page=${name}`);
    await expect(
      // The centre's panel (a page may hold a region of the same name inside it).
      page.getByRole('region', { name: t(lang, `member.pages.${name}`), exact: true }).first(),
    ).toBeVisible();
    // The page's own content has arrived (no skeleton, spinner or busy list left).
    await expect(page.locator('main .skeleton, main .spinner, main [aria-busy="true"]')).toHaveCount(0);
    if (name === 'personalProfit') await expect(page.getByTestId('profit-category').first()).toBeVisible();
    await expectNoSidewaysScroll(page, `/member?page=${name}`);
  }

  await page.goto('/lottery');
  await expect(page.frameLocator('iframe.lottery-page__frame').locator('.lotto__chip').first()).toBeVisible();
  await expectNoSidewaysScroll(page, '/lottery');

  await page.goto('/');
  await expect(page.locator('.game-tile:not(.game-tile--skeleton)').first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await expectNoSidewaysScroll(page, '/ (EN)');
});
