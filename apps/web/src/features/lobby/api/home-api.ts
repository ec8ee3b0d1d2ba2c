import { PLATFORM_ANNOUNCEMENTS, type Language, type PrizeMode } from '@banca/contract';
import { contentCalls, gamesCalls, type EntryValue } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

/*
 * The home lobby's first calls (the menus, banners and notices), apart from lobby-api.ts: the home
 * page is in the first route's chunk, the rest of the lobby loads on demand.
 */
export type MenuCategory = EntryValue<typeof gamesCalls.gameMenus>['categories'][number];
export type MenuCard = MenuCategory['cards'][number];
export type Banner = EntryValue<typeof contentCalls.announcements>['banners'][number];

/** GET /lgw/games/game_menus: the categories of the home lobby and the game centres. */
export const gameMenusQuery = (language: Language, prizeMode?: PrizeMode) =>
  queryOptions({
    queryKey: ['games', 'menus', language, prizeMode ?? 'ANY'] as const,
    queryFn: ({ signal }) =>
      apiCall(gamesCalls.gameMenus, { query: { ...(prizeMode ? { prizeMode } : {}), language }, signal }),
    staleTime: 5 * 60_000,
  });

/** Banners and the notice marquee (MCSFE_getListAnnouncements, types B and H). */
export const homeContentQuery = (language: Language) =>
  queryOptions({
    queryKey: ['content', 'home', language] as const,
    queryFn: async ({ signal }) => {
      const value = await apiCall(contentCalls.announcements, {
        body: { types: 'B,H', platform: PLATFORM_ANNOUNCEMENTS, language },
        signal,
      });
      return {
        banners: value.banners.filter((banner) => banner.groupName === 'w_home'),
        notices: value.notice.map((item) => item.content),
      };
    },
    staleTime: 5 * 60_000,
  });
