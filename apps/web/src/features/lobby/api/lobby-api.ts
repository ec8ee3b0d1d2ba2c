import {
  CLIENT_TYPE,
  FAVOURITES_PAGE_SIZE,
  GAME_LIST_PAGE_SIZE,
  PLATFORM_GAMES as PLATFORM,
  RECENT_HOME_PAGE_SIZE,
  SESSION_KEYS,
  WINNER_BOARD_LIMIT,
  type Language,
} from '@banca/contract';
import { gamesCalls, homeFirstCalls, type EntryBody, type EntryValue } from '@banca/contract/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiCall, takeInlineAnswer } from '@/api';
import { sessionCache } from '../model/session-cache';

export type { Banner, MenuCard } from './home-api';

export type Game = EntryValue<typeof gamesCalls.gameList>['games'][number];
export type Vendor = EntryValue<typeof gamesCalls.vassGameType>['list'][number];
export type ListGameType = NonNullable<EntryBody<typeof gamesCalls.gameList>['gameType']>;
type GameType = Game['gameType'];

/** Hot games and the vendor list live in session storage too (spec sections 4 and 9). */
export const hotGamesCache = sessionCache<Record<string, Game[]>>(SESSION_KEYS.hotGames);
export const vendorCache = sessionCache<Record<string, Vendor[]>>(SESSION_KEYS.gameVendor);
const cacheKey = (language: Language, gameType: string) => `${language}:${gameType}`;

/**
 * Hot games (GCSGAME_hotGamesV2), cached in session storage under HOT_GAMES per language and type:
 * a reload shows them at once; `refreshHot` (invalidate) fetches again and rewrites the cache.
 */
export const hotGamesQuery = (language: Language, gameType: ListGameType | 'ALL' = 'ALL') => {
  // The home's call (ALL) is the one the gateway may have answered inline with index.html: one
  // request for both, so an inlined answer is taken exactly when this call would have been made.
  const home = homeFirstCalls(language).hot.request;
  const request = gameType === 'ALL' ? home : { body: { ...home.body, gameType } };
  let inline = false;
  return queryOptions({
    queryKey: ['games', 'hot', language, gameType] as const,
    queryFn: async ({ signal }) => {
      const value = await apiCall(gamesCalls.hotGames, { body: request.body, signal });
      hotGamesCache.write({ ...hotGamesCache.read(), [cacheKey(language, gameType)]: value.list });
      return value.list;
    },
    initialData: () => {
      const answer = takeInlineAnswer(gamesCalls.hotGames, request);
      if (!answer) return hotGamesCache.read()?.[cacheKey(language, gameType)];
      inline = true;
      hotGamesCache.write({ ...hotGamesCache.read(), [cacheKey(language, gameType)]: answer.list });
      return answer.list;
    },
    // The session copy may be old: shown at once, then fetched again; an inlined answer is new.
    initialDataUpdatedAt: () => (inline ? Date.now() : 0),
    staleTime: 5 * 60_000,
  });
};

/** The vendor menu of a game type (GCSGAME_getVassGameType), cached under gameVendor. */
export const vendorsQuery = (language: Language, gameType: ListGameType) =>
  queryOptions({
    queryKey: ['games', 'vendors', language, gameType] as const,
    queryFn: async ({ signal }) => {
      const value = await apiCall(gamesCalls.vassGameType, {
        body: { gameType, clientType: CLIENT_TYPE, platform: PLATFORM, language },
        signal,
      });
      vendorCache.write({ ...vendorCache.read(), [cacheKey(language, gameType)]: value.list });
      return value.list;
    },
    initialData: () => vendorCache.read()?.[cacheKey(language, gameType)],
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });

export interface GameListFilter {
  gameType: ListGameType;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
}

