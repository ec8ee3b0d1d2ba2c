import type { RouteEntry } from '../route-entry.ts';
import { betRecordCalls } from './bet-record.calls.ts';
import { vendorOpsCalls } from './vendor-ops.calls.ts';
import { catalogueOpsCalls } from './catalogue-ops.calls.ts';

/** The relay prefix of the original gateway: `POST /wps/relay/<NAME>` (spec section 7). */
const relay = (name: string) => `/wps/relay/${name}` as const;

/**
 * Games and lobby calls' wire facts (no zod): the lobby pages call them. Schemas: games.routes.ts.
 * Catalogue calls are public and answer the same to everyone; member calls ('token') are the
 * member's own favourites, recent games and launches.
 */
export const gamesCalls = {
  gameList: {
    id: 'games.gameList',
    method: 'POST',
    path: relay('GCSGAME_gameList'),
    auth: 'none',
    enc: false,
  },
  hotGames: {
    id: 'games.hotGames',
    method: 'POST',
    path: relay('GCSGAME_hotGamesV2'),
    auth: 'none',
    enc: false,
  },
  vassGameType: {
    id: 'games.vassGameType',
    method: 'POST',
    path: relay('GCSGAME_getVassGameType'),
    auth: 'none',
    enc: false,
  },
  newGameVendor: {
    id: 'games.newGameVendor',
    method: 'POST',
    path: relay('GCSGAME_newGameVendor'),
    auth: 'none',
    enc: false,
  },
  gameMenus: {
    id: 'games.gameMenus',
    method: 'GET',
    path: '/lgw/games/game_menus',
    auth: 'none',
    enc: false,
  },
  favoriteIds: {
    id: 'games.favoriteIds',
    method: 'POST',
    path: relay('MCSFE_getFavoriteGames'),
    auth: 'token',
    enc: false,
  },
  favoriteList: {
    id: 'games.favoriteList',
    method: 'POST',
    path: relay('getFavoriteGamesList'),
    auth: 'token',
    enc: false,
  },
  addFavorite: {
    id: 'games.addFavorite',
    method: 'POST',
    path: relay('addFavoriteGameV2'),
    auth: 'token',
    enc: false,
  },
  removeFavorite: {
    id: 'games.removeFavorite',
    method: 'DELETE',
    path: relay('removeFavoriteGameV2'),
    auth: 'token',
    enc: false,
  },
  recentGames: {
    id: 'games.recentGames',
    method: 'POST',
    path: relay('GCS_recentGame'),
    auth: 'token',
    enc: false,
  },
  rankList: {
    id: 'games.rankList',
    method: 'POST',
    path: relay('GCSGAME_getRankList'),
    auth: 'none',
    enc: false,
  },
  launchGame: {
    id: 'games.launchGame',
    method: 'POST',
    path: '/wps/game/launchGame',
    auth: 'token',
    enc: false,
  },
  /** The launch under its relay name (the original client's second launch path): same body and answer. */
  launchGameFB: {
    id: 'games.launchGameFB',
    method: 'POST',
    path: relay('GCS_gameLaunchFB'),
    auth: 'token',
    enc: false,
  },
  roomList: {
    id: 'games.roomList',
    method: 'POST',
    path: relay('GLS2_roomList'),
    auth: 'none',
    enc: false,
  },
  ...betRecordCalls,
  ...vendorOpsCalls,
  ...catalogueOpsCalls,
} as const satisfies Record<string, RouteEntry>;
