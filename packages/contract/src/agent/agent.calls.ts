import type { RouteEntry } from '../route-entry.ts';

/** Agent-centre calls' wire facts (no zod). Schemas: agent.routes.ts. */
export const agentCalls = {
  teamOverview: {
    id: 'agent.teamOverview',
    method: 'GET',
    path: '/wps/agent/team/overview',
    auth: 'token',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