/** GCSGAME_gameList with load-more paging of 18 (one page per 'more'). */
export const gameListQuery = (language: Language, filter: GameListFilter) =>
  infiniteQueryOptions({
    queryKey: ['games', 'list', language, filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(gamesCalls.gameList, {
        body: {
          clientType: CLIENT_TYPE,
          platform: PLATFORM,
          ...filter,
          pageNo: pageParam,
          pageSize: GAME_LIST_PAGE_SIZE,
          language,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    staleTime: 60_000,
  });

/** The member's favourite nodeIds (MCSFE_getFavoriteGames): marks tiles everywhere. */
export const favoriteIdsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['games', 'favoriteIds', memberId] as const,
    queryFn: async ({ signal }) =>
      (await apiCall(gamesCalls.favoriteIds, { body: { clientType: CLIENT_TYPE }, signal })).list,
    enabled: memberId !== undefined,
    staleTime: 5 * 60_000,
  });

/** The member's favourite games (getFavoriteGamesList, page size 999). */
export const favoriteListQuery = (
  memberId: number | undefined,
  language: Language,
  gameType?: ListGameType,
) =>
  queryOptions({
    queryKey: ['games', 'favorites', memberId, language, gameType ?? 'ALL'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiCall(gamesCalls.favoriteList, {
          body: {
            clientType: CLIENT_TYPE,
            platform: 'flash',
            language,
            pageNo: 1,
            pageSize: FAVOURITES_PAGE_SIZE,
            ...(gameType ? { gameType } : {}),
          },
          signal,
        })
      ).content,
    enabled: memberId !== undefined,
    staleTime: 60_000,
  });

/** The member's recent games (GCS_recentGame, page size 12). */
export const recentGamesQuery = (memberId: number | undefined, language: Language, gameType?: ListGameType) =>
  queryOptions({
    queryKey: ['games', 'recent', memberId, language, gameType ?? 'ALL'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiCall(gamesCalls.recentGames, {
          body: {
            page: 1,
            pageSize: RECENT_HOME_PAGE_SIZE,
            clientType: CLIENT_TYPE,
            language,
            ...(gameType ? { gameType } : {}),
          },
          signal,
        })
      ).list,
    enabled: memberId !== undefined,
    staleTime: 30_000,
  });

/** The winner board (GCSGAME_getRankList: gameCategory ALL, limit 20), biggest wins first. */
export const rankListQuery = (language: Language) => {
  const first = homeFirstCalls(language).rank;
  const biggestFirst = ({ list }: EntryValue<typeof gamesCalls.rankList>) =>
    [...list].sort((a, b) => Number(b.winAmount) - Number(a.winAmount)).slice(0, WINNER_BOARD_LIMIT);
  return queryOptions({
    queryKey: ['games', 'rank', language] as const,
    queryFn: async ({ signal }) =>
      biggestFirst(await apiCall(gamesCalls.rankList, { body: first.request.body, signal })),
    // Inlined with index.html for the home's first paint.
    initialData: () => {
      const answer = takeInlineAnswer(first.call, first.request);
      return answer && biggestFirst(answer);
    },
    staleTime: 60_000,
  });
};

export const favoriteBody = (game: Pick<Game, 'nodeId' | 'vassalage' | 'gameType'>) => ({
  nodeId: game.nodeId,
  vendor: game.vassalage,
  gameType: game.gameType as GameType,
});
export const addFavoriteCall = (game: Game) => apiCall(gamesCalls.addFavorite, { body: favoriteBody(game) });
export const removeFavoriteCall = (game: Game) =>
  apiCall(gamesCalls.removeFavorite, { body: favoriteBody(game) });
export const launchGameCall = (body: EntryBody<typeof gamesCalls.launchGame>) =>
  apiCall(gamesCalls.launchGame, { body });
/** The tile's free trial (GCS_gameLaunchFB): a trial account's launch in play money. */
export const launchGameFBCall = (body: EntryBody<typeof gamesCalls.launchGameFB>) =>
  apiCall(gamesCalls.launchGameFB, { body });
