import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { OperatorActor, OperatorRole, OpsAccess } from '../../ops-access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { readBearer } from '../../platform/http/route-auth.ts';
import { authenticateOperator, BOOTSTRAP_ACTOR, writeAudit, type OperatorDeps } from './operator.service.ts';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** The operator module's OpsAccess, plus what only its own routes need. */
export interface OperatorAccess extends OpsAccess {
  /**
   * Like require, but also accepts the shared OPERATOR_TOKEN as an admin named `bootstrap`: only for
   * creating and listing operators (how the first admin comes to exist) and the system settings
   * routes that predate named operators. Every other /ops call needs a named operator.
   */
  requireOrBootstrap(...roles: OperatorRole[]): onRequestHookHandler;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the operator's session token (absent for the bootstrap): what logout revokes. */
    operatorTokenHash?: string;
  }
}

/**
 * OpsAccess over named operators (operator, operator_session, operator_audit tables). A token is
 * checked against the database on every call, with the operator's current status and role, so a
 * logout or a disable applies at once on every node.
 */
export function createOpsAccess(deps: OperatorDeps & { bootstrapToken: string }): OperatorAccess {
  const bootstrap = digest(deps.bootstrapToken);
  const isBootstrap = (token: string) => timingSafeEqual(digest(token), bootstrap);

  const allowed = (actor: OperatorActor, roles: OperatorRole[]) =>
    actor.role === 'admin' || roles.includes(actor.role);

  async function identify(request: FastifyRequest, acceptBootstrap: boolean): Promise<OperatorActor> {
    const token = readBearer(request.headers.authorization);
    if (token === undefined) throw new AppError('not_logged_in');
    if (isBootstrap(token)) {
      // Known, but not a named operator: refused where a name is required.
      if (!acceptBootstrap) throw new AppError('forbidden');
      return BOOTSTRAP_ACTOR;
    }
    const found = await authenticateOperator(deps, token);
    if (!found) throw new AppError('not_logged_in');
    const { tokenHash, ...actor } = found;
    request.operatorTokenHash = tokenHash;
    return actor;
  }

  const hook =
    (acceptBootstrap: boolean, roles: OperatorRole[]): onRequestHookHandler =>
    async (request) => {
      const actor = await identify(request, acceptBootstrap);
      if (!allowed(actor, roles)) throw new AppError('forbidden');
      request.operator = actor;
    };

  return {
    require: (...roles) => hook(false, roles),
    requireOrBootstrap: (...roles) => hook(true, roles),
    audit: (db, entry) => writeAudit(db, deps.merchantCode, entry),
  };
}
