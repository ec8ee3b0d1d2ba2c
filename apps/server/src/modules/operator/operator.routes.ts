import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_ROLES, OPS_COOKIE_NAME, OPS_COOKIE_PATH, operatorRoutes } from '@banca/contract';
import { operatorOf } from '../../ops-access.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { isCrossSite } from '../../platform/http/same-origin.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { SystemService } from '../system/index.ts';
import type { OperatorAccess } from './operator.auth.ts';
import { OperatorError } from './operator.errors.ts';
import {
  changeSystemSettings,
  createOperator,
  disableOperator,
  listAudit,
  listOperators,
  loginOperator,
  logoutOperator,
  operatorMe,
  setOperatorIpAllowList,
  verifyOperatorTotp,
  type LoginContext,
  type OperatorDeps,
} from './operator.service.ts';

export interface OperatorRouteDeps {
  system: SystemService;
  /** The back office's access (always on; the OPERATOR_TOKEN bootstrap only when set). */
  ops: OperatorAccess | undefined;
  operatorDeps: OperatorDeps | undefined;
  visitor: (request: FastifyRequest) => Visitor;
  /** Production: the back-office cookie is Secure (sent over HTTPS only). */
  secureCookies: boolean;
  /** Origins besides the request's own host that count as this site (PUBLIC_URL's). */
  siteOrigins: readonly string[];
}

/**
 * Back-office calls: operator login (password, then TOTP), sessions and accounts, the audit, and the
 * system settings (changed through the system module's service, each change audited in the same
 * transaction).
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: OperatorRouteDeps): void {
  const { ops, operatorDeps: od, system } = deps;
  if (!ops || !od) return;
  const anyOperator = ops.require(...OPERATOR_ROLES);
  const adminOrBootstrap = ops.requireOrBootstrap('admin');

  const context = (request: FastifyRequest): LoginContext => {
    // A login form posted from another site (login CSRF) is refused; scripts send no Origin.
    if (isCrossSite(request, deps.siteOrigins)) throw new OperatorError('cross_site_refused');
    const ua = request.headers['user-agent'];
    return { ip: deps.visitor(request).ip, userAgent: typeof ua === 'string' ? ua : null };
  };
  /** The session cookie: never readable by page scripts, sent only to /ops, never cross-site. */
  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: string) =>
    reply.setCookie(OPS_COOKIE_NAME, token, {
      path: OPS_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.secureCookies,
      expires: new Date(expiresAt),
    });

  registerRoute(app, operatorRoutes.login, ({ body, request }) => loginOperator(od, body, context(request)));
  registerRoute(app, operatorRoutes.totp, async ({ body, request, reply }) => {
    const { value, token } = await verifyOperatorTotp(od, body, context(request));
    if (body.session === 'cookie') setSessionCookie(reply, token, value.expiresAt);
    return value;
  });
  registerRoute(app, operatorRoutes.me, ({ request }) => operatorMe(od, operatorOf(request)), {
    onRequest: anyOperator,
  });
  registerRoute(
    app,
    operatorRoutes.logout,
    async ({ request, reply }) => {
      if (request.operatorTokenHash) await logoutOperator(od, request.operatorTokenHash);
      reply.clearCookie(OPS_COOKIE_NAME, { path: OPS_COOKIE_PATH });
      return null;
    },
    { onRequest: anyOperator },
  );
  registerRoute(
    app,
    operatorRoutes.createOperator,
    ({ body, request }) => createOperator(od, operatorOf(request), body, request.id),
    { onRequest: adminOrBootstrap },
  );
  registerRoute(app, operatorRoutes.listOperators, async () => ({ operators: await listOperators(od) }), {
    onRequest: adminOrBootstrap,
  });
  registerRoute(
    app,
    operatorRoutes.disableOperator,
    ({ params, request }) => disableOperator(od, operatorOf(request), params.id, request.id),
    { onRequest: ops.allow('operators.manage') },
  );
  registerRoute(
    app,
    operatorRoutes.setIpAllowList,
    ({ params, body, request }) =>
      setOperatorIpAllowList(od, operatorOf(request), params.id, body, request.id),
    { onRequest: ops.allow('operators.manage') },
  );
  registerRoute(app, operatorRoutes.audit, ({ query }) => listAudit(od, query), {
    onRequest: ops.allow('audit.read'),
  });

  // System settings: admins, and the bootstrap token so existing automation keeps working.
  registerRoute(app, operatorRoutes.statusSettings, () => system.statusSettings({ fresh: true }), {
    onRequest: adminOrBootstrap,
  });
  registerRoute(
    app,
    operatorRoutes.setMaintenance,
    ({ body, request }) =>
      changeSystemSettings(od.db, ops, operatorOf(request), request.id, {
        action: 'system.maintenance',
        subjectId: 'maintenance',
        apply: (trx) => system.setMaintenance(body, trx),
        read: (trx) => system.statusSettings({ fresh: true, db: trx }),
        pick: (s) => s.maintenance,
      }),
    { onRequest: adminOrBootstrap },
  );
  registerRoute(
    app,
    operatorRoutes.setRegion,
    ({ body, request }) =>
      changeSystemSettings(od.db, ops, operatorOf(request), request.id, {
        action: 'system.region',
        subjectId: 'region',
        apply: (trx) => system.setRegion(body, trx),
        read: (trx) => system.statusSettings({ fresh: true, db: trx }),
        pick: (s) => s.region,
      }),
    { onRequest: adminOrBootstrap },
  );
}
