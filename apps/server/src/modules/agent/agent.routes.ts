import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agentRoutes } from '@banca/contract';
import type { ServerKey } from '../../platform/crypto/server-keys.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestLanguage } from '../../platform/http/language.ts';
import { requestContext } from '../../platform/http/request-context.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import {
  createInvitation,
  getDownline,
  getDownlineMember,
  getInvitations,
  getTeamOverview,
  getTeamSummary,
  registerDownline,
} from './agent.service.ts';
import {
  getIncome,
  getTeamBets,
  getTeamPnl,
  getTeamTransactions,
  type AgentTeamDeps,
} from './agent-team.service.ts';
import { promoteDownline } from './agent-promote.service.ts';

export interface AgentRouteDeps extends AgentTeamDeps {
  /** Config AGENT_PROMOTE: whether agents may promote until an operator sets it (agent_settings). */
  promoteDefault: boolean;
  merchantCode: string;
  serverKey: ServerKey;
  visitor: (request: FastifyRequest) => Visitor;
}

/**
 * Agent-centre calls. Every one declares requireAgent and requireRealAccount, so members get 403
 * forbidden and trial accounts 403 in_need_true_account at the edge, before the service runs. Ids and
 * accounts a call names are checked against the caller's tree in the service (BOLA).
 */
export function registerAgentRoutes(app: FastifyInstance, deps: AgentRouteDeps): void {
  const agentOnly = { requireAgent: true, requireRealAccount: true } as const;
  registerRoute(app, agentRoutes.teamOverview, ({ auth }) => getTeamOverview(deps, auth), agentOnly);
  registerRoute(
    app,
    agentRoutes.teamSummary,
    ({ auth, query }) => getTeamSummary(deps, auth, query.period),
    agentOnly,
  );
  registerRoute(app, agentRoutes.downline, ({ auth, query }) => getDownline(deps, auth, query), agentOnly);
  registerRoute(
    app,
    agentRoutes.downlineMember,
    ({ auth, query }) => getDownlineMember(deps, auth, query),
    agentOnly,
  );
  registerRoute(
    app,
    agentRoutes.registerDownline,
    ({ auth, body, request }) => registerDownline(deps, auth, requestContext(deps, request), body),
    { ...agentOnly, serverKey: deps.serverKey },
  );
  registerRoute(app, agentRoutes.invitations, ({ auth }) => getInvitations(deps, auth), agentOnly);
  registerRoute(app, agentRoutes.createInvitation, ({ auth }) => createInvitation(deps, auth), agentOnly);
  registerRoute(
    app,
    agentRoutes.teamBets,
    ({ auth, query, request }) => getTeamBets(deps, auth, query, requestLanguage(request)),
    agentOnly,
  );
  registerRoute(app, agentRoutes.teamPnl, ({ auth, query }) => getTeamPnl(deps, auth, query), agentOnly);
  registerRoute(
    app,
    agentRoutes.teamTransactions,
    ({ auth, query }) => getTeamTransactions(deps, auth, query),
    agentOnly,
  );
  registerRoute(app, agentRoutes.income, ({ auth, query }) => getIncome(deps, auth, query), agentOnly);
  registerRoute(
    app,
    agentRoutes.promoteDownline,
    ({ auth, body }) => promoteDownline(deps, auth, body),
    agentOnly,
  );
}
