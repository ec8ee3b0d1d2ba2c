import type { ColumnType, Generated, Selectable } from 'kysely';
import type { PayoutFailReason, PixKeyType, WithdrawalStatus } from '@banca/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type WithdrawalConfirmation = 'RECEIVED' | 'NOT_RECEIVED' | 'AUTO';

/** Migration 202611231400: one request, its state and the key it pays to (a copy). */
export interface WithdrawalTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  request_id: string;
  currency: string;
  amount: number;
  status: WithdrawalStatus;
  key_type: PixKeyType;
  key_value: string;
  payee_name: string;
  payout_target_minutes: number;
  requested_at: Timestamp;
  approved_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  confirmation: WithdrawalConfirmation | null;
  rejected_at: NullableTimestamp;
  reject_reason: string | null;
  /** The operator who approved or rejected (username). */
  decided_by: string | null;
  provider_ref: string | null;
  /** Migration 202611241020: when and why the rail did not pay (status FAILED). */
  failed_at: NullableTimestamp;
  fail_reason: PayoutFailReason | null;
  /** Migration 202611270300: when the member cancelled it (status CANCELLED). */
  cancelled_at: NullableTimestamp;
}

export interface WithdrawalProofTable {
  withdrawal_id: number;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  created_at: Timestamp;
}

export type WithdrawalRow = Selectable<WithdrawalTable>;

export interface WithdrawalTables {
  withdrawal: WithdrawalTable;
  withdrawal_proof: WithdrawalProofTable;
}
