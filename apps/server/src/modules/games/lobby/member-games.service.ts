import {
  FAVOURITES_PAGE_SIZE,
  type FavoriteListValue,
  type FavoriteToggleValue,
  type GameType,
  type Language,
  type ListGameType,
  type RecentGamesValue,
} from '@banca/contract';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../../database.ts';
import {
  COCKFIGHT_VASSALAGES,
  ESPORT_VASSALAGES,
  type CatalogueService,
} from '../catalogue/catalogue.service.ts';
import { findEnabledGame } from '../catalogue/catalogue.repository.ts';
import { GamesError } from '../games.errors.ts';

/** How many recent games are kept per member (older ones are dropped when a new one is recorded). */
export const RECENT_KEEP = 60;

export interface MemberGamesDeps {
  db: Db;
  catalogue: CatalogueService;
}

/** The enabled game matching the request, or 404 game_not_found (also when vendor or type differ). */
async function requireGame(
  db: DbOrTrx,
  ref: { nodeId: string; vendor: string; gameType: GameType },
): Promise<void> {
  const game = await findEnabledGame(db, ref.nodeId);
  if (!game || game.vassalage !== ref.vendor || game.game_type !== ref.gameType) {
    throw new GamesError('game_not_found', { nodeId: ref.nodeId });
  }
}

/** addFavoriteGameV2: idempotent (a second add changes nothing). */
export async function addFavorite(
  deps: MemberGamesDeps,
  memberId: number,
  ref: { nodeId: string; vendor: string; gameType: GameType },
): Promise<FavoriteToggleValue> {
  await requireGame(deps.db, ref);
  await deps.db
    .insertInto('game_favorite')
    .values({ member_id: memberId, node_id: ref.nodeId })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
    .execute();
  return { nodeId: ref.nodeId, isFavorite: true };
}

/** removeFavoriteGameV2: idempotent; touches only the caller's own row. */
export async function removeFavorite(
  deps: MemberGamesDeps,
  memberId: number,
  ref: { nodeId: string; vendor: string; gameType: GameType },
): Promise<FavoriteToggleValue> {
  await requireGame(deps.db, ref);
  await deps.db
    .deleteFrom('game_favorite')
    .where('member_id', '=', memberId)
    .where('node_id', '=', ref.nodeId)
    .execute();
  return { nodeId: ref.nodeId, isFavorite: false };
}

/** MCSFE_getFavoriteGames: the member's favourite ids (enabled games only), newest first. */
export async function favoriteIds(deps: MemberGamesDeps, memberId: number): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('game_favorite as f')
    .innerJoin('game as g', 'g.node_id', 'f.node_id')
    .select('f.node_id')
    .where('f.member_id', '=', memberId)
    .where('g.enabled', '=', true)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.node_id')
    .limit(FAVOURITES_PAGE_SIZE)
    .execute();
  return rows.map((r) => r.node_id);
}

/** The vendor condition of a list game type (ESPORTS and COCKFIGHT are SPORTS of their vendors). */
function typeCondition(gameType: ListGameType | undefined): {
  gameType?: string;
  only?: readonly string[];
  not?: readonly string[];
} {
  if (gameType === 'ESPORTS') return { gameType: 'SPORTS', only: ESPORT_VASSALAGES };
  if (gameType === 'COCKFIGHT') return { gameType: 'SPORTS', only: COCKFIGHT_VASSALAGES };
  if (gameType === 'SPORTS') return { gameType, not: [...ESPORT_VASSALAGES, ...COCKFIGHT_VASSALAGES] };
  return gameType ? { gameType } : {};
}

async function memberPage(
  deps: MemberGamesDeps,
  table: 'game_favorite' | 'game_recent',
  memberId: number,
  gameType: ListGameType | undefined,
  page: { pageNo: number; pageSize: number },
  language: Language,
) {
  const cond = typeCondition(gameType);
  const orderColumn = table === 'game_favorite' ? 'created_at' : 'played_at';
  let q = deps.db
    .selectFrom(`${table} as m` as 'game_favorite as m')
    .innerJoin('game as g', 'g.node_id', 'm.node_id')
    .where('m.member_id', '=', memberId)
    .where('g.enabled', '=', true);
  if (cond.gameType) q = q.where('g.game_type', '=', cond.gameType);
  if (cond.only) q = q.where('g.vassalage', 'in', [...cond.only]);
  if (cond.not) q = q.where('g.vassalage', 'not in', [...cond.not]);
  const [rows, count] = await Promise.all([
    q
      .select('m.node_id')
      .orderBy(sql.ref(`m.${orderColumn}`), 'desc')
      .orderBy('m.node_id')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  const games = await deps.catalogue.gamesInOrder(
    rows.map((r) => r.node_id),
    language,
  );
  return { games, totalPages: Math.ceil(count.total / page.pageSize) };
}

/** getFavoriteGamesList: favourites as games, newest first. */
export async function favoriteList(
  deps: MemberGamesDeps,
  memberId: number,
  request: { gameType?: ListGameType; pageNo: number; pageSize: number; language: Language },
): Promise<FavoriteListValue> {
  const { games, totalPages } = await memberPage(
    deps,
    'game_favorite',
    memberId,
    request.gameType,
    request,
    request.language,
  );
  return { content: games, pageNum: request.pageNo, totalPages };
}

/** GCS_recentGame: the member's recently launched games, newest first. */
export async function recentGames(
  deps: MemberGamesDeps,
  memberId: number,
  request: { gameType?: ListGameType; page: number; pageSize: number; language: Language },
): Promise<RecentGamesValue> {
  const { games, totalPages } = await memberPage(
    deps,
    'game_recent',
    memberId,
    request.gameType,
    { pageNo: request.page, pageSize: request.pageSize },
    request.language,
  );
  return { list: games, totalPages };
}

/**
 * Records a launch in the member's recent games, in the launch's transaction (the play issue calls it
 * from /wps/game/launchGame). Keeps the newest RECENT_KEEP per member.
 */
export async function recordRecentGame(
  trx: DbOrTrx,
  memberId: number,
  nodeId: string,
  at: Date = new Date(),
): Promise<void> {
  await trx
    .insertInto('game_recent')
    .values({ member_id: memberId, node_id: nodeId, played_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doUpdateSet({ played_at: at }))
    .execute();
  await trx
    .deleteFrom('game_recent')
    .where('member_id', '=', memberId)
    .where(
      'node_id',
      'not in',
      trx
        .selectFrom('game_recent')
        .select('node_id')
        .where('member_id', '=', memberId)
        .orderBy('played_at', 'desc')
        .orderBy('node_id')
        .limit(RECENT_KEEP),
    )
    .execute();
}
