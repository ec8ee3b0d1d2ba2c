import type { FastifyInstance } from 'fastify';
import { operatorRoutes } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import type { SystemService } from '../system/index.ts';
import { operatorAuth } from './operator.auth.ts';

/**
 * Back-office calls. Without OPERATOR_TOKEN they are not registered at all, so they answer 404 like any
 * unknown path and reveal nothing. Settings belong to the system module: changed through its service.
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  deps: { system: SystemService; operatorToken: string | undefined },
): void {
  if (!deps.operatorToken) return;
  const onRequest = operatorAuth(deps.operatorToken);
  const { system } = deps;
  registerRoute(app, operatorRoutes.statusSettings, () => system.statusSettings({ fresh: true }), {
    onRequest,
  });
  registerRoute(app, operatorRoutes.setMaintenance, ({ body }) => system.setMaintenance(body), { onRequest });
  registerRoute(app, operatorRoutes.setRegion, ({ body }) => system.setRegion(body), { onRequest });
}
