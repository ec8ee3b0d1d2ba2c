import type { FastifyInstance } from 'fastify';
import { agentContractRoutes } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import {
  acceptContract,
  answerTermination,
  consolidated,
  listContracts,
  offerContract,
  rejectContract,
  relayAction,
  requestTermination,
  type ContractDeps,
} from './agent-contracts.service.ts';
import { listSettlements, previewContract, type SettlementDeps } from './agent-contracts.settlement.ts';

/**
 * Contract calls. The `/wps/agent/contracts/...` calls are requireAgent + requireRealAccount (only
 * agents offer and hold contracts); the consolidated flags and the relay calls need a real account
 * only (a plain member gets all flags false and nothing pending, and no contract to answer).
 */
export function registerAgentContractRoutes(
  app: FastifyInstance,
  deps: ContractDeps,
  settlement: SettlementDeps,
): void {
  const agentOnly = { requireAgent: true, requireRealAccount: true } as const;
  const realOnly = { requireRealAccount: true } as const;
  const r = agentContractRoutes;
  registerRoute(app, r.offer, ({ auth, body }) => offerContract(deps, auth, body), agentOnly);
  registerRoute(app, r.preview, ({ auth, body }) => previewContract(settlement, auth, body), agentOnly);
  registerRoute(app, r.list, ({ auth, query }) => listContracts(deps, auth, query), agentOnly);
  registerRoute(app, r.accept, ({ auth, body }) => acceptContract(deps, auth, body), agentOnly);
  registerRoute(app, r.reject, ({ auth, body }) => rejectContract(deps, auth, body.contractId), agentOnly);
  registerRoute(
    app,
    r.requestTermination,
    ({ auth, body }) => requestTermination(deps, auth, body.contractId),
    agentOnly,
  );
  registerRoute(
    app,
    r.confirmTermination,
    ({ auth, body }) => answerTermination(deps, auth, body.contractId, 'confirm'),
    agentOnly,
  );
  registerRoute(
    app,
    r.keep,
    ({ auth, body }) => answerTermination(deps, auth, body.contractId, 'keep'),
    agentOnly,
  );
  registerRoute(app, r.settlements, ({ auth, query }) => listSettlements(deps, auth, query), agentOnly);
  registerRoute(app, r.consolidated, ({ auth }) => consolidated(deps, auth), realOnly);
  registerRoute(
    app,
    r.relayDividend,
    ({ auth, body }) => relayAction(deps, auth, 'DIVIDEND', body),
    realOnly,
  );
  registerRoute(app, r.relayDaily, ({ auth, body }) => relayAction(deps, auth, 'DAILY', body), realOnly);
  registerRoute(app, r.relayHourly, ({ auth, body }) => relayAction(deps, auth, 'HOURLY', body), realOnly);
  registerRoute(
    app,
    r.relayRealtime,
    ({ auth, body }) => relayAction(deps, auth, 'REALTIME', body),
    realOnly,
  );
}
