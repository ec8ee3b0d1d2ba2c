import { expect, test, type Page, type Request } from '@playwright/test';
import { expectLoggedIn, langOf, openLogin, register, useLanguage, type Lang } from './auth-support';
import { fromOwnAddress, isPhone, languageSelect, shot, t } from './support';

/**
 * The lobby (issue 10), on real server data only: home sections with their caps and the carousel
 * turning, a banner opening its linkage, the game-list filter rules of spec section 4 seen on screen
 * (and kept in the URL), load-more to the last page and a language change reloading the list,
 * favourites across a reload, the trial refusal and each launch route. Phones run in English,
 * desktops in Portuguese, and each switches to the other language once. The catalogue is the demo
 * seed's (SEED_DEMO) plus e2e/fixtures/catalogue-paging.json (40 RNG games of the test vendor
 * "E2E Paging Studio"), which e2e/run.mjs imports with `npm run catalogue:import` before the gateway
 * starts.
 */
const NAMES = {
  golden: { PT: 'Fortuna Dourada', EN: 'Golden Fortune' },
  dice: { PT: 'Dados da Sorte', EN: 'Lucky Dice' },
  liveRooms: { PT: 'Salão ao Vivo Sandbox', EN: 'Sandbox Live Lobby' },
  welcome: { PT: 'Bem-vindo à Banca', EN: 'Welcome to Banca' },
} as const;
const PAGING_VENDOR = 'E2E Paging Studio';
const pagingGame = (lang: Lang, n: number) =>
  `${lang === 'EN' ? 'Test Game' : 'Jogo de Teste'} ${String(n).padStart(2, '0')}`;
const other = (lang: Lang): Lang => (lang === 'EN' ? 'PT' : 'EN');

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
const main = (page: Page) => page.getByRole('main');
const section = (page: Page, id: string) => page.locator(`[data-section="${id}"]`);
const playButton = (page: Page, lang: Lang, name: string) =>
  main(page).getByRole('button', { name: fill(t(lang, 'lobby.playGame'), { name }), exact: true });

