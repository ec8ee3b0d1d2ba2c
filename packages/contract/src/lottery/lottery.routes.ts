import { defineRoute } from '../route.ts';
import { lotteryCalls } from './lottery.calls.ts';
import {
  houseLotteryBuyBodySchema,
  houseLotteryBuyValueSchema,
  houseLotteryStateBodySchema,
  houseLotteryStateValueSchema,
  houseLotteryTicketsBodySchema,
  houseLotteryTicketsValueSchema,
  lotteryMenuQuerySchema,
  lotteryMenuValueSchema,
  lotteryRecentValueSchema,
  openedNumbersQuerySchema,
  openedNumbersValueSchema,
  openedNumeroQuerySchema,
  openedNumeroValueSchema,
} from './lottery.schemas.ts';

const tags = ['lottery'];

/** The lottery's gateway calls and the house lottery page's calls (lottery.calls.ts). */
export const lotteryRoutes = {
  gameMenu: defineRoute(lotteryCalls.gameMenu, {
    summary: 'Lottery games with their running period (times, the committed seed hash)',
    tags,
    query: lotteryMenuQuerySchema,
    response: lotteryMenuValueSchema,
  }),
  gameMenuRecent: defineRoute(lotteryCalls.gameMenuRecent, {
    summary: "Each lottery game's latest drawn period: opened numbers and the revealed seed",
    tags,
    query: lotteryMenuQuerySchema,
    response: lotteryRecentValueSchema,
  }),
  openedNumbers: defineRoute(lotteryCalls.openedNumbers, {
    summary: "One lottery game's opened numbers, newest first (404 lottery_game_not_found)",
    tags,
    query: openedNumbersQuerySchema,
    response: openedNumbersValueSchema,
  }),
  openedNumero: defineRoute(lotteryCalls.openedNumero, {
    summary:
      "One period's opened numbers, the latest drawn when none is named (404 lottery_game_not_found, lottery_not_drawn)",
    tags,
    query: openedNumeroQuerySchema,
    response: openedNumeroValueSchema,
  }),
  houseState: defineRoute(lotteryCalls.houseState, {
    summary: "House lottery page: the session's game, running and coming periods, recent results",
    tags,
    body: houseLotteryStateBodySchema,
    response: houseLotteryStateValueSchema,
  }),
  houseBuy: defineRoute(lotteryCalls.houseBuy, {
    summary:
      'House lottery: buys a ticket on the open period (one debit keyed by requestId; 409 lottery_betting_closed after the close)',
    tags,
    body: houseLotteryBuyBodySchema,
    response: houseLotteryBuyValueSchema,
  }),
  houseTickets: defineRoute(lotteryCalls.houseTickets, {
    summary: "House lottery: the player's tickets, newest first, by period and status",
    tags,
    body: houseLotteryTicketsBodySchema,
    response: houseLotteryTicketsValueSchema,
  }),
} as const;
