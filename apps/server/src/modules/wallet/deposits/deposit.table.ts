import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DepositStatus, PaymentChannel } from '@banca/contract';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type DepositFlag = 'late_payment' | 'amount_mismatch';

/** One deposit attempt: one provider charge. Migration 202611231300-wallet-deposits. */
export interface DepositTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  channel: PaymentChannel;
  /** Minor units asked for. */
  amount: number;
  currency: string;
  status: DepositStatus;
  /** The client's idempotency key: unique per member. */
  client_key: string;
  /** Our id of the charge (the PIX txid), unique; also the ledger key `deposit:<charge_id>`. */
  charge_id: string;
  provider: string;
  provider_ref: string;
  pix_copy_paste: string;
  expires_at: Timestamp;
  /** Minor units the provider says were paid (what is credited). */
  paid_amount: number | null;
  paid_at: NullableTimestamp;
  credited_at: NullableTimestamp;
  transfer_id: number | null;
  flag: DepositFlag | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type DepositRow = Selectable<DepositTable>;

export interface DepositTables {
  deposit: DepositTable;
}
