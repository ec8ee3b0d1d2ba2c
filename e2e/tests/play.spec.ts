import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { langOf, register, registerDialog, useLanguage, type Lang } from './auth-support';
import { fromOwnAddress, isPhone, shot, t } from './support';

/**
 * The house games really play (issue 11, "Done when"): a new member deposits through the sandbox PIX,
 * opens the slot from the lobby (/rng) in the game popup, spins, sees the header balance follow,
 * rotates the seed and verifies the round in the browser; then rolls the dice once. Phones in English,
 * desktops in Portuguese; screenshots of both games in dark and light.
 */

// axe-core is injected into the game frame; the app's strict CSP would refuse it otherwise.
test.use({ bypassCSP: true });

const NAMES = {
  golden: { PT: 'Fortuna Dourada', EN: 'Golden Fortune' },
  dice: { PT: 'Dados da Sorte', EN: 'Lucky Dice' },
} as const;
const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));

async function deposit(page: Page, info: TestInfo, lang: Lang) {
  const banner = page.getByRole('banner');
  if (isPhone(info)) await banner.getByRole('link', { name: t(lang, 'header.deposit') }).click();
  else await banner.getByRole('button', { name: t(lang, 'wallet.deposit.headerButton') }).click();
  const section = page.getByRole('region', { name: t(lang, 'wallet.deposit.title'), exact: true }).last();
  const money50 = lang === 'PT' ? 'R$ 50,00' : 'R$ 50.00';
  await section.getByRole('button', { name: money50 }).click();
  await section.getByRole('button', { name: t(lang, 'wallet.deposit.submit') }).click();
  const payLink = section.getByRole('link', { name: t(lang, 'wallet.deposit.sandboxPay') });
  const href = await payLink.getAttribute('href');
  const sandbox = await page.context().newPage();
  await sandbox.goto(href!);
  await sandbox.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(sandbox.getByRole('status')).toContainText('gateway answered 200');
  await sandbox.close();
  await expect(section.getByText(t(lang, 'wallet.deposit.status.paid')).first()).toBeVisible();
}

const headerBalance = (page: Page, lang: Lang) =>
  page.getByRole('banner').getByRole('status', { name: new RegExp(`${t(lang, 'account.balance')}: `) });

