import {
  OPERATOR_ERROR_STATUS,
  type OperatorErrorCode,
  type OperatorRoleName,
  type OpsPermission,
} from '@banca/contract';
import type { onRequestHookHandler } from 'fastify';
import type { DbOrTrx } from './database.ts';
import { AppError, DomainError } from './platform/http/app-error.ts';

/**
 * How back-office (`/ops`) routes of any module check who is calling and record what they did,
 * without importing the operator module (which calls other modules' services, e.g. the wallet's for
 * balance adjustments, so an import the other way would make a cycle). app.ts builds one OpsAccess
 * from the operator module and hands it to every module in the shared context, like the
 * MemberSessions port. Undefined when the back office is not configured: /ops routes are then not
 * registered at all and answer 404 like any unknown path.
 */
/** The roles are the contract's (operatorRoleSchema), so the wire and the guard agree. */
export type OperatorRole = OperatorRoleName;

export interface OperatorActor {
  id: number;
  username: string;
  role: OperatorRole;
}

export interface OperatorAuditEntry {
  actor: OperatorActor;
  /** What was done, dotted lower case: `withdrawal.approve`, `wallet.adjust`, `system.maintenance`. */
  action: string;
  /** What it was done to: `withdrawal` / `42`, `member` / `1007`. */
  subjectType: string;
  subjectId: string;
  /** The subject as it was and as it became (JSON-serialisable), for the append-only audit. */
  before: unknown;
  after: unknown;
  reason?: string | null;
  /** The request that made the decision (request.id), to join the audit with the logs. */
  requestId?: string | null;
}

export interface OpsAccess {
  /**
   * onRequest hook: 401 `not_logged_in` without a valid operator token, 403 `forbidden` when the
   * operator's role is not one of `roles` (admin is always allowed). Sets `request.operator`.
   */
  require(...roles: OperatorRole[]): onRequestHookHandler;
  /**
   * onRequest hook by the role matrix (contract OPS_PERMISSIONS): 401 without a valid operator
   * credential, 403 `forbidden` when the operator's role lacks `permission`. Prefer it to `require`:
   * the matrix is what the docs and the back-office app show.
   */
  allow(permission: OpsPermission): onRequestHookHandler;
  /** Appends one audit row in the caller's transaction, so the decision and its record commit together. */
  audit(db: DbOrTrx, entry: OperatorAuditEntry): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator behind an /ops call, set by OpsAccess.require. */
    operator?: OperatorActor;
  }
}

/** A refused back-office call of any module, with its contract code and status (operator.errors.ts). */
export class OpsError extends DomainError<OperatorErrorCode> {
  override name = 'OpsError';

  constructor(code: OperatorErrorCode, value: unknown = null) {
    super(code, OPERATOR_ERROR_STATUS[code], value);
  }
}

/** The operator an /ops route's guard (`allow`) let in; 401 not_logged_in on a route without one. */
export const operatorOf = (request: { operator?: OperatorActor | undefined }): OperatorActor => {
  if (!request.operator) throw new AppError('not_logged_in');
  return request.operator;
};
