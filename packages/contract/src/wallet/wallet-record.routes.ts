import { defineRoute } from '../route.ts';
import { walletRecordCalls } from './wallet-record.calls.ts';
import { recordPageSchema, recordQuerySchema } from './wallet-record.schemas.ts';

const tags = ['wallet'];

export const walletRecordRoutes = {
  records: defineRoute(walletRecordCalls.records, {
    summary:
      "The member's account record: every ledger movement with type, signed amount, balance after, reference and time; filters and keyset paging (real accounts only)",
    tags,
    query: recordQuerySchema,
    response: recordPageSchema,
  }),
} as const;
