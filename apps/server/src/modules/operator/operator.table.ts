import type { ColumnType, Generated, Selectable } from 'kysely';
import type { OperatorRoleName as OperatorRole } from '@banca/contract';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type OperatorStatus = 'ACTIVE' | 'DISABLED';

/** A named back-office account (migration 202611231500). */
export interface OperatorTable {
  id: Generated<number>;
  merchant_code: string;
  username: string;
  /** argon2id PHC string (platform/crypto/password.ts). */
  password_hash: string;
  role: OperatorRole;
  status: ColumnType<OperatorStatus, OperatorStatus | undefined, OperatorStatus>;
  /** Username of the admin who created it (`bootstrap` for the OPERATOR_TOKEN). */
  created_by: string;
  created_at: CreatedAt;
  disabled_at: NullableTimestamp;
  /** The TOTP secret sealed with AES-256-GCM (operator-totp.ts); null until enrolment is confirmed. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enrolled_at: NullableTimestamp;
  /** The last TOTP time step accepted: a code of that step or older is refused (no reuse). */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** CIDRs the operator may use the back office from; empty: anywhere. */
  ip_allow_list: ColumnType<string[], string[] | undefined, string[]>;
}

/** The step between a right password and a right code (migration 202611270300). */
export interface OperatorLoginChallengeTable {
  /** SHA-256 hex of the opaque challenge. */
  token_hash: string;
  operator_id: number;
  kind: 'totp' | 'enrol';
  /** For an enrolment: the sealed secret being set up. */
  pending_secret: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  ip: string | null;
}

export interface OperatorRecoveryCodeTable {
  /** SHA-256 hex of the normalised code. */
  code_hash: string;
  operator_id: number;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface OperatorSessionTable {
  /** SHA-256 hex of the opaque token. */
  token_hash: string;
  operator_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface OperatorAuditTable {
  id: Generated<number>;
  merchant_code: string;
  /** Null for the OPERATOR_TOKEN bootstrap. */
  actor_id: number | null;
  actor_username: string;
  actor_role: OperatorRole;
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON text on the way in; parsed jsonb on the way out. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
  request_id: string | null;
  created_at: CreatedAt;
}

export type OperatorRow = Selectable<OperatorTable>;
export type OperatorAuditRow = Selectable<OperatorAuditTable>;

export interface OperatorTables {
  operator: OperatorTable;
  operator_session: OperatorSessionTable;
  operator_audit: OperatorAuditTable;
  operator_login_challenge: OperatorLoginChallengeTable;
  operator_recovery_code: OperatorRecoveryCodeTable;
}
