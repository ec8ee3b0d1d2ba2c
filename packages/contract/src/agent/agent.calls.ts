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
  // --- team reports, promote (issue 24, branch teampages) ---
  teamBets: { id: 'agent.teamBets', method: 'GET', path: '/wps/agent/team/bets', auth: 'token', enc: false },
  teamPnl: { id: 'agent.teamPnl', method: 'GET', path: '/wps/agent/team/pnl', auth: 'token', enc: false },
  teamTransactions: {
    id: 'agent.teamTransactions',
    method: 'GET',
    path: '/wps/agent/team/transactions',
    auth: 'token',
    enc: false,
  },
  income: { id: 'agent.income', method: 'GET', path: '/wps/agent/income', auth: 'token', enc: false },
  promoteDownline: {
    id: 'agent.promoteDownline',
    method: 'POST',
    path: '/wps/agent/downline/promote',
    auth: 'token',
    enc: false,
  },
  // --- back office: agents (issue 24, branch teampages) ---
  opsAgents: { id: 'agent.opsAgents', method: 'GET', path: '/ops/agents', auth: 'operator', enc: false },
  opsAgentDownline: {
    id: 'agent.opsAgentDownline',
    method: 'GET',
    path: '/ops/agents/:id/downline',
    auth: 'operator',
    enc: false,
  },
  opsMoveMember: {
    id: 'agent.opsMoveMember',
    method: 'POST',
    path: '/ops/agents/move',
    auth: 'operator',
    enc: false,
  },
  // --- back office: the agent module's settings (issue 24, branch agentops2) ---
  opsAgentSettings: {
    id: 'agent.opsAgentSettings',
    method: 'GET',
    path: '/ops/agent-settings',
    auth: 'operator',
    enc: false,
  },
  opsPutAgentSettings: {
    id: 'agent.opsPutAgentSettings',
    method: 'PUT',
    path: '/ops/agent-settings',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
