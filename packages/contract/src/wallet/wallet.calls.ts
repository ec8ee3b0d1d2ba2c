import { walletOpsCalls } from './wallet-ops.calls.ts';
import { walletRecordCalls } from './wallet-record.calls.ts';
import type { RouteEntry } from '../route-entry.ts';

/** Wallet calls' wire facts (no zod): the header's balance chip calls them. Schemas: wallet.routes.ts. */
export const walletCalls = {
  balance: {
    id: 'wallet.balance',
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    auth: 'token',
    enc: false,
  },
  ...walletRecordCalls,
  ...walletOpsCalls,
} as const satisfies Record<string, RouteEntry>;
