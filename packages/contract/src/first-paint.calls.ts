/**
 * The home lobby's first paint without an API round trip (issue 10): the gateway makes the home's
 * first calls itself when it serves index.html for `/` and inlines their answers (element
 * FIRST_PAINT_ELEMENT_ID), and the browser takes each answer instead of making that call. Both sides
 * build the calls from `homeFirstCalls`, so an inlined answer is found exactly when the browser would
 * have made the same call with the same request. Light (no zod): part of `@banca/contract/routes`.
 */
import { PLATFORM_ANNOUNCEMENTS, PLATFORM_GAMES, WINNER_BOARD_LIMIT, type Language } from './constants.ts';
import { contentCalls } from './content/content.calls.ts';
import { gamesCalls } from './games/games.calls.ts';
import type { RouteEntry } from './route-entry.ts';

export const FIRST_PAINT_ELEMENT_ID = 'banca-first-paint';

/** The banner group the home lobby shows (spec section 3: w_home). */
export const HOME_BANNER_GROUP = 'w_home';

/** A call's request as the browser sends it: its query and its body. */
export interface CallRequest {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** A call and its request. */
export interface FirstCall {
  call: RouteEntry;
  request: CallRequest;
}

/** The home lobby's first calls in a language: its game menus, hot games, banners and notices, winner board. */
export const homeFirstCalls = (language: Language) =>
  ({
    menus: { call: gamesCalls.gameMenus, request: { query: { language } } },
    hot: { call: gamesCalls.hotGames, request: { body: { platform: PLATFORM_GAMES, language } } },
    content: {
      call: contentCalls.announcements,
      request: { body: { types: 'B,H', platform: PLATFORM_ANNOUNCEMENTS, language } },
    },
    rank: {
      call: gamesCalls.rankList,
      request: { body: { gameCategory: 'ALL', language, limitNum: WINNER_BOARD_LIMIT } },
    },
  }) as const satisfies Record<string, FirstCall>;

/** JSON with every object's keys in order: one text per value, however it was built. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** The key an inlined answer is filed under: the call's id and its request. */
export const callRequestKey = (call: RouteEntry, request: CallRequest): string =>
  `${call.id} ${canonicalJson({ query: request.query ?? null, body: request.body ?? null })}`;

/** One inlined answer: the call's value (the envelope's `value`) under its key. */
export interface InlineAnswer {
  key: string;
  value: unknown;
}
