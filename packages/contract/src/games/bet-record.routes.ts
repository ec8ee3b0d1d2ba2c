import { defineRoute } from '../route.ts';
import { betRecordCalls } from './bet-record.calls.ts';
import {
  betRecordPageSchema,
  betRecordQuerySchema,
  profitQuerySchema,
  profitValueSchema,
} from './bet-record.schemas.ts';

const tags = ['games'];

export const betRecordRoutes = {
  betRecords: defineRoute(betRecordCalls.betRecords, {
    summary:
      "The member's betting record: each round with game, vendor, category, stake, payout, profit, status and times; filters, totals for the filter and keyset paging (real accounts only)",
    tags,
    query: betRecordQuerySchema,
    response: betRecordPageSchema,
  }),
  profit: defineRoute(betRecordCalls.profit, {
    summary:
      "The member's profit and loss over settled rounds by day, week or month (the merchant's calendar) and by category (real accounts only)",
    tags,
    query: profitQuerySchema,
    response: profitValueSchema,
  }),
} as const;
