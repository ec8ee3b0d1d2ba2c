import { type Language, type PrizeMode } from '@banca/contract';
import {
  HOME_BANNER_GROUP,
  contentCalls,
  gamesCalls,
  homeFirstCalls,
  type EntryValue,
} from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, takeInlineAnswer } from '@/api';

/*
 * The home lobby's first calls (the menus, banners and notices), apart from lobby-api.ts: the home
 * page is in the first route's chunk, the rest of the lobby loads on demand.
 */
export type MenuCategory = EntryValue<typeof gamesCalls.gameMenus>['categories'][number];
export type MenuCard = MenuCategory['cards'][number];
export type Banner = EntryValue<typeof contentCalls.announcements>['banners'][number];

/** GET /lgw/games/game_menus: the categories of the home lobby and the game centres. */
export const gameMenusQuery = (language: Language, prizeMode?: PrizeMode) => {
  // Without a prize mode it is the home's call, which may have come answered inline with index.html.
  const request = prizeMode ? { query: { prizeMode, language } } : homeFirstCalls(language).menus.request;
  return queryOptions({
    queryKey: ['games', 'menus', language, prizeMode ?? 'ANY'] as const,
    queryFn: ({ signal }) => apiCall(gamesCalls.gameMenus, { query: request.query, signal }),
    initialData: () => takeInlineAnswer(gamesCalls.gameMenus, request),
    staleTime: 5 * 60_000,
  });
};

type Announcements = EntryValue<typeof contentCalls.announcements>;
const homeContent = (value: Announcements) => ({
  banners: value.banners.filter((banner) => banner.groupName === HOME_BANNER_GROUP),
  notices: value.notice.map((item) => item.content),
});

/** Banners and the notice marquee (MCSFE_getListAnnouncements, types B and H). */
export const homeContentQuery = (language: Language) => {
  const first = homeFirstCalls(language).content;
  return queryOptions({
    queryKey: ['content', 'home', language] as const,
    queryFn: async ({ signal }) =>
      homeContent(await apiCall(contentCalls.announcements, { body: first.request.body, signal })),
    // Inlined with index.html for the home's first paint (its banner is the largest paint).
    initialData: () => {
      const answer = takeInlineAnswer(first.call, first.request);
      return answer && homeContent(answer);
    },
    staleTime: 5 * 60_000,
  });
};
