import {
  COCKFIGHT_VASSALAGE,
  ESPORT_VASSALAGE,
  gamesRoutes,
  HOT_GAMES_MAX,
  type Language,
} from '@banca/contract';
import { serializeEnvelope, spliceEnvelopeList } from '../../../platform/http/contract-route.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import type { CatalogueFile } from './catalogue-file.ts';
import { importCatalogue } from './catalogue-import.ts';
import { CatalogueSnapshot, toGame } from './catalogue-snapshot.ts';
import {
  countGames,
  listGamesPage,
  listHotGames,
  listVendors,
  loadCatalogueRows,
  type GameFilter,
} from './catalogue.repository.ts';
import { normalizeSearch } from './search-text.ts';

/**
 * The snapshot answers the lobby's lists in place of SQL: on random filters (types, vendors, the
 * esports and cockfight splits, classifications, PT and EN name searches with accents, pages, hot
 * lists) it must answer exactly what the SQL lists answer on the same catalogue, order included (ids
 * with '-' and '_' and equal sort keys, where the database's collation decides).
 */
const TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS'] as const;
const PT = ['Fortuna', 'Dragão', 'Coração', 'Pérola', 'Maçã', 'Leão', 'Fênix', 'Café', '50%', 'a_b'];
const EN = ['Fortune', 'Dragon', 'Heart', 'Pearl', 'Apple', 'Lion', 'Phoenix', 'Coffee', '50%', 'a_b'];
const VENDORS = ['SNAPA', 'SNAP_B', 'SNAPC', 'SNAPD', ESPORT_VASSALAGE, COCKFIGHT_VASSALAGE];

