import type { RouteEntry } from '../route-entry.ts';

/**
 * The lottery (issue 11 item 3, spec section 7): the gateway's public lottery calls (`/lgw/...`,
 * `/lotto/lgw/...`: menus, recent results, opened numbers; no token, the results are public) and
 * the house lottery page's own calls under /house/api/lottery (POST, the house session in the body's
 * `session` field, as every house call).
 */
export const lotteryCalls = {
  /** The lottery games with their running period (id, close and draw times, the seed's hash). */
  gameMenu: {
    id: 'lottery.gameMenu',
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    auth: 'none',
    enc: false,
  },
  /** Each lottery game's latest drawn period. */
  gameMenuRecent: {
    id: 'lottery.gameMenuRecent',
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    auth: 'none',
    enc: false,
  },
  /** One game's opened numbers, newest first. */
  openedNumbers: {
    id: 'lottery.openedNumbers',
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    auth: 'none',
    enc: false,
  },
  /** One period's opened numbers (the latest drawn when no period is named). */
  openedNumero: {
    id: 'lottery.openedNumero',
    method: 'GET',
    path: '/lotto/lgw/games/opened/numero',
    auth: 'none',
    enc: false,
  },
  /** The house lottery page: its game, the running and coming periods, recent results. */
  houseState: {
    id: 'lottery.houseState',
    method: 'POST',
    path: '/house/api/lottery/state',
    auth: 'none',
    enc: false,
  },
  /** Buys a ticket on the open period: one debit of its total stake, keyed by the request id. */
  houseBuy: {
    id: 'lottery.houseBuy',
    method: 'POST',
    path: '/house/api/lottery/buy',
    auth: 'none',
    enc: false,
  },
  /** The player's tickets, newest first (by period, status). */
  houseTickets: {
    id: 'lottery.houseTickets',
    method: 'POST',
    path: '/house/api/lottery/tickets',
    auth: 'none',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
