import type { FastifyInstance } from 'fastify';
import { agentRoutes } from '@banca/contract';
import { type OpsAccess, operatorOf } from '../../ops-access.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import {
  agentDownlineLevel,
  listAgents,
  moveMemberToUpline,
  type AgentOpsDeps,
} from './agent-ops.service.ts';
import { getAgentSettings, putAgentSettings } from './agent-settings.service.ts';

/** The back office's agent calls, guarded by the role matrix (agents.read, agents.manage): agents,
 *  tree, move, and the agent module's own settings (agent_settings). */
export function registerAgentOpsRoutes(
  app: FastifyInstance,
  deps: AgentOpsDeps & { access: OpsAccess; promoteDefault: boolean },
): void {
  const { access } = deps;
  registerRoute(app, agentRoutes.opsAgents, ({ query }) => listAgents(deps, query), {
    onRequest: access.allow('agents.read'),
  });
  registerRoute(
    app,
    agentRoutes.opsAgentDownline,
    ({ params, query }) => agentDownlineLevel(deps, params.id, query),
    { onRequest: access.allow('agents.read') },
  );
  registerRoute(
    app,
    agentRoutes.opsMoveMember,
    ({ body, request }) => moveMemberToUpline(deps, operatorOf(request), body, request.id),
    { onRequest: access.allow('agents.manage') },
  );
  registerRoute(app, agentRoutes.opsAgentSettings, () => getAgentSettings(deps), {
    onRequest: access.allow('agents.read'),
  });
  registerRoute(
    app,
    agentRoutes.opsPutAgentSettings,
    ({ body, request }) => putAgentSettings(deps, operatorOf(request), body, request.id),
    { onRequest: access.allow('agents.manage') },
  );
}
