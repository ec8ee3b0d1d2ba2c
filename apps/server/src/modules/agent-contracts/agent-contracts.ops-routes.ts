import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agentContractOpsRoutes as r } from '@banca/contract';
import type { OperatorActor, OpsAccess } from '../../ops-access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import {
  endContract,
  getContractSettings,
  getOpsContract,
  listDebts,
  listOpsContracts,
  listRuns,
  putContractSettings,
  rerunPeriod,
  type ContractOpsDeps,
} from './agent-contracts.ops.ts';

const actorOf = (request: FastifyRequest): OperatorActor => {
  if (!request.operator) throw new AppError('not_logged_in');
  return request.operator;
};

/** The back office's contract calls, guarded by the role matrix (contracts.read, contracts.settlements,
 *  contracts.manage). */
export function registerAgentContractOpsRoutes(
  app: FastifyInstance,
  deps: ContractOpsDeps & { access: OpsAccess },
): void {
  const { access } = deps;
  const read = { onRequest: access.allow('contracts.read') };
  const settlements = { onRequest: access.allow('contracts.settlements') };
  const manage = { onRequest: access.allow('contracts.manage') };
  registerRoute(app, r.opsContracts, ({ query }) => listOpsContracts(deps, query), read);
  registerRoute(app, r.opsContract, ({ params }) => getOpsContract(deps, params.id), read);
  registerRoute(
    app,
    r.opsEndContract,
    ({ body, request }) => endContract(deps, actorOf(request), body, request.id),
    manage,
  );
  registerRoute(app, r.opsRuns, ({ query }) => listRuns(deps, query), settlements);
  registerRoute(
    app,
    r.opsRerun,
    ({ body, request }) => rerunPeriod(deps, actorOf(request), body, request.id),
    manage,
  );
  registerRoute(app, r.opsDebts, ({ query }) => listDebts(deps, query), settlements);
  registerRoute(app, r.opsSettings, () => getContractSettings(deps), read);
  registerRoute(
    app,
    r.opsPutSettings,
    ({ body, request }) => putContractSettings(deps, actorOf(request), body, request.id),
    manage,
  );
}
