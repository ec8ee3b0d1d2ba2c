import { expect, test, type Page } from '@playwright/test';
import { fromOwnAddress, isPhone, shot, t } from './support';
import { expectLoggedIn, langOf, useLanguage, type Lang } from './auth-support';

/**
 * The free trial (issue 25 item 1): a visitor presses a game tile's free-trial button; a trial
 * account is created on the way and the game opens in play money (XPL), on the house slot and then,
 * reusing that trial account, on a sandbox game; each round settles and moves the play-money
 * balance. A real launch (Play) by the trial account is still refused with the in_need_true_account
 * prompt. On a phone the trial header keeps one row. Phones in English, desktops in Portuguese.
 */
const SLOT = { PT: 'Fortuna Dourada', EN: 'Golden Fortune' } as const;
const SANDBOX = { PT: 'Bacará ao Vivo (Sandbox)', EN: 'Live Baccarat (Sandbox)' } as const;

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');

const tileButton = (page: Page, lang: Lang, key: 'lobby.trialGame' | 'lobby.playGame', name: string) =>
  page.getByRole('main').getByRole('button', { name: fill(t(lang, key), { name }), exact: true });

const headerBalance = (page: Page, lang: Lang) =>
  page.getByRole('banner').getByRole('status', { name: new RegExp(`${t(lang, 'account.balance')}: `) });

/** The play-money figure as the header names it: "XPL 1,000.00 (Play money)". */
const playMoney = (lang: Lang, amount: string) =>
  `${t(lang, 'account.balance')}: XPL ${amount} (${t(lang, 'wallet.playMoney')})`;

test('a visitor plays the free trial on the house slot and a sandbox game, in play money', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);

  // The house slot from its tile: no login popup, the game opens titled as a free trial.
  await page.goto('/rng');
  await tileButton(page, lang, 'lobby.trialGame', SLOT[lang]).click();
  const slotPopup = page.getByRole('dialog', {
    name: fill(t(lang, 'lobby.trialGame'), { name: SLOT[lang] }),
  });
  await expect(slotPopup).toBeVisible();
  await expect(page.getByRole('dialog', { name: t(lang, 'auth.loginTitle') })).toHaveCount(0);
  const slot = slotPopup.frameLocator('iframe');
  await expect(slot.getByRole('heading', { level: 1, name: t(lang, 'house.slot.title') })).toBeVisible({
    timeout: 60_000,
  });
  // The trial account was made on the way: logged in, holding play money, in the frame and the header.
  await expectLoggedIn(page, lang);
  const start = lang === 'PT' ? '1.000,00' : '1,000.00';
  const frameBalance = slot.locator('.house__balance strong');
  await expect(frameBalance).toHaveText(`XPL ${start}`);
  await expect(headerBalance(page, lang)).toHaveAccessibleName(playMoney(lang, start));
  await shot(page, info, 'free-trial-slot');

  // Spins settle in play money; the stake (2.00) moves the balance unless a win pays it back exactly,
  // so spin until the figure moves (a handful at most).
  const spin = slot.getByRole('button', { name: t(lang, 'house.slot.spin'), exact: true });
  for (let i = 0; i < 5 && (await frameBalance.textContent()) === `XPL ${start}`; i++) {
    await spin.click();
    await expect(slot.locator('.slot__win')).toHaveText(
      new RegExp(`${t(lang, 'house.slot.lastWin')}|${t(lang, 'house.slot.noWin')}`),
    );
    await expect(spin).toBeEnabled();
  }
  const afterSlot = (await frameBalance.textContent())!.replace('XPL ', '');
  expect(afterSlot).not.toBe(start);
  await expect(headerBalance(page, lang)).toHaveAccessibleName(playMoney(lang, afterSlot));
  await slotPopup.getByRole('button', { name: t(lang, 'common.close') }).click();
  await expect(slotPopup).toHaveCount(0);

  if (isPhone(info)) {
    // The trial header keeps one row: menu button, logo, balance, bell and avatar side by side.
    const banner = page.getByRole('banner');
    const tops = await Promise.all(
      [
        banner.getByRole('button', { name: t(lang, 'header.openMenu') }),
        headerBalance(page, lang),
        banner.getByRole('button', { name: t(lang, 'account.menu') }),
      ].map(async (el) => {
        const box = (await el.boundingBox())!;
        return Math.round(box.y + box.height / 2);
      }),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
    await shot(page, info, 'free-trial-header');
  }

  // A sandbox game, as the same trial account: the session is reused, the balance carries over.
  await page.goto('/live');
  await tileButton(page, lang, 'lobby.trialGame', SANDBOX[lang]).click();
  const sandboxPopup = page.getByRole('dialog', {
    name: fill(t(lang, 'lobby.trialGame'), { name: SANDBOX[lang] }),
  });
  await expect(sandboxPopup).toBeVisible();
  const sandbox = sandboxPopup.frameLocator('iframe');
  await expect(sandbox.getByText(t(lang, 'house.sandbox.badge'), { exact: true })).toBeVisible();
  await expect(sandbox.locator('.house__balance strong')).toHaveText(`XPL ${afterSlot}`);
  await sandbox.getByRole('button', { name: new RegExp(`^${t(lang, 'house.sandbox.play')} ·`) }).click();
  await expect(
    sandbox.getByRole('status').filter({
      hasText: new RegExp(
        `${t(lang, 'house.sandbox.lost')}|${t(lang, 'house.sandbox.won').split('{{')[0]!.trim()}`,
      ),
    }),
  ).toBeVisible();
  // A sandbox round always moves the balance (a loss takes the stake, a win pays 2x); the header
  // follows the frame.
  const sandboxBalance = sandbox.locator('.house__balance strong');
  await expect(sandboxBalance).not.toHaveText(`XPL ${afterSlot}`);
  const afterSandbox = (await sandboxBalance.textContent())!.replace('XPL ', '');
  await expect(headerBalance(page, lang)).toHaveAccessibleName(playMoney(lang, afterSandbox));
  await shot(page, info, 'free-trial-sandbox');
  await sandboxPopup.getByRole('button', { name: t(lang, 'common.close') }).click();
  await expect(sandboxPopup).toHaveCount(0);

  // A real launch stays refused to the trial account, with the prompt.
  await page.goto('/rng');
  await tileButton(page, lang, 'lobby.playGame', SLOT[lang]).click();
  const prompt = page.getByRole('alertdialog').filter({ hasText: t(lang, 'in_need_true_account') });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: t(lang, 'in_increase_submit') }).click();
  await expect(page.getByRole('dialog', { name: SLOT[lang] })).toHaveCount(0);
});
