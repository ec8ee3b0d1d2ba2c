import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 202611231400. The row lock serialises a member's withdrawals and tree transfers. */
export interface WalletMemberStateTable {
  member_id: number;
  /** Minor units of bonus turnover still to wager before a withdrawal. */
  turnover_remaining: ColumnType<number, number | undefined, number>;
  pay_pw_failed: ColumnType<number, number | undefined, number>;
  pay_pw_locked_until: NullableTimestamp;
  updated_at: Timestamp;
}

export type WalletMemberStateRow = Selectable<WalletMemberStateTable>;

export interface MemberStateTables {
  wallet_member_state: WalletMemberStateTable;
}
