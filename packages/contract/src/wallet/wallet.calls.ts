import { walletOpsCalls } from './wallet-ops.calls.ts';
import { walletRecordCalls } from './wallet-record.calls.ts';
import type { RouteEntry } from '../route-entry.ts';
import { withdrawCalls } from './withdraw.calls.ts';

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
  /** Spec section 7: whether the merchant runs one wallet for every game (isSingle). */
  merchantWallet: {
    id: 'wallet.merchantWallet',
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    auth: 'none',
    enc: false,
  },
  /** Spec section 7: main and vendor wallets of the caller, with the total. */
  consolidatedFunds: {
    id: 'wallet.consolidatedFunds',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    auth: 'token',
    enc: false,
  },
  /** Spec section 7: moves money between the main wallet and a vendor wallet, or recalls all. */
  walletTransfer: {
    id: 'wallet.walletTransfer',
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    auth: 'token',
    enc: false,
  },
  ...withdrawCalls,
} as const satisfies Record<string, RouteEntry>;
