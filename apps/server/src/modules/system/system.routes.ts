import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { FastifyRequest } from 'fastify';
import type { SystemService } from './system.service.ts';

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: { system: SystemService; visitor: (request: FastifyRequest) => Visitor },
): void {
  const { system, visitor } = deps;
  registerRoute(app, systemRoutes.startup, ({ request }) => system.startup(visitor(request)));
  registerRoute(app, systemRoutes.status, ({ request }) => system.status(visitor(request)));
  registerRoute(app, systemRoutes.whitelabel, () => system.whitelabel());
  registerRoute(app, systemRoutes.registerSettings, () => system.registerSettings());
  registerRoute(app, systemRoutes.domainRoute, () => system.domainRoutes());
  registerRoute(app, systemRoutes.resources, () => system.resources());
  registerRoute(app, systemRoutes.customerService, () => system.customerServices());
  registerRoute(app, systemRoutes.helpCenter, ({ query }) => system.helpCenter(query.lang, query.device));
  registerRoute(app, systemRoutes.countries, () => system.countries());
  registerRoute(app, systemRoutes.publicKey, async () => system.publicKey());
  registerRoute(app, systemRoutes.cdn, () => system.cdn());
}
