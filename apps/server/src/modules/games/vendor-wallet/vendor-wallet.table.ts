import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A vendor's HMAC secret, sealed (platform/crypto/sealed-text.ts); migration 202611241030. */
export interface VendorCredentialTable {
  vendor: string;
  secret_sealed: string;
  /** The secret before the last rotation, still accepted until previous_valid_until. */
  previous_secret_sealed: string | null;
  previous_valid_until: Timestamp | null;
  rotated_at: Timestamp;
}

/** A player session a vendor holds (opened at launch); the token is stored as its SHA-256. */
export interface VendorPlayerSessionTable {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  /** The member's login name (the winner board masks it). */
  account: string;
  merchant_code: string;
  vendor: string;
  currency: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export type VendorTransactionKind = 'DEBIT' | 'CREDIT' | 'ROLLBACK' | 'VOID';

/**
 * An accepted money call of a vendor, by (vendor, transaction id), with its first answer when no
 * ledger transfer of the call holds it (service invariant 2).
 */
export interface VendorTransactionTable {
  vendor: string;
  transaction_id: string;
  kind: VendorTransactionKind;
  member_id: number;
  round_id: string;
  amount: number;
  ref_transaction_id: string | null;
  request_hash: string;
  answer: ColumnType<unknown, string | null | undefined, string>;
  rolled_back: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export type BetStatus = 'OPEN' | 'SETTLED' | 'CANCELLED';

/** One round of a game: what the member staked and was paid, kept in step with the ledger. */
export interface BetRecordTable {
  id: Generated<number>;
  vendor: string;
  round_id: string;
  member_id: number;
  node_id: string;
  game_code: string;
  /** The game's category (game_type of the catalogue: RNG, LIVE, LOTT, ...). */
  game_type: string;
  currency: string;
  stake: ColumnType<number, number | undefined, number>;
  payout: ColumnType<number, number | undefined, number>;
  status: ColumnType<BetStatus, BetStatus | undefined, BetStatus>;
  opened_at: Timestamp;
  settled_at: Timestamp | null;
  updated_at: Timestamp;
}

export type BetRecordRow = Selectable<BetRecordTable>;
export type VendorPlayerSessionRow = Selectable<VendorPlayerSessionTable>;
export type VendorTransactionRow = Selectable<VendorTransactionTable>;

export interface VendorWalletTables {
  vendor_credential: VendorCredentialTable;
  vendor_player_session: VendorPlayerSessionTable;
  vendor_transaction: VendorTransactionTable;
  bet_record: BetRecordTable;
}