test('home: sections with their caps, winner board, notice, the carousel turning, a banner opening its linkage', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  // The carousel's autoplay is motion: this journey asks for it (the suite runs with reduced motion).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const rankList = async () =>
    (
      (await (
        await page.request.post('/wps/relay/GCSGAME_getRankList', {
          data: { gameCategory: 'ALL', limitNum: 20 },
        })
      ).json()) as { value: { list: { customerName: string }[] } }
    ).value.list;
  const ranksBefore = await rankList();
  await page.goto('/');
  const hot = section(page, 'sec-hot');
  await expect(hot.getByRole('heading', { name: t(lang, 'category.HOT') })).toBeVisible();
  await expect(hot.locator('.game-tile:not(.game-tile--skeleton)').first()).toBeVisible();
  expect(await hot.locator('.game-tile').count()).toBeLessThanOrEqual(12);
  // Logged out: no recent and no favourites section; the vendor categories in the spec's order.
  await expect(section(page, 'sec-recent')).toHaveCount(0);
  await expect(section(page, 'sec-fav')).toHaveCount(0);
  // The sections below the fold render deferred: poll until they are all there.
  const order = () =>
    main(page)
      .locator('[data-section]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section')));
  await expect
    .poll(order)
    .toEqual([
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
  // The winner board shows the server's rank list as it was when the page loaded. Other journeys
  // win beside this one (the suite runs in parallel), and wins only ever join the list, so the board
  // holds the list of some moment between the answers before the page loaded and after: when both
  // are the same (no win in between), exactly that list.
  const ranksAfter = await rankList();
  const winners = section(page, 'sec-winners');
  const items = winners.getByRole('listitem');
  if (ranksAfter.length === 0) await expect(winners).toContainText(t(lang, 'home.noWinners'));
  else if (ranksBefore.length === 0) {
    await expect(winners.getByText(t(lang, 'home.noWinners')).or(items.first())).toBeVisible();
  } else await expect(items.first()).toBeVisible();
  const shown = await items.count();
  expect(shown).toBeGreaterThanOrEqual(ranksBefore.length);
  expect(shown).toBeLessThanOrEqual(ranksAfter.length);
  if (shown > 0) {
    const first = (await items.first().innerText()).trim();
    const candidates = ranksAfter.map((r) => r.customerName);
    expect(candidates.some((name) => first.includes(name))).toBe(true);
    if (JSON.stringify(ranksBefore) === JSON.stringify(ranksAfter)) {
      expect(first).toContain(ranksAfter[0]!.customerName);
    }
  }
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
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await shot(page, info, `lobby-home-${theme}`);
  }

  // The category menu: a category shows its section alone; FAV asks a visitor to log in.
  const menu = page.getByRole('navigation', { name: t(lang, 'home.categoryMenu') });
  await menu.getByRole('button', { name: t(lang, 'category.LIVE') }).click();
  await expect(main(page).locator('[data-section]')).toHaveCount(2); // LIVE and the winner board
  await menu.getByRole('button', { name: t(lang, 'category.FAV') }).click();
  const login = page.getByRole('dialog', { name: t(lang, 'auth.loginTitle') });
  await expect(login).toBeVisible();
  await page.keyboard.press('Escape');

  // A banner opens its linkage. With reduced motion there is no autoplay and the buttons jump, so
  // the slide clicked is the slide meant. A route banner opens its page...
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const banner = (title: string) => carousel.getByRole('button', { name: title, exact: true });
  await expect(selected).toHaveAttribute('aria-label', label(1));
  await banner(NAMES.welcome[lang]).click();
  await expect(page).toHaveURL(/\/rng$/);
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'category.RNG') })).toBeVisible();
  // ...and a game banner launches its game: a visitor is asked to log in first.
  await page.goBack();
  await carousel.getByRole('button', { name: t(lang, 'lobby.previousSlide') }).click();
  await expect(selected).toHaveAttribute('aria-label', label(4));
  await banner(NAMES.golden[lang]).click();
  await expect(login).toBeVisible();
  await page.keyboard.press('Escape');

  // The loop holds at any width: three widths in a row meet every rounding of a third (slides of
  // exactly a third once turned the loop off at two desktop widths in three: no previous slide).
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  for (const extra of [1, 2, 3]) {
    await page.setViewportSize({ width: width + extra, height });
    await page.goto('/');
    await carousel.getByRole('button', { name: t(lang, 'lobby.previousSlide') }).click();
    await expect(selected).toHaveAttribute('aria-label', label(4));
  }
});

/**
 * The first visit's JavaScript budget (docs/architecture.md, "First paint and its budget"; measured with
 * Lighthouse by `npm run bench -- web`): bytes on the wire of every script a phone's first visit to `/`
 * fetches until the network is idle. Checked here too because a lazy page left out of the shell's
 * exclusions (vite.config.ts ON_DEMAND) still loads with the shell: the agents' contract pages once
 * brought zod with them, 128 KB against 120, and no journey noticed.
 */
const FIRST_VISIT_JS_BUDGET = 120 * 1024;

