import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/**
 * MEMBER: a member's wallet, one per (member, currency), never below zero. The house side says where
 * money came from or went, per merchant and currency:
 * - PAYMENT_CLEARING: deposits come in from it, payouts go out to it (the payment provider's side);
 * - WITHDRAWALS_PENDING: withdrawals held between request and payout or return;
 * - VENDOR_CLEARING: bets and wins, and money moved to game vendors' wallets;
 * - PROMOTIONS: bonuses; AGENT_PAYOUTS: agent commissions; ADJUSTMENTS: manual corrections;
 * - HOUSE_PLAY: the source of play money (XPL only; the cash kinds never hold XPL).
 * House accounts may go negative: they are the counterpart of what members hold. Each house kind is
 * split into buckets (houseAccount picks one per transfer, houseBalance sums them). Migrations 0200
 * and 202611231200.
 */
export const HOUSE_ACCOUNT_KINDS = [
  'PAYMENT_CLEARING',
  'WITHDRAWALS_PENDING',
  'VENDOR_CLEARING',
  'PROMOTIONS',
  'AGENT_PAYOUTS',
  'ADJUSTMENTS',
  'HOUSE_PLAY',
] as const;
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type LedgerAccountKind = 'MEMBER' | HouseAccountKind;
/** A member's main wallet (`wallet` column); vendor wallets carry the vendor's code instead. */
export const MAIN_WALLET = 'MAIN';

/**
 * Why money moved. The database accepts any UPPER_SNAKE kind, so later issues add theirs here
 * (DEPOSIT, WITHDRAWAL, BET, PAYOUT, ROLLBACK, ...) without a migration.
 * PLAY_MONEY_GRANT: HOUSE_PLAY to a new trial account. ADJUSTMENT: a correcting movement made by hand.
 */
export type TransferKind =
  | 'PLAY_MONEY_GRANT'
  /** PROMOTIONS to a member: bonus money an operator granted (adds a turnover requirement). */
  | 'BONUS'
  | 'ADJUSTMENT'
  | 'DEPOSIT'
  | 'WITHDRAWAL_HOLD'
  | 'WITHDRAWAL_PAYOUT'
  | 'WITHDRAWAL_RETURN'
  | 'WALLET_TRANSFER'
  | 'MEMBER_TRANSFER'
  /** Vendor wallet API (games module): a stake to VENDOR_CLEARING, a win from it, a refunded stake. */
  | 'BET'
  | 'BET_PAYOUT'
  | 'BET_REFUND'
  /** Agent contracts (modules/agent-contracts): a settled (contract, period) paid upline or AGENT_PAYOUTS
   *  -> downline, and an upline's debt paid from its next income. */
  | 'AGENT_CONTRACT';

export interface LedgerAccountTable {
  id: Generated<number>;
  merchant_code: string;
  /** The owner of a MEMBER account; null for house accounts. */
  member_id: number | null;
  kind: LedgerAccountKind;
  currency: string;
  /** Minor units. Changed only by the ledger service, in the transaction that writes the transfer. */
  balance: ColumnType<number, number | undefined, number>;
  /**
   * Which of a member's wallets: MAIN, or a game vendor's code for the vendor wallets of the
   * "transfer" wallet mode. Always MAIN for house accounts.
   */
  wallet: ColumnType<string, string | undefined, never>;
  /** A house kind's bucket (0..HOUSE_BUCKETS-1); always 0 for MEMBER accounts. */
  bucket: ColumnType<number, number | undefined, never>;
  created_at: CreatedAt;
}

/** One movement of money; append-only (a trigger refuses UPDATE and DELETE). */
export interface LedgerTransferTable {
  id: Generated<number>;
  idempotency_key: string;
  debit_account_id: number;
  credit_account_id: number;
  /** Minor units, > 0. */
  amount: number;
  /** Equal to both accounts' currency (composite foreign keys). */
  currency: string;
  kind: TransferKind;
  reference: string | null;
  /** Each account's balance right after this transfer (account record); null before 202611231510. */
  debit_balance_after: ColumnType<number | null, number | null | undefined, never>;
  credit_balance_after: ColumnType<number | null, number | null | undefined, never>;
  created_at: CreatedAt;
}

export type LedgerAccountRow = Selectable<LedgerAccountTable>;
export type NewLedgerAccount = Insertable<LedgerAccountTable>;
export type LedgerTransferRow = Selectable<LedgerTransferTable>;
export type NewLedgerTransfer = Insertable<LedgerTransferTable>;

export interface WalletTables {
  ledger_account: LedgerAccountTable;
  ledger_transfer: LedgerTransferTable;
}
