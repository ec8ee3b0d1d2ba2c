import {
  type FavoriteListValue,
  type FavoriteToggleValue,
  type GameType,
  type Language,
  type ListGameType,
  type RecentGamesValue,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../../database.ts';
import {
  COCKFIGHT_VASSALAGES,
  ESPORT_VASSALAGES,
  type CatalogueService,
} from '../catalogue/catalogue.service.ts';
import { findEnabledGame } from '../catalogue/catalogue.repository.ts';
import { GamesError } from '../games.errors.ts';
import {
  deleteFavorite,
  favoriteIdsOf,
  insertFavorite,
  memberGamesPage,
  upsertRecentGame,
  type MemberListCondition,
} from './member-games.repository.ts';

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
  await insertFavorite(deps.db, memberId, ref.nodeId);
  return { nodeId: ref.nodeId, isFavorite: true };
}

/** removeFavoriteGameV2: idempotent; touches only the caller's own row. */
export async function removeFavorite(
  deps: MemberGamesDeps,
  memberId: number,
  ref: { nodeId: string; vendor: string; gameType: GameType },
): Promise<FavoriteToggleValue> {
  await requireGame(deps.db, ref);
  await deleteFavorite(deps.db, memberId, ref.nodeId);
  return { nodeId: ref.nodeId, isFavorite: false };
}

/** MCSFE_getFavoriteGames: the member's favourite ids (enabled games only), newest first. */
export async function favoriteIds(deps: MemberGamesDeps, memberId: number): Promise<string[]> {
  return favoriteIdsOf(deps.db, memberId);
}

/** The vendor condition of a list game type (ESPORTS and COCKFIGHT are SPORTS of their vendors). */
function typeCondition(gameType: ListGameType | undefined): MemberListCondition {
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
  const { nodeIds, total } = await memberGamesPage(deps.db, table, memberId, typeCondition(gameType), {
    offset: (page.pageNo - 1) * page.pageSize,
    limit: page.pageSize,
  });
  const games = await deps.catalogue.gamesInOrder(nodeIds, language);
  return { games, totalPages: Math.ceil(total / page.pageSize) };
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
  await upsertRecentGame(trx, memberId, nodeId, at, RECENT_KEEP);
}
