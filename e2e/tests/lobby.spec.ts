import { expect, test, type Page, type Route } from '@playwright/test';
import { expectLoggedIn, langOf, openLogin, register, useLanguage, type Lang } from './auth-support';
import { shot, t } from './support';

/**
 * The lobby (issue 10): home sections with their caps and the carousel turning, the game-list filter
 * rules of spec section 4 seen on screen (and kept in the URL), load-more to the last page, favourites
 * across a reload, the trial refusal and each launch route. Phones run in English, desktops in
 * Portuguese. The demo catalogue comes from the server's seed (SEED_DEMO).
 */
const NAMES = {
  golden: { PT: 'Fortuna Dourada', EN: 'Golden Fortune' },
  dice: { PT: 'Dados da Sorte', EN: 'Lucky Dice' },
  liveRooms: { PT: 'Salão ao Vivo Sandbox', EN: 'Sandbox Live Lobby' },
} as const;

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
const main = (page: Page) => page.getByRole('main');
const section = (page: Page, id: string) => page.locator(`[data-section="${id}"]`);
const playButton = (page: Page, lang: Lang, name: string) =>
  main(page).getByRole('button', { name: fill(t(lang, 'lobby.playGame'), { name }), exact: true });

test('home: sections with their caps, winner board, notice and the carousel turning', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await page.goto('/');
  const hot = section(page, 'sec-hot');
  await expect(hot.getByRole('heading', { name: t(lang, 'category.HOT') })).toBeVisible();
  await expect(hot.locator('.game-tile:not(.game-tile--skeleton)').first()).toBeVisible();
  expect(await hot.locator('.game-tile').count()).toBeLessThanOrEqual(12);
  // Logged out: no recent and no favourites section; the vendor categories in the spec's order.
  await expect(section(page, 'sec-recent')).toHaveCount(0);
  await expect(section(page, 'sec-fav')).toHaveCount(0);
  const order = await main(page)
    .locator('[data-section]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section')));
  expect(order).toEqual([
    'sec-hot',
    'sec-rng',
    'sec-live',
    'sec-fish',
    'sec-sports',
    'sec-pvp',
    'sec-esports',
    'sec-cockfight',
    'sec-winners',
  ]);
  // Sports splitting: the esports and cockfight vendors left SPORTS; each small section holds <= 5.
  for (const id of ['sec-sports', 'sec-esports', 'sec-cockfight']) {
    const count = await section(page, id).locator('.vendor-tile').count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
  }
  await expect(section(page, 'sec-esports')).toContainText('Sandbox Esports');
  await expect(section(page, 'sec-sports')).not.toContainText('Sandbox Esports');
  // Every section has its 'more' link.
  await expect(
    section(page, 'sec-live').getByRole('link', {
      name: `${t(lang, 'common.seeMore')}: ${t(lang, 'category.LIVE')}`,
    }),
  ).toHaveAttribute('href', '/live');
  await expect(section(page, 'sec-winners')).toContainText(t(lang, 'home.noWinners'));
  await expect(page.getByRole('region', { name: t(lang, 'home.notice') })).not.toContainText(
    t(lang, 'home.noNotice'),
  );

  // The carousel turns by itself (5000 ms), and with its buttons.
  const carousel = page.locator('.carousel');
  const selected = carousel.locator('[data-selected]');
  const label = (n: number) => fill(t(lang, 'lobby.slide'), { n, total: 4 });
  const current = async () => Number(/\d+/.exec((await selected.getAttribute('aria-label')) ?? '')?.[0]);
  const first = await current();
  await expect(selected).toHaveAttribute('aria-label', label((first % 4) + 1), { timeout: 9000 });
  // The buttons turn it too (hovering the carousel pauses the autoplay meanwhile).
  const before = await current();
  await carousel.getByRole('button', { name: t(lang, 'lobby.nextSlide') }).click();
  await expect(selected).toHaveAttribute('aria-label', label((before % 4) + 1));
  await shot(page, info, 'lobby-home');

  // The category menu: a category shows its section alone; FAV asks a visitor to log in.
  const menu = page.getByRole('navigation', { name: t(lang, 'home.categoryMenu') });
  await menu.getByRole('button', { name: t(lang, 'category.LIVE') }).click();
  await expect(main(page).locator('[data-section]')).toHaveCount(2); // LIVE and the winner board
  await menu.getByRole('button', { name: t(lang, 'category.FAV') }).click();
  await expect(page.getByRole('dialog', { name: t(lang, 'auth.loginTitle') })).toBeVisible();
});

