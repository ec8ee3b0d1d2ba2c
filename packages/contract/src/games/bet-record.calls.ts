import type { RouteEntry } from '../route-entry.ts';

/**
 * The member's game records (member centre personalHistoryCopy and personalProfit): read from the
 * bet record the vendor wallet API keeps, one row per round. Real accounts only (trial: 403).
 */
export const betRecordCalls = {
  betRecords: {
    id: 'games.betRecords',
    method: 'GET',
    path: '/wps/member/records/bets',
    auth: 'token',
    enc: false,
  },
  profit: {
    id: 'games.profit',
    method: 'GET',
    path: '/wps/member/records/profit',
    auth: 'token',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
