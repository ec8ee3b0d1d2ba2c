import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gamesRoutes } from '@banca/contract';
import type { OperatorActor } from '../../../ops-access.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import {
  importByOperator,
  listOpsGames,
  listOpsVendors,
  updateGameByOperator,
  updateVendorByOperator,
  type CatalogueOpsDeps,
} from './catalogue-ops.service.ts';

const actorOf = (request: FastifyRequest): OperatorActor => {
  if (!request.operator) throw new AppError('not_logged_in');
  return request.operator;
};

/** The catalogue's /ops calls (catalogue.manage): lists, game and vendor edits, the import. */
export function registerCatalogueOpsRoutes(app: FastifyInstance, deps: CatalogueOpsDeps): void {
  const guard = { onRequest: deps.ops.allow('catalogue.manage') };
  registerRoute(app, gamesRoutes.opsGames, ({ query }) => listOpsGames(deps.db, query), guard);
  registerRoute(app, gamesRoutes.opsVendors, () => listOpsVendors(deps.db), guard);
  registerRoute(
    app,
    gamesRoutes.opsUpdateGame,
    ({ params, body, request }) =>
      updateGameByOperator(deps, actorOf(request), params.nodeId, body, request.id),
    guard,
  );
  registerRoute(
    app,
    gamesRoutes.opsUpdateVendor,
    ({ params, body, request }) =>
      updateVendorByOperator(deps, actorOf(request), params.vendor, body, request.id),
    guard,
  );
  registerRoute(
    app,
    gamesRoutes.opsImportCatalogue,
    ({ body, request }) => importByOperator(deps, actorOf(request), body, request.id),
    { ...guard, bodyLimit: 2_500_000 },
  );
}
