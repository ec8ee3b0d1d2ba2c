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
  teamSummary: {
    id: 'agent.teamSummary',
    method: 'GET',
    path: '/wps/agent/team/summary',
    auth: 'token',
    enc: false,
  },
  downline: {
    id: 'agent.downline',
    method: 'GET',
    path: '/wps/agent/downline',
    auth: 'token',
    enc: false,
  },
  downlineMember: {
    id: 'agent.downlineMember',
    method: 'GET',
    path: '/wps/agent/downline/member',
    auth: 'token',
    enc: false,
  },
  registerDownline: {
    id: 'agent.registerDownline',
    method: 'PUT',
    path: '/wps/agent/downline/register',
    auth: 'token',
    enc: true,
  },
  invitations: {
    id: 'agent.invitations',
    method: 'GET',
    path: '/wps/agent/invitations',
    auth: 'token',
    enc: false,
  },
  createInvitation: {
    id: 'agent.createInvitation',
    method: 'POST',
    path: '/wps/agent/invitations',
    auth: 'token',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