/** A deterministic generator (the failures of a random test must be reproducible). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function catalogue(): CatalogueFile {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const vendors = VENDORS.map((vassalage, i) => ({
    vassalage,
    displayName: `Snap ${vassalage}`,
    provider: 'EXTERNAL' as const,
    gameType: i >= 4 ? ('SPORTS' as const) : pick(TYPES),
    lagerIcon: '/art/snap.svg',
    sort: 900 + i,
    // One vendor off: its games leave every list without a vendor filter.
    enabled: vassalage !== 'SNAPD',
  }));
  const games = Array.from({ length: 400 }, (_, i) => {
    const a = Math.floor(rnd() * PT.length);
    const b = Math.floor(rnd() * PT.length);
    const vassalage = pick(VENDORS);
    return {
      vassalage,
      gameCode: `${pick(['g', 'G', 'g-', 'g_'])}${i}`,
      gameType: vassalage === ESPORT_VASSALAGE || vassalage === COCKFIGHT_VASSALAGE ? 'SPORTS' : pick(TYPES),
      gameClassify: rnd() < 0.3 ? undefined : pick(['C1', 'C2', 'C3']),
      namePT: `${PT[a]} ${PT[b]} ${i}`,
      nameEN: `${EN[a]} ${EN[b]} ${i}`,
      iconUrl: '/art/snap-tile.svg',
      isHot: rnd() < 0.2,
      hotRank: Math.floor(rnd() * 5),
      supportPlay: true,
      isGame: 'GAME' as const,
      prizeModes: [],
      // Few sort keys: most order is decided by node_id.
      sort: Math.floor(rnd() * 4),
      enabled: rnd() > 0.1,
      vendorName: undefined,
    };
  });
  return { vendors, games } as CatalogueFile;
}

let database: TestDatabase;
let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  database = await createTestDatabase();
  await importCatalogue(database.db, catalogue());
  snapshot = new CatalogueSnapshot(await loadCatalogueRows(database.db));
});
afterAll(() => database?.close());

function randomFilter(rnd: () => number): GameFilter {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const language: Language = rnd() < 0.5 ? 'PT' : 'EN';
  const filter: GameFilter = { language };
  if (rnd() < 0.5) filter.gameType = pick([...TYPES, 'LOTT']);
  const v = rnd();
  if (v < 0.25) filter.vassalages = [pick([...VENDORS, 'NOPE'])];
  else if (v < 0.35) filter.vassalages = [ESPORT_VASSALAGE, COCKFIGHT_VASSALAGE];
  else if (v < 0.4) filter.vassalages = [];
  else if (v < 0.6) filter.excludeVassalages = [pick(VENDORS), 'SNAPD'];
  if (rnd() < 0.3) filter.gameClassify = pick(['C1', 'C2', 'C9']);
  const s = rnd();
  const words = language === 'PT' ? PT : EN;
  // Whole words, parts (with accents or without, any case), numbers, LIKE's wildcards, no match.
  if (s < 0.2) filter.search = normalizeSearch(pick(words));
  else if (s < 0.35)
    filter.search = normalizeSearch(
      pick(words)
        .toUpperCase()
        .slice(0, 1 + Math.floor(rnd() * 4)),
    );
  else if (s < 0.45) filter.search = String(Math.floor(rnd() * 400));
  else if (s < 0.5) filter.search = normalizeSearch(`${pick(words)} ${pick(words)}`);
  else if (s < 0.55) filter.search = pick(['%', '_', '50%', 'a_b', 'zzzz']);
  return filter;
}

describe('catalogue snapshot', () => {
  it('answers every list, count and page as the SQL lists do', async () => {
    const vendors = new Map((await listVendors(database.db)).map((v) => [v.vassalage, v]));
    const rnd = random(42);
    let nonEmpty = 0;
    for (let n = 0; n < 300; n++) {
      const filter = randomFilter(rnd);
      const limit = [1, 5, 18, 100][n % 4]!;
      const offset = limit * Math.floor(rnd() * 4);
      const [rows, total] = await Promise.all([
        listGamesPage(database.db, filter, { offset, limit }),
        countGames(database.db, filter),
      ]);
      const got = snapshot.page(filter, { offset, limit });
      const why = JSON.stringify({ filter, offset, limit });
      expect(got.total, why).toBe(total);
      expect(got.games, why).toEqual(rows.map((r) => toGame(r, vendors.get(r.vassalage), filter.language)));
      if (got.games.length > 0) nonEmpty++;
    }
    // The filters were not all empty ones.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('puts together the JSON answer that serialising the whole list gives', () => {
    const rnd = random(11);
    for (let n = 0; n < 100; n++) {
      const filter = randomFilter(rnd);
      const page = { offset: 18 * Math.floor(rnd() * 3), limit: 18 };
      const whole = snapshot.page(filter, page);
      const parts = snapshot.pageJson(filter, page);
      expect(parts.total).toBe(whole.total);
      const value = {
        totalPages: Math.ceil(whole.total / 18),
        totalCount: whole.total,
        pageNo: 1 + page.offset / 18,
      };
      const spliced = spliceEnvelopeList(
        serializeEnvelope(gamesRoutes.gameList, { games: [], ...value }),
        'games',
        parts.games,
      );
      expect(spliced.json).toBe(
        serializeEnvelope(gamesRoutes.gameList, { games: whole.games, ...value }).json,
      );
    }
  });

  it('answers the hot lists as SQL does, most popular first', async () => {
    const vendors = new Map((await listVendors(database.db)).map((v) => [v.vassalage, v]));
    const rnd = random(9);
    for (let n = 0; n < 60; n++) {
      const { search: _search, ...filter } = randomFilter(rnd);
      const rows = await listHotGames(database.db, filter, HOT_GAMES_MAX);
      expect(snapshot.hotGames(filter, HOT_GAMES_MAX), JSON.stringify(filter)).toEqual(
        rows.map((r) => toGame(r, vendors.get(r.vassalage), filter.language)),
      );
    }
  });

  it('finds games by id in the order asked, enabled ones only', async () => {
    const rows = await database.db
      .selectFrom('game')
      .select(['node_id', 'enabled'])
      .orderBy('node_id', 'desc')
      .limit(40)
      .execute();
    const ids = [...rows.map((r) => r.node_id), 'NOPE-X'];
    expect(snapshot.inOrder(ids, 'EN').map((g) => g.nodeId)).toEqual(
      rows.filter((r) => r.enabled).map((r) => r.node_id),
    );
    expect(rows.some((r) => !r.enabled)).toBe(true);
  });
});
