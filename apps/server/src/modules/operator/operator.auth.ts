import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { OPS_COOKIE_NAME, OPS_PERMISSIONS, operatorCan } from '@banca/contract';
import type { OperatorActor, OperatorRole, OpsAccess } from '../../ops-access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { readBearer } from '../../platform/http/route-auth.ts';
import { isSafeMethod, isSameOrigin } from '../../platform/http/same-origin.ts';
import { OperatorError } from './operator.errors.ts';
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

export interface OpsAccessOptions {
  /** OPERATOR_TOKEN; undefined: no bootstrap credential (named operators only). */
  bootstrapToken: string | undefined;
  /** The caller's address (TRUST_PROXY-aware), for the operators' IP allow-lists. */
  ip: (request: FastifyRequest) => string;
  /** Origins besides the request's own host that count as this site (PUBLIC_URL's). */
  siteOrigins: readonly string[];
}

/** The session token of the back-office cookie, if the request carries one. */
export function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = request.server.parseCookie(header)[OPS_COOKIE_NAME];
  return value ? value : undefined;
}

/**
 * OpsAccess over named operators (operator, operator_session, operator_audit tables). The credential
 * is a bearer token (scripts) or the back-office app's httpOnly cookie; either is checked against the
 * database on every call, with the operator's current status, role and IP allow-list, so a logout, a
 * disable or a role change applies at once on every node. A state-changing call carrying the cookie
 * must come from this site (Origin check, on top of the cookie's SameSite=Strict); a bearer token is
 * never sent by a browser on its own, so it needs no such check.
 */
export function createOpsAccess(deps: OperatorDeps & OpsAccessOptions): OperatorAccess {
  const bootstrap = deps.bootstrapToken ? digest(deps.bootstrapToken) : undefined;
  const isBootstrap = (token: string) => bootstrap !== undefined && timingSafeEqual(digest(token), bootstrap);

  const allowed = (actor: OperatorActor, roles: OperatorRole[]) =>
    actor.role === 'admin' || roles.includes(actor.role);

  async function identify(request: FastifyRequest, acceptBootstrap: boolean): Promise<OperatorActor> {
    const bearer = readBearer(request.headers.authorization);
    const token = bearer ?? cookieToken(request);
    if (token === undefined) throw new AppError('not_logged_in');
    if (bearer === undefined && !isSafeMethod(request.method) && !isSameOrigin(request, deps.siteOrigins)) {
      throw new OperatorError('cross_site_refused');
    }
    if (bearer !== undefined && isBootstrap(bearer)) {
      // Known, but not a named operator: refused where a name is required.
      if (!acceptBootstrap) throw new AppError('forbidden');
      return BOOTSTRAP_ACTOR;
    }
    const found = await authenticateOperator(deps, token, deps.ip(request));
    if (!found) throw new AppError('not_logged_in');
    const { tokenHash, ...actor } = found;
    request.operatorTokenHash = tokenHash;
    return actor;
  }

  const hook =
    (acceptBootstrap: boolean, may: (actor: OperatorActor) => boolean): onRequestHookHandler =>
    async (request) => {
      const actor = await identify(request, acceptBootstrap);
      if (!may(actor)) throw new AppError('forbidden');
      request.operator = actor;
    };

  return {
    require: (...roles) => hook(false, (actor) => allowed(actor, roles)),
    requireOrBootstrap: (...roles) => hook(true, (actor) => allowed(actor, roles)),
    allow: (permission) => {
      if (!(permission in OPS_PERMISSIONS)) throw new Error(`unknown permission ${permission}`);
      return hook(false, (actor) => operatorCan(actor.role, permission));
    },
    audit: (db, entry) => writeAudit(db, deps.merchantCode, entry),
  };
}
