import type { ColumnType, Selectable } from 'kysely';
import type { PixKeyType } from '@banca/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 202611231400: the PIX key payouts go to. */
export interface PayoutKeyTable {
  member_id: number;
  key_type: PixKeyType;
  /** Normalised (pix-key.ts): CPF digits, lower-case e-mail, +55 phone, lower-case UUID. */
  key_value: string;
  payee_name: string;
  updated_at: Timestamp;
}

/** Migration 202611262336: the payment password's hash (argon2), one row per member who set one. Its
 *  wrong-try count and lock are in wallet_member_state, under the row lock money requests take. */
export interface WalletPaymentPasswordTable {
  member_id: number;
  hash: string;
  updated_at: Timestamp;
}

export type PayoutKeyRow = Selectable<PayoutKeyTable>;

export interface MoneySettingsTables {
  payout_key: PayoutKeyTable;
  wallet_payment_password: WalletPaymentPasswordTable;
}
