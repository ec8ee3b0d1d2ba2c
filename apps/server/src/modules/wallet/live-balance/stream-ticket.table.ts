import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Migration 202611231300. A one-time ticket that opens a member's live event stream (EventSource
 *  cannot send headers). */
export interface WalletStreamTicketTable {
  /** SHA-256 of the ticket (hex): a leaked table opens nothing. */
  ticket_hash: string;
  member_id: number;
  /** The session token sealed with AES-256-GCM (iv.tag.ciphertext, base64url). */
  token_sealed: string;
  expires_at: Timestamp;
}

export interface LiveBalanceTables {
  wallet_stream_ticket: WalletStreamTicketTable;
}
