import type { FastifyInstance } from 'fastify';
import { agentRoutes } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { getTeamOverview, type AgentDeps } from './agent.service.ts';

/**
 * Agent-centre calls. Every one declares requireAgent and requireRealAccount, so members get 403
 * forbidden and trial accounts 403 in_need_true_account at the edge, before the service runs.
 */
export function registerAgentRoutes(app: FastifyInstance, deps: AgentDeps): void {
  const agentOnly = { requireAgent: true, requireRealAccount: true } as const;
  registerRoute(app, agentRoutes.teamOverview, ({ auth }) => getTeamOverview(deps, auth), agentOnly);
}
