import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type LoginKind =
  'password' | 'sms' | 'second_verification' | 'register' | 'freeplay' | 'phone_reset' | 'social';

export interface SessionTable {
  /** SHA-256 hex of the opaque token. */
  token_hash: string;
  member_id: number;
  merchant_code: string;
  login_type: LoginKind;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** IPs a member has logged in from; a login from any other asks a second verification. */
export interface MemberKnownIpTable {
  member_id: number;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface LoginChallengeTable {
  id: string;
  member_id: number;
  merchant_code: string;
  ip: string;
  user_agent: string | null;
  portal: string;
  /** The verification module's channels, one code each. */
  channels: ('sms' | 'email')[];
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type AuthAuditEvent =
  | 'login'
  | 'login_failed'
  | 'login_refused'
  | 'login_throttled'
  | 'second_verification_issued'
  | 'second_verification_failed'
  | 'logout'
  | 'register'
  | 'freeplay'
  | 'password_changed'
  | 'password_change_failed'
  | 'password_reset_requested'
  | 'password_reset'
  | 'social_login_failed';

export interface AuthAuditTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number | null;
  account: string | null;
  event: AuthAuditEvent;
  detail: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** One social sign-in in flight: created by start, spent by the callback (single use, 10 minutes). */
export interface SocialLoginStateTable {
  state_hash: string;
  merchant_code: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  browser_hash: string;
  return_to: string;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type SessionRow = Selectable<SessionTable>;
export type SocialLoginStateRow = Selectable<SocialLoginStateTable>;
export type NewSession = Insertable<SessionTable>;
export type LoginChallengeRow = Selectable<LoginChallengeTable>;
export type AuthAuditRow = Selectable<AuthAuditTable>;

export interface SessionTables {
  session: SessionTable;
  member_known_ip: MemberKnownIpTable;
  login_challenge: LoginChallengeTable;
  auth_audit: AuthAuditTable;
  social_login_state: SocialLoginStateTable;
}
