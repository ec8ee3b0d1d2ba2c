import type { ColumnType, Generated, Insertable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CaptchaTable {
  id: string;
  answer_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type VerificationPurpose = 'register' | 'no_login' | 'second_verification';
export type VerificationChannelName = 'sms' | 'email';

export interface VerificationCodeTable {
  id: Generated<number>;
  merchant_code: string;
  purpose: VerificationPurpose;
  channel: VerificationChannelName;
  recipient: string;
  /** The session module's login_challenge a second-verification code belongs to. */
  challenge_id: string | null;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type NewVerificationCode = Insertable<VerificationCodeTable>;

/** The tables of the verification module (created by migration 0100-accounts). */
export interface VerificationTables {
  captcha: CaptchaTable;
  verification_code: VerificationCodeTable;
}
