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
}
