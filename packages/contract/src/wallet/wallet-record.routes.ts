import { defineRoute } from '../route.ts';
import { walletRecordCalls } from './wallet-record.calls.ts';
import {
  bonusPageSchema,
  bonusQuerySchema,
  recordPageSchema,
  recordQuerySchema,
} from './wallet-record.schemas.ts';

const tags = ['wallet'];

export const walletRecordRoutes = {
  records: defineRoute(walletRecordCalls.records, {
    summary:
      "The member's account record: every ledger movement with type, signed amount, balance after, reference and time; filters and keyset paging (real accounts only)",
    tags,
    query: recordQuerySchema,
    response: recordPageSchema,
  }),
  bonuses: defineRoute(walletRecordCalls.bonuses, {
    summary:
      "The member's bonus details: BONUS credits from the ledger, newest first, with the turnover still to wager (real accounts only)",
    tags,
    query: bonusQuerySchema,
    response: bonusPageSchema,
  }),
} as const;
