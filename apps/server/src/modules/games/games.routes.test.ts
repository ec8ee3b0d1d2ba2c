import {
  contentRoutes,
  gameListValueSchema,
  gameMenusValueSchema,
  gamesRoutes,
  loginValueSchema,
} from '@banca/contract';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../platform/events/event-catalogue.ts';
import { seedDemoLobby } from '../../seed/demo-lobby.ts';
import {
  expectFailure,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../test/auth-client.ts';
import { getJson } from '../../test/test-app.ts';
import { recordRecentGame, roundSettled } from './index.ts';
import { catalogueChanged } from './catalogue/catalogue.events.ts';

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
  await seedDemoLobby(t.database.db);
});
afterAll(() => t?.close());

const call = (
  route: { path: string; method: string },
  body?: unknown,
  opts: { token?: string; lang?: 'PT' | 'EN' } = {},
) => t.client.call(route.path, { method: route.method, ...(body !== undefined ? { body } : {}), ...opts });

const list = async (body: Record<string, unknown>, lang?: 'PT' | 'EN') => {
  const res = await call(gamesRoutes.gameList, body, lang ? { lang } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return gameListValueSchema.parse(res.body.value);
};

/** A POST whose answer is read as the bytes on the wire (no decoding). */
function rawPost(
  url: string,
  body: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function loginMember(): Promise<{ token: string; memberId: number }> {
  const ip = freshIp();
  const account = freshUsername('lobby');
  const [memberId] = await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
  const res = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  expect(res.status).toBe(200);
  return { token: loginValueSchema.parse(res.body.value).token, memberId: memberId! };
}

describe('GCSGAME_gameList', () => {
  it('sends a browser the same answer compressed (brotli or gzip, kept with the cached answer)', async () => {
    const body = JSON.stringify({ pageNo: 1, pageSize: 50 });
    // Read through node:http, as the bytes on the wire: fetch would ask for gzip and decode it itself.
    const plainRes = await rawPost(t.server.url + gamesRoutes.gameList.path, body, 'identity');
    expect(plainRes.headers['content-encoding']).toBeUndefined();
    const plain = plainRes.body.toString();
    expect(plain.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const raw = await rawPost(t.server.url + gamesRoutes.gameList.path, body, accept);
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.vary).toContain('accept-encoding');
      expect(raw.body.length).toBeLessThan(plain.length / 2);
      expect(decode(raw.body).toString()).toBe(plain);
    }
  });

  it('filters by game type and pages with totalPages', async () => {
    const live = await list({ gameType: 'LIVE', pageNo: 1, pageSize: 2 });
    expect(live.totalCount).toBe(3);
    expect(live.totalPages).toBe(2);
    expect(live.games.map((g) => g.nodeId)).toEqual(['SANDBOX-LIVE_BACCARAT', 'SANDBOX-LIVE_ROULETTE']);
    const page2 = await list({ gameType: 'LIVE', pageNo: 2, pageSize: 2 });
    expect(page2.games.map((g) => g.nodeId)).toEqual(['SANDBOX-LIVE_LOBBY']);
    expect(page2.games[0]).toMatchObject({ isGame: 'VASSALAGE', provider: 'SANDBOX' });
    const past = await list({ gameType: 'LIVE', pageNo: 9, pageSize: 2 });
    expect(past).toMatchObject({ games: [], totalPages: 2, pageNo: 9 });
  });

  it('filters by vendor and classification', async () => {
    const banca = await list({ vassalage: 'BANCA' });
    expect(banca.games.map((g) => g.gameCode)).toEqual(['SLOT5X3', 'DICE']);
    const dice = await list({ gameType: 'RNG', gameClassify: 'DICE' });
    expect(dice.games.map((g) => g.gameCode)).toEqual(['DICE']);
    expect(dice.games[0]).toMatchObject({ isHot: 1, supportPlay: 0, vendorName: 'Banca Originals' });
  });

  it('splits sports: SPORTS leaves out IMES and SV3, ESPORTS and COCKFIGHT are theirs', async () => {
    expect((await list({ gameType: 'SPORTS' })).games.map((g) => g.vassalage)).toEqual(['SANDBOX']);
    expect((await list({ gameType: 'ESPORTS' })).games.map((g) => g.vassalage)).toEqual(['IMES']);
    expect((await list({ gameType: 'COCKFIGHT' })).games.map((g) => g.vassalage)).toEqual(['SV3']);
  });

  it('searches names in the asked language, ignoring case and accents', async () => {
    const pt = await list({ gameName: 'POQUER', language: 'PT' });
    expect(pt.games.map((g) => g.gameName)).toEqual(['Pôquer Rápido (Sandbox)']);
    const ptHeader = await list({ gameName: 'caça' }, 'PT');
    expect(ptHeader.games.map((g) => g.nodeId)).toEqual(['SANDBOX-FISH_OCEAN']);
    // The English name does not match a Portuguese search, and the other way round.
    expect((await list({ gameName: 'poker', language: 'PT' })).games).toEqual([]);
    const en = await list({ gameName: 'fast POKER', language: 'EN' });
    expect(en.games.map((g) => g.gameName)).toEqual(['Fast Poker (Sandbox)']);
    // LIKE wildcards are literal.
    expect((await list({ gameName: '%' })).games).toEqual([]);
    // Blank search is no search.
    expect((await list({ gameName: '   ', gameType: 'FISH' })).totalCount).toBe(2);
  });

  it('answers 404 for an unknown vendor and 400 for an unknown type or a page above the cap', async () => {
    expectFailure(await call(gamesRoutes.gameList, { vassalage: 'NOPE' }), 404, 'game_vendor_not_found');
    expectFailure(await call(gamesRoutes.gameList, { gameType: 'CASINO' }), 400, 'invalid_input');
    expectFailure(await call(gamesRoutes.gameList, { pageSize: 101 }), 400, 'invalid_input');
    expectFailure(await call(gamesRoutes.gameList, { pageNo: -1 }), 400, 'invalid_input');
    expectFailure(await call(gamesRoutes.gameList, { gameName: 'x'.repeat(10_240) }), 400, 'invalid_input');
  });

  it('answers a request kept by its body as sent only for the same body and language header', async () => {
    const search = async (lang: 'PT' | 'EN') => (await list({ gameName: 'caça' }, lang)).games;
    for (let i = 0; i < 3; i++)
      expect((await search('PT')).map((g) => g.nodeId)).toEqual(['SANDBOX-FISH_OCEAN']);
    // The same body under the other language header is another question (the body names no language).
    for (let i = 0; i < 3; i++) expect(await search('EN')).toEqual([]);
    // A refused body is never kept: asked again and again, it is checked and refused every time.
    for (let i = 0; i < 3; i++) {
      expectFailure(await call(gamesRoutes.gameList, { pageSize: 101 }), 400, 'invalid_input');
      expectFailure(await call(gamesRoutes.gameList, { vassalage: 'NOPE' }), 404, 'game_vendor_not_found');
    }
    // The same filters written another way are answered alike (kept under each body as sent).
    const a = await list({ gameType: 'FISH', pageNo: 1 });
    const b = await list({ pageNo: 1, gameType: 'FISH' });
    expect(b).toEqual(a);
    expect(await list({ gameType: 'FISH', pageNo: 1 })).toEqual(a);
  });

  it('answers a catalogue change once its event is handled (no waiting on the version read)', async () => {
    const db = t.database.db;
    /** A change as the import commits one: rows, the version and its event in one transaction. */
    const change = (nameEn: string) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('game')
          .set({ name_en: nameEn, search_en: nameEn.toLowerCase() })
          .where('node_id', '=', 'SANDBOX-PVP_POKER')
          .execute();
        const { version } = await trx
          .updateTable('game_catalogue_state')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .returning('version')
          .executeTakeFirstOrThrow();
        await recordEvent(trx, catalogueChanged, { version }, { key: 'catalogue' });
      });
    // Asked three times: the answer is kept from the second, and the third is answered by the request
    // as sent (keptAnswers), which must not outlive the catalogue version either.
    const before = await list({ gameType: 'PVP', language: 'EN' });
    expect(await list({ gameType: 'PVP', language: 'EN' })).toEqual(before);
    expect(await list({ gameType: 'PVP', language: 'EN' })).toEqual(before);
    await change('Fast Poker Deluxe (Sandbox)');
    await t.server.app.events.drain();
    const after = await list({ gameType: 'PVP', language: 'EN' });
    expect(after.games.find((g) => g.nodeId === 'SANDBOX-PVP_POKER')?.gameName).toBe(
      'Fast Poker Deluxe (Sandbox)',
    );
    expect(before.totalCount).toBe(after.totalCount);
    await change('Fast Poker (Sandbox)');
    await t.server.app.events.drain();
    expect((await list({ gameName: 'fast poker (sandbox)', language: 'EN' })).totalCount).toBe(1);
  });
});