test('game list: every filter rule on screen, kept in the URL and restored by back', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await page.goto('/rng');
  const vendors = page.getByRole('navigation', { name: t(lang, 'games.vendors') });
  const classify = page.getByRole('group', { name: t(lang, 'games.classify') });
  const tabs = page.getByRole('tablist', { name: t(lang, 'games.filter') });
  const search = page.getByRole('searchbox', { name: t(lang, 'games.search') });
  await expect(playButton(page, lang, NAMES.golden[lang])).toBeAttached();

  // A classification narrows the list (only shown with more than one classification).
  await classify.getByRole('button', { name: lang === 'EN' ? 'Dice' : 'Dados' }).click();
  await expect(page).toHaveURL(/classify=DICE/);
  await expect(playButton(page, lang, NAMES.golden[lang])).toHaveCount(0);
  await expect(playButton(page, lang, NAMES.dice[lang])).toBeAttached();
  // Choosing a vendor resets classify to ALL.
  await vendors.getByRole('button', { name: 'Banca Originals' }).click();
  await expect(page).toHaveURL(/vassalage=BANCA/);
  await expect(page).not.toHaveURL(/classify=/);
  await expect(classify.getByRole('button', { name: t(lang, 'games.ALL') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Name search (ALL only): case and accents ignored.
  await search.fill(lang === 'EN' ? 'GOLDEN' : 'fortuna dourada');
  await expect(page).toHaveURL(/q=/);
  await expect(playButton(page, lang, NAMES.dice[lang])).toHaveCount(0);
  await expect(playButton(page, lang, NAMES.golden[lang])).toBeAttached();
  // Another tab: search cleared and hidden, page 1, vendor kept.
  await tabs.getByRole('tab', { name: t(lang, 'games.HOT') }).click();
  await expect(page).toHaveURL(/tab=HOT/);
  await expect(page).not.toHaveURL(/q=/);
  await expect(search).toHaveCount(0);
  await expect(vendors.getByRole('button', { name: 'Banca Originals' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // ALL resets vendor and classify.
  await tabs.getByRole('tab', { name: t(lang, 'games.ALL') }).click();
  await expect(page).toHaveURL(/\/rng$/);
  await expect(vendors.getByRole('button', { name: t(lang, 'games.ALL') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(search).toHaveValue('');
  // Back restores the previous filter (HOT with the vendor).
  await page.goBack();
  await expect(page).toHaveURL(/tab=HOT/);
  await expect(tabs.getByRole('tab', { name: t(lang, 'games.HOT') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(vendors.getByRole('button', { name: 'Banca Originals' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A shared link restores it too.
  await page.goto('/rng?classify=SLOT');
  await expect(playButton(page, lang, NAMES.dice[lang])).toHaveCount(0);
  await expect(playButton(page, lang, NAMES.golden[lang])).toBeAttached();
  await shot(page, info, 'lobby-rng');
  // FAV and RECENT need login.
  await tabs.getByRole('tab', { name: t(lang, 'games.FAV') }).click();
  await expect(page.getByRole('dialog', { name: t(lang, 'auth.loginTitle') })).toBeVisible();
  // Fish: no classify menu.
  await page.goto('/fish');
  await expect(main(page).locator('.game-tile').first()).toBeVisible();
  await expect(classify).toHaveCount(0);
});

test('game list: load more, 18 at a time, to the last page', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  // The demo catalogue has a handful of games per type: this journey answers the list call with 40
  // games of the real shape (served from the page, never the network) to walk the paging.
  const template = await (
    await page.request.post('/wps/relay/GCSGAME_gameList', { data: { gameType: 'RNG', pageSize: 1 } })
  ).json();
  const game = template.value.games[0];
  await page.route('**/wps/relay/GCSGAME_gameList', async (route: Route) => {
    const body = route.request().postDataJSON() as { pageNo: number; pageSize: number };
    const all = Array.from({ length: 40 }, (_, i) => ({
      ...game,
      nodeId: `BANCA-G${i + 1}`,
      gameCode: `G${i + 1}`,
      gameName: `Game ${i + 1}`,
      nodeName: `Game ${i + 1}`,
    }));
    const games = all.slice((body.pageNo - 1) * body.pageSize, body.pageNo * body.pageSize);
    await route.fulfill({
      json: {
        success: true,
        code: 'ok',
        message: '',
        value: { games, totalPages: Math.ceil(40 / body.pageSize), totalCount: 40, pageNo: body.pageNo },
      },
    });
  });
  await page.goto('/rng');
  const tiles = main(page).locator('.game-tile:not(.game-tile--skeleton)');
  const more = main(page).getByRole('button', { name: t(lang, 'lobby.loadMore') });
  await expect(tiles).toHaveCount(18);
  await more.click();
  await expect(tiles).toHaveCount(36);
  await expect(page).toHaveURL(/page=2/);
  await more.click();
  await expect(tiles).toHaveCount(40);
  await expect(more).toHaveCount(0);
  await expect(main(page).getByText(fill(t(lang, 'games.shown'), { shown: 40, total: 40 }))).toBeVisible();
  // Reloading the link shows the same three pages.
  await page.reload();
  await expect(tiles).toHaveCount(40);
});

test('logged in: favourite across a reload, launch routes and the game popup', async ({ page }, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  await useLanguage(page, lang);
  await register(page, lang, 'username');
  // Home shows the favourites section to members.
  await expect(section(page, 'sec-fav')).toBeVisible();

  await page.goto('/rng');
  const star = main(page).getByRole('button', {
    name: fill(t(lang, 'lobby.favourite'), { name: NAMES.golden[lang] }),
  });
  await star.click();
  await expect(
    main(page).getByRole('button', {
      name: fill(t(lang, 'lobby.unfavourite'), { name: NAMES.golden[lang] }),
    }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/favorite');
  await page.reload();
  await expect(playButton(page, lang, NAMES.golden[lang])).toBeVisible();
  await expect(playButton(page, lang, NAMES.dice[lang])).toHaveCount(0);
  await shot(page, info, 'lobby-favorite');

  // A game starts in the game popup; until the game servers exist the gateway refuses, and says so.
  await page.goto('/rng');
  await playButton(page, lang, NAMES.golden[lang]).click();
  const popup = page.getByRole('dialog', { name: NAMES.golden[lang] });
  await expect(popup.getByRole('alert')).toContainText(
    lang === 'EN' ? 'not available right now' : 'não está disponível',
  );
  await shot(page, info, 'lobby-game-popup');
  await page.keyboard.press('Escape');

  // isGame VASSALAGE opens the vendor popup with the vendor's games.
  await page.goto('/live');
  await playButton(page, lang, NAMES.liveRooms[lang]).click();
  await expect(page.getByRole('dialog', { name: NAMES.liveRooms[lang] })).toBeVisible();
  await page.keyboard.press('Escape');

  // Lotteries by vassalage: LOTT to /lottery, TCG_LOTTO_VN to /vnLottery?gameCode, TCG_SEA to /seaLottery.
  await page.goto('/lott');
  await main(page).locator('.vendor-tile__play').first().click();
  await expect(page).toHaveURL(/\/lottery$/);
  await page.goto('/elott');
  await main(page)
    .getByRole('button', {
      name: fill(t(lang, 'lobby.playGame'), { name: lang === 'EN' ? 'Vietnam Lotto' : 'Loto Vietnã' }),
    })
    .click();
  await expect(page).toHaveURL(/\/vnLottery\?gameCode=VN5D$/);
  await page.goto('/elott');
  await main(page)
    .getByRole('button', {
      name: fill(t(lang, 'lobby.playGame'), {
        name: lang === 'EN' ? 'Southeast Asia Lotto' : 'Loto Sudeste Asiático',
      }),
    })
    .click();
  await expect(page).toHaveURL(/\/seaLottery$/);
});

test('a trial account is refused at launch, a visitor asked to log in', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await page.goto('/rng');
  await playButton(page, lang, NAMES.golden[lang]).click();
  const login = page.getByRole('dialog', { name: t(lang, 'auth.loginTitle') });
  await expect(login).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/');
  const dialog = await openLogin(page, lang);
  await dialog.getByRole('button', { name: t(lang, 'auth.freePlay') }).click();
  await expect(dialog).toHaveCount(0);
  await expectLoggedIn(page, lang);
  await page.goto('/rng');
  await playButton(page, lang, NAMES.golden[lang]).click();
  const prompt = page.getByRole('alertdialog').filter({ hasText: t(lang, 'in_need_true_account') });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole('dialog', { name: NAMES.golden[lang] })).toHaveCount(0);
});
