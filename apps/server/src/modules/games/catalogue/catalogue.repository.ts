import { sql, type SelectQueryBuilder } from 'kysely';
import type { Language } from '@banca/contract';
import type { Database, DbOrTrx } from '../../../database.ts';
import { escapeLike } from './search-text.ts';

type GamesDb = DbOrTrx;

/** A list filter after the service resolved the request (aliases, language, normalised search). */
export interface GameFilter {
  gameType?: string;
  /** Only these vendors (one for a vendor filter; the esports list for ESPORTS). */
  vassalages?: readonly string[];
  /** Not these vendors (SPORTS without its esports and cockfight cards). */
  excludeVassalages?: readonly string[];
  gameClassify?: string;
  /** Normalised (search-text.ts); matched as contains in `language`'s search column. */
  search?: string;
  hotOnly?: boolean;
  language: Language;
}

export const GAME_COLUMNS = [
  'node_id',
  'vassalage',
  'game_code',
  'game_type',
  'game_classify',
  'name_pt',
  'name_en',
  'icon_url',
  'is_hot',
  'support_play',
  'is_game',
] as const;

export type GameRow = {
  node_id: string;
  vassalage: string;
  game_code: string;
  game_type: string;
  game_classify: string | null;
  name_pt: string;
  name_en: string;
  icon_url: string;
  is_hot: boolean;
  support_play: boolean;
  is_game: 'GAME' | 'VASSALAGE';
};

/**
 * The WHERE of every game list. Each condition is written so an index serves it (see the EXPLAIN
 * plans in docs/games-catalogue.md): the partial indexes carry `enabled`, the type and vendor
 * indexes lead with their column, the trigram GIN indexes serve the LIKE '%...%' on the search column.
 */
function whereFilter<O>(
  query: SelectQueryBuilder<Database, 'game', O>,
  filter: GameFilter,
): SelectQueryBuilder<Database, 'game', O> {
  let q = query.where('enabled', '=', true);
  if (filter.gameType) q = q.where('game_type', '=', filter.gameType);
  if (filter.vassalages) {
    q =
      filter.vassalages.length === 1
        ? q.where('vassalage', '=', filter.vassalages[0]!)
        : q.where('vassalage', 'in', filter.vassalages.length > 0 ? [...filter.vassalages] : ['']);
  }
  if (filter.excludeVassalages?.length) q = q.where('vassalage', 'not in', [...filter.excludeVassalages]);
  if (filter.gameClassify) q = q.where('game_classify', '=', filter.gameClassify);
  if (filter.hotOnly) q = q.where('is_hot', '=', true);
  if (filter.search) {
    const column = filter.language === 'EN' ? 'search_en' : 'search_pt';
    q = q.where(column, 'like', `%${escapeLike(filter.search)}%`);
  }
  return q;
}

