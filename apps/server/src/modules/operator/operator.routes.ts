import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorRoutes } from '@banca/contract';
import type { OperatorActor } from '../../ops-access.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { SystemService } from '../system/index.ts';
import type { OperatorAccess } from './operator.auth.ts';
import {
  changeSystemSettings,
  createOperator,
  disableOperator,
  listAudit,
  listOperators,
  loginOperator,
  logoutOperator,
  type OperatorDeps,
} from './operator.service.ts';

export interface OperatorRouteDeps {
  system: SystemService;
  /** Undefined when OPERATOR_TOKEN is unset: no back office, every /ops path answers 404. */
  ops: OperatorAccess | undefined;
  operatorDeps: OperatorDeps | undefined;
  visitor: (request: FastifyRequest) => Visitor;
}

const actorOf = (request: FastifyRequest): OperatorActor => {
  if (!request.operator) throw new AppError('not_logged_in');
  return request.operator;
};

/**
 * Back-office calls: operator sessions and accounts, the audit, and the system settings (changed
 * through the system module's service, each change audited in the same transaction).
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: OperatorRouteDeps): void {
  const { ops, operatorDeps: od, system } = deps;
  if (!ops || !od) return;
  const anyOperator = ops.require('admin', 'finance', 'support');
  const adminOrBootstrap = ops.requireOrBootstrap('admin');

  registerRoute(app, operatorRoutes.login, ({ body, request }) => {
    const ua = request.headers['user-agent'];
    return loginOperator(od, body, {
      ip: deps.visitor(request).ip,
      userAgent: typeof ua === 'string' ? ua : null,
    });
  });
  registerRoute(
    app,
    operatorRoutes.logout,
    async ({ request }) => {
      if (request.operatorTokenHash) await logoutOperator(od, request.operatorTokenHash);
      return null;
    },
    { onRequest: anyOperator },
  );
  registerRoute(
    app,
    operatorRoutes.createOperator,
    ({ body, request }) => createOperator(od, actorOf(request), body, request.id),
    { onRequest: adminOrBootstrap },
  );
  registerRoute(app, operatorRoutes.listOperators, async () => ({ operators: await listOperators(od) }), {
    onRequest: adminOrBootstrap,
  });
  registerRoute(
    app,
    operatorRoutes.disableOperator,
    ({ params, request }) => disableOperator(od, actorOf(request), params.id, request.id),
    { onRequest: ops.require('admin') },
  );
  registerRoute(app, operatorRoutes.audit, ({ query }) => listAudit(od, query), {
    onRequest: ops.require('admin'),
  });

  // System settings: admins, and the bootstrap token so existing automation keeps working.
  registerRoute(app, operatorRoutes.statusSettings, () => system.statusSettings({ fresh: true }), {
    onRequest: adminOrBootstrap,
  });
  registerRoute(
    app,
    operatorRoutes.setMaintenance,
    ({ body, request }) =>
      changeSystemSettings(od.db, ops, actorOf(request), request.id, {
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
      changeSystemSettings(od.db, ops, actorOf(request), request.id, {
        action: 'system.region',
        subjectId: 'region',
        apply: (trx) => system.setRegion(body, trx),
        read: (trx) => system.statusSettings({ fresh: true, db: trx }),
        pick: (s) => s.region,
      }),
    { onRequest: adminOrBootstrap },
  );
}
