import { expect, test } from '@playwright/test';
import { fromOwnAddress, shot, t } from './support';
import { langOf, register, useLanguage } from './auth-support';

/**
 * A launch of another category (issue 11, Done when): a new member with money opens a sandbox live
 * game from /live; the game popup frames the sandbox vendor's page (plainly labelled), a round is
 * played through the vendor wallet API, and the member site's header balance follows with no reload.
 * Phones in English, desktops in Portuguese.
 */
const GAME = { PT: 'Bacará ao Vivo (Sandbox)', EN: 'Live Baccarat (Sandbox)' } as const;

test('a sandbox live game opens in the game popup and a round moves the header balance', async ({
  page,
  request,
}, info) => {
  const lang = langOf(info);
  const money = (text: string) => (lang === 'PT' ? `R$ ${text}` : `R$ ${text.replace(',', '.')}`);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  await register(page, lang, 'username');

  // Money to play with, through the sandbox's own credit (the deposit journey is wallet-deposit.spec).
  // (From the test runner itself: /dev answers loopback clients only, and the page acts from its own address.)
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const credited = (
    await request.post('/dev/wallet/credit', {
      headers: { authorization: `Bearer ${token}` },
      data: { amount: 2_000, requestId: `e2e-${Date.now()}` },
    })
  ).status();
  expect(credited).toBe(200);
  const balance = page
    .getByRole('banner')
    .getByRole('status', { name: new RegExp(`${t(lang, 'account.balance')}: `) });
  await expect(balance).toHaveAccessibleName(`${t(lang, 'account.balance')}: ${money('20,00')}`);

  await page.goto('/live');
  const name = t(lang, 'lobby.playGame').replace('{{name}}', GAME[lang]);
  await page.getByRole('main').getByRole('button', { name, exact: true }).click();
  const popup = page.getByRole('dialog', { name: GAME[lang] });
  await expect(popup).toBeVisible();
  const game = popup.frameLocator('iframe');
  await expect(game.getByText(t(lang, 'house.sandbox.badge'), { exact: true })).toBeVisible();
  // The play button names its stake ("Play · R$ 1.00"; a pick may be called "Player").
  await game.getByRole('button', { name: new RegExp(`^${t(lang, 'house.sandbox.play')} ·`) }).click();
  const outcome = game.getByRole('status').filter({
    hasText: new RegExp(
      `${t(lang, 'house.sandbox.lost')}|${t(lang, 'house.sandbox.won').split('{{')[0]!.trim()}`,
    ),
  });
  await expect(outcome).toBeVisible();
  // A loss leaves 19,00, a win (2x) 21,00: the header follows the round by itself.
  const won = (await outcome.getByText(t(lang, 'house.sandbox.lost')).count()) === 0;
  await expect(balance).toHaveAccessibleName(
    `${t(lang, 'account.balance')}: ${money(won ? '21,00' : '19,00')}`,
  );
  await shot(page, info, 'sandbox-round');
});
