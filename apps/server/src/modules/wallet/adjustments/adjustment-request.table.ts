import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AdjustmentRequestStatus } from '@banca/contract';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One adjustment above the approval threshold. Migration 202611271608-wallet-adjustment-requests. */
export interface AdjustmentRequestTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  /** Signed minor units: positive credits the member. */
  amount: number;
  currency: string;
  reason: string;
  /** The requester's idempotency key, unique per merchant. */
  idempotency_key: string;
  status: ColumnType<AdjustmentRequestStatus, AdjustmentRequestStatus | undefined, AdjustmentRequestStatus>;
  requested_by_id: number;
  requested_by: string;
  requested_at: ColumnType<Date, Date | string | undefined, never>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  decision_reason: string | null;
  transfer_id: number | null;
}

export type AdjustmentRequestRow = Selectable<AdjustmentRequestTable>;

export interface AdjustmentRequestTables {
  wallet_adjustment_request: AdjustmentRequestTable;
}
