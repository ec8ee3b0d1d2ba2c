import { defineRoute } from '../route.ts';
import { betRecordRoutes } from './bet-record.routes.ts';
import { vendorOpsRoutes } from './vendor-ops.routes.ts';
import { catalogueOpsRoutes } from './catalogue-ops.routes.ts';
import { gamesCalls } from './games.calls.ts';
import {
  favoriteIdsBodySchema,
  favoriteIdsValueSchema,
  favoriteListBodySchema,
  favoriteListValueSchema,
  favoriteToggleBodySchema,
  favoriteToggleValueSchema,
  gameItemsValueSchema,
  gameListBodySchema,
  gameListValueSchema,
  gameMenusQuerySchema,
  gameMenusValueSchema,
  hotGamesBodySchema,
  launchGameBodySchema,
  launchGameValueSchema,
  roomListBodySchema,
  roomListValueSchema,
  newGameVendorBodySchema,
  newGameVendorValueSchema,
  rankListBodySchema,
  rankListValueSchema,
  recentGamesBodySchema,
  recentGamesValueSchema,
  vassGameTypeBodySchema,
  vendorListValueSchema,
} from './games.schemas.ts';

const tags = ['games'];

/**
 * Games catalogue and lobby calls (spec sections 3, 4 and 7). Names are answered in the request's
 * `language` (else the `language` header). Unknown gameType is a 400 (schema); an unknown vassalage or
 * nodeId is 404 game_vendor_not_found / game_not_found.
 */
export const gamesRoutes = {
  gameList: defineRoute(gamesCalls.gameList, {
    summary:
      'Games of the catalogue, filtered by gameType, vassalage, gameClassify and a name search (contains, ignoring case and accents, in the language asked), paged (pageSize up to 100)',
    tags,
    body: gameListBodySchema,
    response: gameListValueSchema,
  }),
  hotGames: defineRoute(gamesCalls.hotGames, {
    summary: 'Hot games (isHot 1), most popular first, optionally of one gameType or vendor',
    tags,
    body: hotGamesBodySchema,
    response: gameItemsValueSchema,
  }),
  vassGameType: defineRoute(gamesCalls.vassGameType, {
    summary: 'Vendors with enabled games, optionally of one gameType (the vendor menu of a game list)',
    tags,
    body: vassGameTypeBodySchema,
    response: vendorListValueSchema,
  }),
  newGameVendor: defineRoute(gamesCalls.newGameVendor, {
    summary: 'Vendors in lanes, one lane per game type (value.data.lanes)',
    tags,
    body: newGameVendorBodySchema,
    response: newGameVendorValueSchema,
  }),
  gameMenus: defineRoute(gamesCalls.gameMenus, {
    summary:
      'Vendor data: categories (stored game types) with their cards and classifications; the client splits IMES/SV3 out of SPORTS',
    tags,
    query: gameMenusQuerySchema,
    response: gameMenusValueSchema,
  }),
  favoriteIds: defineRoute(gamesCalls.favoriteIds, {
    summary: "The member's favourite nodeIds",
    tags,
    body: favoriteIdsBodySchema,
    response: favoriteIdsValueSchema,
  }),
  favoriteList: defineRoute(gamesCalls.favoriteList, {
    summary: "The member's favourite games, newest first (pageSize up to 999)",
    tags,
    body: favoriteListBodySchema,
    response: favoriteListValueSchema,
  }),
  addFavorite: defineRoute(gamesCalls.addFavorite, {
    summary: 'Marks a game as favourite (idempotent); 404 game_not_found for a game that does not exist',
    tags,
    body: favoriteToggleBodySchema,
    response: favoriteToggleValueSchema,
  }),
  removeFavorite: defineRoute(gamesCalls.removeFavorite, {
    summary: 'Unmarks a favourite (idempotent); 404 game_not_found for a game that does not exist',
    tags,
    body: favoriteToggleBodySchema,
    response: favoriteToggleValueSchema,
  }),
  recentGames: defineRoute(gamesCalls.recentGames, {
    summary: "The member's recently launched games, newest first (pageSize up to 12)",
    tags,
    body: recentGamesBodySchema,
    response: recentGamesValueSchema,
  }),
  rankList: defineRoute(gamesCalls.rankList, {
    summary: 'Winner board: biggest settled wins, masked names, biggest first (up to 20)',
    tags,
    body: rankListBodySchema,
    response: rankListValueSchema,
  }),
  launchGame: defineRoute(gamesCalls.launchGame, {
    summary:
      "Launch URL of a game, carrying a one-time launch token (60 s) the vendor exchanges for a player session. 401 logged out, 403 in_need_true_account for trial accounts, 404 game_not_found, 503 game_unavailable when the game's vendor has no launch",
    tags,
    body: launchGameBodySchema,
    response: launchGameValueSchema,
  }),
  launchGameFB: defineRoute(gamesCalls.launchGameFB, {
    summary: 'The launch under its relay name: the same as /wps/game/launchGame',
    tags,
    body: launchGameBodySchema,
    response: launchGameValueSchema,
  }),
  roomList: defineRoute(gamesCalls.roomList, {
    summary: "A vendor's rooms or games (the vendor popup of a VASSALAGE card), in catalogue order",
    tags,
    body: roomListBodySchema,
    response: roomListValueSchema,
  }),
  ...betRecordRoutes,
  ...vendorOpsRoutes,
  ...catalogueOpsRoutes,
} as const;