export async function listGamesPage(
  db: GamesDb,
  filter: GameFilter,
  page: { offset: number; limit: number },
): Promise<GameRow[]> {
  return whereFilter(db.selectFrom('game').select(GAME_COLUMNS), filter)
    .orderBy('sort')
    .orderBy('node_id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countGames(db: GamesDb, filter: GameFilter): Promise<number> {
  const counted = await whereFilter(
    db.selectFrom('game').select(sql<number>`count(*)::int`.as('total')),
    filter,
  ).executeTakeFirstOrThrow();
  return counted.total;
}

export async function listHotGames(db: GamesDb, filter: GameFilter, limit: number): Promise<GameRow[]> {
  return whereFilter(db.selectFrom('game').select(GAME_COLUMNS), { ...filter, hotOnly: true })
    .orderBy('hot_rank', 'desc')
    .orderBy('node_id')
    .limit(limit)
    .execute();
}

/** Games by id whether enabled or not (records name rounds of games since withdrawn). */
export async function anyGamesByIds(db: GamesDb, nodeIds: readonly string[]): Promise<GameRow[]> {
  if (nodeIds.length === 0) return [];
  return db
    .selectFrom('game')
    .select(GAME_COLUMNS)
    .where('node_id', 'in', [...nodeIds])
    .execute();
}

export async function findEnabledGame(db: GamesDb, nodeId: string): Promise<GameRow | undefined> {
  return db
    .selectFrom('game')
    .select(GAME_COLUMNS)
    .where('node_id', '=', nodeId)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export interface VendorRow {
  vassalage: string;
  display_name: string;
  provider: 'HOUSE' | 'SANDBOX' | 'EXTERNAL';
  game_type: string;
  lager_icon: string;
  sort: number;
  enabled: boolean;
}

export async function listVendors(db: GamesDb): Promise<VendorRow[]> {
  return db
    .selectFrom('game_vendor')
    .select(['vassalage', 'display_name', 'provider', 'game_type', 'lager_icon', 'sort', 'enabled'])
    .orderBy('sort')
    .orderBy('vassalage')
    .execute();
}

/** Per (game type, vendor): how many enabled games, their classifications, and lottery cards. */
export interface MenuFacts {
  pairs: { game_type: string; vassalage: string; games: number }[];
  classifies: { game_type: string; game_classify: string }[];
  lottery: (GameRow & { prize_modes: string })[];
}

export async function menuFacts(db: GamesDb): Promise<MenuFacts> {
  const pairs = await db
    .selectFrom('game')
    .select(['game_type', 'vassalage', sql<number>`count(*)::int`.as('games')])
    .where('enabled', '=', true)
    .groupBy(['game_type', 'vassalage'])
    .execute();
  const classifies = await db
    .selectFrom('game')
    .select(['game_type', 'game_classify'])
    .where('enabled', '=', true)
    .where('game_classify', 'is not', null)
    .groupBy(['game_type', 'game_classify'])
    .orderBy('game_type')
    .orderBy('game_classify')
    .execute();
  const lottery = await db
    .selectFrom('game')
    .select([...GAME_COLUMNS, 'prize_modes'])
    .where('enabled', '=', true)
    .where('game_type', 'in', ['LOTT', 'ELOTT'])
    .orderBy('sort')
    .orderBy('node_id')
    .execute();
  return {
    pairs,
    classifies: classifies.map((c) => ({ game_type: c.game_type, game_classify: c.game_classify! })),
    lottery,
  };
}

export async function catalogueVersion(db: GamesDb): Promise<number> {
  const row = await db.selectFrom('game_catalogue_state').select('version').executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * Marks a catalogue change, in the change's transaction, and answers the new version: every gateway
 * node rebuilds its snapshot from a version above the one it holds (catalogue-cache.ts).
 */
export async function bumpCatalogueVersion(db: GamesDb): Promise<number> {
  const row = await db
    .updateTable('game_catalogue_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** An enabled game as a node's snapshot keeps it: the list columns and the folded names. */
export type SnapshotGameRow = GameRow & { search_pt: string; search_en: string };

/** What a node's catalogue snapshot is built from, read at one version (catalogue-snapshot.ts). */
export interface CatalogueRows {
  version: number;
  vendors: VendorRow[];
  /** Enabled games in list order (sort, node_id: the database's collation decides, as in SQL lists). */
  games: SnapshotGameRow[];
  /** The enabled hot games' ids, most popular first (hot_rank desc, node_id). */
  hotOrder: string[];
}

/**
 * Reads the catalogue for a snapshot. The version is read first: rows committed with a later
 * version may come along (the next check sees that version and rebuilds), never rows older than it.
 */
export async function loadCatalogueRows(db: GamesDb): Promise<CatalogueRows> {
  const version = await catalogueVersion(db);
  const [vendors, games, hot] = await Promise.all([
    listVendors(db),
    db
      .selectFrom('game')
      .select([...GAME_COLUMNS, 'search_pt', 'search_en'])
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('node_id')
      .execute(),
    db
      .selectFrom('game')
      .select('node_id')
      .where('enabled', '=', true)
      .where('is_hot', '=', true)
      .orderBy('hot_rank', 'desc')
      .orderBy('node_id')
      .execute(),
  ]);
  return { version, vendors, games, hotOrder: hot.map((h) => h.node_id) };
}

/**
 * The query plans of a game list (its page query and its count), as PostgreSQL chooses them for
 * this database: the lobby bench prints them and docs/games-catalogue.md quotes them.
 */
export async function explainListGames(
  db: GamesDb,
  filter: GameFilter,
  page: { offset: number; limit: number },
): Promise<{ list: string[]; count: string[] }> {
  const planLines = (rows: Record<string, unknown>[]) => rows.map((r) => String(Object.values(r)[0]));
  const list = await whereFilter(db.selectFrom('game').select(GAME_COLUMNS), filter)
    .orderBy('sort')
    .orderBy('node_id')
    .limit(page.limit)
    .offset(page.offset)
    .explain();
  const count = await whereFilter(
    db.selectFrom('game').select(sql<number>`count(*)::int`.as('total')),
    filter,
  ).explain();
  return { list: planLines(list), count: planLines(count) };
}
