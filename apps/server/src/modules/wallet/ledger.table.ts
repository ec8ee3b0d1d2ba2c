import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/**
 * MEMBER: a member's wallet, one per (member, currency), never below zero. HOUSE_CASH: the merchant's
 * side of real-money movements. HOUSE_PLAY: the merchant's source of play money (XPL only). House
 * accounts may go negative: they are the counterpart of what members hold. See migration 0200.
 */
export type LedgerAccountKind = 'MEMBER' | 'HOUSE_CASH' | 'HOUSE_PLAY';
export type HouseAccountKind = Exclude<LedgerAccountKind, 'MEMBER'>;

/**
 * Why money moved. The database accepts any UPPER_SNAKE kind, so later issues add theirs here
 * (DEPOSIT, WITHDRAWAL, BET, PAYOUT, ROLLBACK, ...) without a migration.
 * PLAY_MONEY_GRANT: HOUSE_PLAY to a new trial account. ADJUSTMENT: a correcting movement made by hand.
 */
export type TransferKind = 'PLAY_MONEY_GRANT' | 'ADJUSTMENT';

export interface LedgerAccountTable {
  id: Generated<number>;
  merchant_code: string;
  /** The owner of a MEMBER account; null for house accounts. */
  member_id: number | null;
  kind: LedgerAccountKind;
  currency: string;
  /** Minor units. Changed only by the ledger service, in the transaction that writes the transfer. */
  balance: ColumnType<number, number | undefined, number>;
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