test('a first visit to / on a phone fetches at most 120 KB of JavaScript', async ({ page }, info) => {
  test.skip(!isPhone(info), "the budget is a phone's first visit, in the default language");
  const scripts: Request[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  const sizes = await Promise.all(
    scripts.map(async (r) => ({ url: r.url(), wire: (await r.sizes()).responseBodySize })),
  );
  const wire = sizes.reduce((sum, s) => sum + s.wire, 0);
  // Served compressed, as to a member (the gateway's precompressed copies): not the decoded size.
  expect(sizes.length).toBeGreaterThan(0);
  expect(wire, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
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

test('game list: load more to the last page, a language change reloads it, a new filter is page 1', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/rng');
  const vendors = page.getByRole('navigation', { name: t(lang, 'games.vendors') });
  await vendors.getByRole('button', { name: PAGING_VENDOR }).click();
  await expect(page).toHaveURL(/vassalage=E2E_PAGING/);
  // The test vendor's 40 games from the server, 18 at a time.
  const tiles = main(page).locator('.game-tile:not(.game-tile--skeleton)');
  const more = main(page).getByRole('button', { name: t(lang, 'lobby.loadMore') });
  await expect(tiles).toHaveCount(18);
  await expect(playButton(page, lang, pagingGame(lang, 18))).toBeAttached();
  await expect(playButton(page, lang, pagingGame(lang, 19))).toHaveCount(0);
  await more.click();
  await expect(tiles).toHaveCount(36);
  await expect(page).toHaveURL(/page=2/);
  await more.click();
  await expect(tiles).toHaveCount(40);
  await expect(page).toHaveURL(/page=3/);
  await expect(more).toHaveCount(0);
  await expect(main(page).getByText(fill(t(lang, 'games.shown'), { shown: 40, total: 40 }))).toBeVisible();
  await expect(playButton(page, lang, pagingGame(lang, 40))).toBeAttached();
  await shot(page, info, `lobby-paging-${lang}-light`);
  // Reloading the link shows the same three pages.
  await page.reload();
  await expect(tiles).toHaveCount(40);

  // Another language: the list is asked for again in it, and the server's names follow.
  const next = other(lang);
  const reloaded = page.waitForResponse(
    (res) =>
      res.url().endsWith('/wps/relay/GCSGAME_gameList') &&
      (res.request().postDataJSON() as { language?: string }).language === next,
  );
  await (await languageSelect(page, info, lang)).selectOption(next);
  await reloaded;
  if (info.project.name === 'phone') await page.keyboard.press('Escape');
  await expect(playButton(page, next, pagingGame(next, 40))).toBeAttached();
  await expect(playButton(page, lang, pagingGame(lang, 40))).toHaveCount(0);
  await expect(tiles).toHaveCount(40);
  await expect(page).toHaveURL(/vassalage=E2E_PAGING.*page=3|page=3.*vassalage=E2E_PAGING/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, info, `lobby-paging-${next}-dark`);

  // Any other filter starts again at page 1.
  await page
    .getByRole('navigation', { name: t(next, 'games.vendors') })
    .getByRole('button', { name: t(next, 'games.ALL') })
    .click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(tiles).toHaveCount(18);
  await expect(main(page).getByRole('button', { name: t(next, 'lobby.loadMore') })).toBeVisible();
});

test('logged in: favourite across a reload, launch routes and the game popup', async ({ page }, info) => {
  test.setTimeout(300_000);
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  await register(page, lang, 'username');
  // Home shows the favourites section to members; recent games only once there are some (a launch
  // records one).
  await expect(section(page, 'sec-fav')).toBeVisible();
  await expect(section(page, 'sec-recent')).toHaveCount(0);

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
  // The home page's favourites section has it too.
  await page.goto('/');
  await expect(
    section(page, 'sec-fav').getByRole('button', {
      name: fill(t(lang, 'lobby.playGame'), { name: NAMES.golden[lang] }),
    }),
  ).toBeVisible();
  // Toggled off on /favorite: gone at once, and still gone after a reload.
  await page.goto('/favorite');
  await main(page)
    .getByRole('button', { name: fill(t(lang, 'lobby.unfavourite'), { name: NAMES.golden[lang] }) })
    .click();
  await expect(playButton(page, lang, NAMES.golden[lang])).toHaveCount(0);
  await page.reload();
  await expect(main(page).locator('.game-tile')).toHaveCount(0);
  await expect(playButton(page, lang, NAMES.golden[lang])).toHaveCount(0);

  // A game banner launches its game in the game popup (reduced motion, the suite's: the buttons jump).
  await page.goto('/');
  const carousel = page.locator('.carousel');
  await carousel.getByRole('button', { name: t(lang, 'lobby.previousSlide') }).click();
  await expect(carousel.locator('[data-selected]')).toHaveAttribute(
    'aria-label',
    fill(t(lang, 'lobby.slide'), { n: 4, total: 4 }),
  );
  await carousel.getByRole('button', { name: NAMES.golden[lang], exact: true }).click();
  await expect(page.getByRole('dialog', { name: NAMES.golden[lang] })).toBeVisible();
  await page.keyboard.press('Escape');

  // A game starts in the game popup: the house vendor's page in its frame, with the player's balance
  // (playing it is play.spec's journey).
  await page.goto('/rng');
  await playButton(page, lang, NAMES.golden[lang]).click();
  const popup = page.getByRole('dialog', { name: NAMES.golden[lang] });
  await expect(popup.frameLocator('iframe').locator('.house__balance strong')).toContainText('0');
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
  await fromOwnAddress(page, info);
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
