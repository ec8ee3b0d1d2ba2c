import type { RouteEntry } from '../route-entry.ts';

/** The member's account record (member centre transactionHistory). */
export const walletRecordCalls = {
  records: {
    id: 'wallet.records',
    method: 'GET',
    path: '/wps/v2/wallets/records',
    auth: 'token',
    enc: false,
  },
  /** Bonus details: the member's BONUS movements and the turnover still to wager. */
  bonuses: {
    id: 'wallet.bonuses',
    method: 'GET',
    path: '/wps/v2/wallets/bonuses',
    auth: 'token',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;

/**
 * The account record as CSV (same filters as records, no paging): a file download, not an envelope
 * call, so it is not in the route table. Token in the Authorization header; answers text/csv.
 */
export const WALLET_RECORDS_CSV_PATH = '/wps/v2/wallets/records/csv';

/** Transfer kinds the record knows a label for; the filter also accepts any other UPPER_SNAKE kind. */
export const ACCOUNT_RECORD_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_PAYOUT',
  'WITHDRAWAL_RETURN',
  'WALLET_TRANSFER',
  'MEMBER_TRANSFER',
  'ADJUSTMENT',
  'PLAY_MONEY_GRANT',
  'BONUS',
  // Agent contracts (issue 24).
  'AGENT_CONTRACT',
] as const;