async function openGame(page: Page, lang: Lang, name: string) {
  await page.goto('/rng');
  await page
    .getByRole('main')
    .getByRole('button', { name: fill(t(lang, 'lobby.playGame'), { name }), exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return { dialog, game: dialog.frameLocator('iframe') };
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).include('iframe').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a new member deposits, spins the slot from the lobby, verifies the round, rolls the dice', async ({
  page,
}, info) => {
  test.setTimeout(420_000);
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  // A warm-up on this shared, loaded machine: the first visit loads the register modal's chunks.
  await page.goto('/register');
  await expect(registerDialog(page, lang)).toBeVisible({ timeout: 60_000 });
  await register(page, lang, 'username');
  await deposit(page, info, lang);
  const money = (text: string) => (lang === 'PT' ? `R$ ${text}` : `R$ ${text.replace(',', '.')}`);
  await expect(headerBalance(page, lang)).toHaveAccessibleName(
    `${t(lang, 'account.balance')}: ${money('50,00')}`,
  );

  // The slot, in the game popup.
  const { dialog, game } = await openGame(page, lang, NAMES.golden[lang]);
  // The first game page of the run loads its chunks: a loaded machine may take a while.
  await expect(game.getByRole('heading', { level: 1, name: t(lang, 'house.slot.title') })).toBeVisible({
    timeout: 60_000,
  });
  const frameBalance = game.locator('.house__balance strong');
  // The game frame names the currency by its code (BRL), the member site by its symbol (R$).
  await expect(frameBalance).toHaveText(money('50,00').replace('R$', 'BRL'));
  await game.getByRole('button', { name: t(lang, 'house.slot.spin'), exact: true }).click();
  // The round settles: a win or "no win", and the frame's balance is the gateway's after the round.
  await expect(game.locator('.slot__win')).toHaveText(
    new RegExp(`${t(lang, 'house.slot.lastWin')}|${t(lang, 'house.slot.noWin')}`),
  );
  await expect(game.getByRole('button', { name: t(lang, 'house.slot.spin'), exact: true })).toBeEnabled();
  const afterSpin = (await frameBalance.textContent())!.replace('BRL', 'R$');
  expect(await axeClean(page)).toEqual([]);
  await shot(page, info, 'house-slot-light');

  // Rules with the stated RTP.
  const tabs = game.getByRole('tablist', { name: t(lang, 'house.tabs.label') });
  await tabs.getByRole('tab', { name: t(lang, 'house.tabs.info') }).click();
  await expect(game.getByText(/RTP\): 96[.,]0447/)).toBeVisible();
  await shot(page, info, 'house-slot-info');

  // Fairness: rotate to reveal the seed the round was played with.
  await tabs.getByRole('tab', { name: t(lang, 'house.tabs.fairness') }).click();
  const hash = game.getByTestId('server-seed-hash');
  await expect(hash).toHaveText(/^[0-9a-f]{64}$/);
  const committed = await hash.textContent();
  await game.getByRole('button', { name: t(lang, 'house.fair.rotate') }).click();
  await expect(game.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(hash).not.toHaveText(committed!);
  await shot(page, info, 'house-fairness');

  // Verify: the round recomputed in the browser.
  await tabs.getByRole('tab', { name: t(lang, 'house.tabs.verify') }).click();
  await game
    .getByRole('button', { name: t(lang, 'house.verify.pick') })
    .first()
    .click();
  await game.getByRole('button', { name: t(lang, 'house.verify.check') }).click();
  await expect(game.getByTestId('verify-verdict')).toContainText(t(lang, 'house.verify.match'));
  await shot(page, info, 'house-verify');

  // The header follows the wallet: the same balance as the game's after the round.
  await dialog.getByRole('button', { name: t(lang, 'common.close') }).click();
  await expect(headerBalance(page, lang)).toHaveAccessibleName(`${t(lang, 'account.balance')}: ${afterSpin}`);

  // The dice, once.
  const dice = await openGame(page, lang, NAMES.dice[lang]);
  await expect(dice.game.getByRole('heading', { level: 1, name: t(lang, 'house.dice.title') })).toBeVisible();
  await dice.game.getByRole('button', { name: t(lang, 'house.dice.roll'), exact: true }).click();
  await expect(dice.game.locator('.dice__verdict')).toHaveText(
    new RegExp(`${fill(t(lang, 'house.dice.won'), { amount: '.+' })}|${t(lang, 'house.dice.lost')}`),
  );
  expect(await axeClean(page)).toEqual([]);
  await shot(page, info, 'house-dice-light');
  await dice.dialog.getByRole('button', { name: t(lang, 'common.close') }).click();

  // Both games in the dark theme (the game frame takes the site's theme when it opens). Phones keep
  // the theme switch in the drawer: the stored choice and a reload reach the same state.
  if (isPhone(info)) {
    await page.evaluate(() => localStorage.setItem('banca.theme', 'dark'));
    await page.reload();
  } else {
    await page
      .getByRole('banner')
      .getByRole('button', { name: t(lang, 'theme.toDark') })
      .click();
  }
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  for (const [name, file] of [
    [NAMES.golden[lang], 'house-slot-dark'],
    [NAMES.dice[lang], 'house-dice-dark'],
  ] as const) {
    const opened = await openGame(page, lang, name);
    await expect(opened.game.locator('.house__balance strong')).toBeVisible();
    expect(await axeClean(page)).toEqual([]);
    await shot(page, info, file);
    await opened.dialog.getByRole('button', { name: t(lang, 'common.close') }).click();
  }
});