describe('hot, vendors, menus', () => {
  it('lists hot games, most popular first', async () => {
    const res = await call(gamesRoutes.hotGames, {});
    expect(res.status).toBe(200);
    const codes = res.body.value.list.map((g: { gameCode: string }) => g.gameCode);
    expect(codes).toEqual(['SLOT5X3', 'DICE', 'QUICK5D', 'LIVE_BACCARAT', 'FISH_OCEAN', 'PVP_POKER']);
    const rng = await call(gamesRoutes.hotGames, { gameType: 'RNG' });
    expect(rng.body.value.list).toHaveLength(2);
  });

  it('answers the vendor menu of a type and the lanes', async () => {
    const vendors = await call(gamesRoutes.vassGameType, { gameType: 'ESPORTS' });
    expect(vendors.body.value.list.map((v: { vassalage: string }) => v.vassalage)).toEqual(['IMES']);
    const elott = await call(gamesRoutes.vassGameType, { gameType: 'ELOTT' }, { lang: 'EN' });
    expect(elott.body.value.list.map((v: { displayName: string }) => v.displayName)).toEqual([
      'Banca Loto VN',
      'Banca Loto SEA',
    ]);
    const sports = await call(gamesRoutes.vassGameType, { gameType: 'SPORTS' });
    expect(sports.body.value.list.map((v: { vassalage: string }) => v.vassalage)).toEqual(['SANDBOX']);
    const lanes = await call(gamesRoutes.newGameVendor, {});
    expect(lanes.status).toBe(200);
    const byType = Object.fromEntries(
      lanes.body.value.data.lanes.map((l: { gameType: string; vendors: { vassalage: string }[] }) => [
        l.gameType,
        l.vendors.map((v) => v.vassalage),
      ]),
    );
    expect(byType).toEqual({
      RNG: ['BANCA'],
      LIVE: ['SANDBOX'],
      FISH: ['SANDBOX'],
      PVP: ['SANDBOX'],
      SPORTS: ['SANDBOX', 'IMES', 'SV3'],
      LOTT: ['LOTT'],
      ELOTT: ['TCG_LOTTO_VN', 'TCG_SEA'],
    });
  });

  it('answers the menus with lottery cards per prize mode and classifications when more than one', async () => {
    const res = await getJson(`${t.server.url}${gamesRoutes.gameMenus.path}?language=EN`);
    const menus = gameMenusValueSchema.parse(res.body.value);
    const byTitle = Object.fromEntries(menus.categories.map((c) => [c.title, c]));
    expect(Object.keys(byTitle)).toEqual(['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'LOTT', 'ELOTT']);
    expect(byTitle.RNG!.gameClassify).toEqual(['DICE', 'SLOT']);
    expect(byTitle.FISH!.gameClassify).toBeUndefined();
    expect(byTitle.ELOTT!.cards.map((c) => [c.vassalage, c.gameCode, c.displayName])).toEqual([
      ['TCG_LOTTO_VN', 'VN5D', 'Vietnam Lotto'],
      ['TCG_SEA', 'SEA5D', 'Southeast Asia Lotto'],
    ]);
    const sea = gameMenusValueSchema.parse(
      (await getJson(`${t.server.url}${gamesRoutes.gameMenus.path}?prizeMode=SEA`)).body.value,
    );
    expect(sea.categories.find((c) => c.title === 'ELOTT')!.cards.map((c) => c.vassalage)).toEqual([
      'TCG_SEA',
    ]);
    expect(sea.categories.find((c) => c.title === 'LOTT')).toBeUndefined();
  });

  it('serves generated art with a year of immutable caching', async () => {
    const { games } = await list({ vassalage: 'BANCA' });
    const res = await fetch(`${t.server.url}${games[0]!.iconUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A game's art has no words (the tile writes the name in the member's language).
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toMatch(/<text\b|Golden Fortune|Fortuna Dourada/);
    expect((await fetch(`${t.server.url}/art/AAAAAAAAAAAAAAAAAAAAAA.svg`)).status).toBe(404);
  });
});

describe('favourites', () => {
  const slot = { nodeId: 'BANCA-SLOT5X3', vendor: 'BANCA', gameType: 'RNG' };
  const dice = { nodeId: 'BANCA-DICE', vendor: 'BANCA', gameType: 'RNG' };

  it('adds and removes idempotently, and lists newest first', async () => {
    const { token } = await loginMember();
    expect((await call(gamesRoutes.addFavorite, slot, { token })).body.value).toEqual({
      nodeId: slot.nodeId,
      isFavorite: true,
    });
    expect((await call(gamesRoutes.addFavorite, slot, { token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await call(gamesRoutes.addFavorite, dice, { token });
    const ids = await call(gamesRoutes.favoriteIds, {}, { token });
    expect(ids.body.value.list).toEqual(['BANCA-DICE', 'BANCA-SLOT5X3']);
    const page = await call(gamesRoutes.favoriteList, { pageSize: 999 }, { token, lang: 'EN' });
    expect(page.body.value).toMatchObject({ pageNum: 1, totalPages: 1 });
    expect(page.body.value.content.map((g: { gameName: string }) => g.gameName)).toEqual([
      'Lucky Dice',
      'Golden Fortune',
    ]);
    expect((await call(gamesRoutes.removeFavorite, slot, { token })).body.value).toEqual({
      nodeId: slot.nodeId,
      isFavorite: false,
    });
    expect((await call(gamesRoutes.removeFavorite, slot, { token })).status).toBe(200);
    expect((await call(gamesRoutes.favoriteIds, {}, { token })).body.value.list).toEqual(['BANCA-DICE']);
  });

  it("refuses games that do not exist or do not match, and never touches another member's", async () => {
    const a = await loginMember();
    const b = await loginMember();
    await call(gamesRoutes.addFavorite, slot, { token: a.token });
    expectFailure(
      await call(gamesRoutes.addFavorite, { ...slot, nodeId: 'BANCA-NOPE' }, { token: b.token }),
      404,
      'game_not_found',
    );
    expectFailure(
      await call(gamesRoutes.addFavorite, { ...slot, vendor: 'SANDBOX' }, { token: b.token }),
      404,
      'game_not_found',
    );
    expectFailure(
      await call(gamesRoutes.addFavorite, { ...slot, gameType: 'LIVE' }, { token: b.token }),
      404,
      'game_not_found',
    );
    await call(gamesRoutes.removeFavorite, slot, { token: b.token });
    expect((await call(gamesRoutes.favoriteIds, {}, { token: a.token })).body.value.list).toEqual([
      slot.nodeId,
    ]);
    expect((await call(gamesRoutes.favoriteIds, {}, { token: b.token })).body.value.list).toEqual([]);
    expectFailure(await call(gamesRoutes.addFavorite, slot), 401, 'not_logged_in');
  });
});

describe('recent games and the winner board', () => {
  it('lists recorded launches newest first, up to 12 a page', async () => {
    const { token, memberId } = await loginMember();
    const db = t.database.db;
    await recordRecentGame(db, memberId, 'BANCA-DICE', new Date('2026-01-01T00:00:00Z'));
    await recordRecentGame(db, memberId, 'SANDBOX-FISH_OCEAN', new Date('2026-01-02T00:00:00Z'));
    await recordRecentGame(db, memberId, 'BANCA-DICE', new Date('2026-01-03T00:00:00Z'));
    const res = await call(gamesRoutes.recentGames, {}, { token });
    expect(res.body.value.list.map((g: { nodeId: string }) => g.nodeId)).toEqual([
      'BANCA-DICE',
      'SANDBOX-FISH_OCEAN',
    ]);
    expect(res.body.value.totalPages).toBe(1);
    const fish = await call(gamesRoutes.recentGames, { gameType: 'FISH' }, { token });
    expect(fish.body.value.list).toHaveLength(1);
    expectFailure(await call(gamesRoutes.recentGames, { pageSize: 13 }, { token }), 400, 'invalid_input');
  });

  it('shows settled wins from games.round_settled, masked, biggest first', async () => {
    const empty = await call(gamesRoutes.rankList, { gameCategory: 'ALL', limitNum: 20 });
    expect(empty.body.value.list).toEqual([]);
    const db = t.database.db;
    const settle = (roundId: string, account: string, stake: number, payout: number, currency = 'BRL') =>
      recordEvent(
        db,
        roundSettled,
        {
          roundId,
          memberId: 1,
          account,
          nodeId: 'BANCA-SLOT5X3',
          gameType: 'RNG',
          currency,
          stake,
          payout,
          settledAt: '2026-11-23T12:00:00.000Z',
        },
        { key: 1 },
      );
    await settle('r1', 'joaosilva', 100, 5_000);
    await settle('r2', 'maria', 100, 90_000);
    await settle('r3', 'loser1', 100, 50); // a loss: not a win
    await settle('r4', 'trial01', 100, 999_999, 'XPL'); // play money never shows
    await settle('r2', 'maria', 100, 90_000); // a redelivery
    await t.server.app.events.drain();
    const res = await call(gamesRoutes.rankList, { gameCategory: 'ALL', limitNum: 20 }, { lang: 'EN' });
    expect(res.body.value.list).toEqual([
      expect.objectContaining({
        customerName: 'ma***a',
        winAmount: 90_000,
        gameName: 'Golden Fortune',
        currency: 'BRL',
      }),
      expect.objectContaining({ customerName: 'jo***a', winAmount: 5_000 }),
    ]);
    const live = await call(gamesRoutes.rankList, { gameCategory: 'LIVE' });
    expect(live.body.value.list).toEqual([]);
  });
});

describe('MCSFE_getListAnnouncements', () => {
  it('answers banners by group with linkage, notices and announcements in the language asked', async () => {
    const res = await call(
      contentRoutes.announcements,
      { types: 'B,PL,PU,PR,H', platform: 'W' },
      { lang: 'EN' },
    );
    expect(res.status).toBe(200);
    const v = res.body.value;
    const groups = new Set(v.banners.map((b: { groupName: string }) => b.groupName));
    expect([...groups].sort()).toEqual(['w_forget', 'w_home', 'w_leftmenu', 'w_login', 'w_register']);
    const home = v.banners.filter((b: { groupName: string }) => b.groupName === 'w_home');
    expect(home[0]).toMatchObject({ title: 'Welcome to Banca', linkageType: 'ROUTE', linkage: '/rng' });
    expect(home[0].url).toMatch(/^\/art\/[A-Za-z0-9_-]{22}\.svg$/);
    expect(v.notice.map((n: { content: string }) => n.content)[0]).toBe(
      'Welcome to Banca! Play responsibly.',
    );
    expect(v.player).toHaveLength(1);
    expect(v.promotion[0]).toMatchObject({ promotionType: 'DEPOSIT' });
    expect(v.popup).toHaveLength(1);
    const onlyBanners = await call(contentRoutes.announcements, { types: 'B' }, { lang: 'PT' });
    expect(onlyBanners.body.value.notice).toEqual([]);
    expect(onlyBanners.body.value.banners[0].title).not.toBe('');
    // The banner's words are in its picture: each language has its own.
    const homePT = onlyBanners.body.value.banners.find((b: { id: string }) => b.id === home[0].id);
    expect(homePT.url).not.toBe(home[0].url);
    const artEN = await (await fetch(`${t.server.url}${home[0].url}`)).text();
    const artPT = await (await fetch(`${t.server.url}${homePT.url}`)).text();
    expect(artEN).toContain('Welcome to Banca');
    expect(artPT).toContain('Bem-vindo à Banca');
    expect(artPT).not.toContain('Welcome');
    expectFailure(await call(contentRoutes.announcements, { types: 'B,XX' }), 400, 'invalid_input');
  });
});
