import { defineRoute } from '../route.ts';
import { agentCalls } from './agent.calls.ts';
import {
  downlineMemberQuerySchema,
  downlinePageSchema,
  downlineQuerySchema,
  downlineRowSchema,
  invitationListSchema,
  invitationSchema,
  registerDownlineBodySchema,
  registerDownlineValueSchema,
  teamOverviewValueSchema,
  teamSummaryQuerySchema,
  teamSummaryValueSchema,
  incomeQuerySchema,
  incomeValueSchema,
  promoteDownlineBodySchema,
  promoteDownlineValueSchema,
  teamBetsPageSchema,
  teamBetsQuerySchema,
  teamPnlPageSchema,
  teamPnlQuerySchema,
  teamTransactionsPageSchema,
  teamTransactionsQuerySchema,
  opsAgentIdParamsSchema,
  opsAgentsPageSchema,
  opsAgentsQuerySchema,
  opsMoveMemberBodySchema,
  opsMoveMemberValueSchema,
  opsTreePageSchema,
  opsTreeQuerySchema,
  opsAgentSettingsValueSchema,
  opsPutAgentSettingsBodySchema,
} from './agent.schemas.ts';

const tags = ['agent'];
const opsTags = ['ops', 'agent'];

/**
 * Agent-centre calls. Only agents may call them (403 forbidden for others), and never from a trial
 * account (403 in_need_true_account): the server registers them with requireAgent and
 * requireRealAccount. A member id or account a call names must lie in the caller's tree; any other
 * answers 404 downline_not_found, the same as a missing one.
 */
export const agentRoutes = {
  teamOverview: defineRoute(agentCalls.teamOverview, {
    summary:
      "Head counts of the agent's team: direct members, all members below, direct agents, new this month",
    tags,
    response: teamOverviewValueSchema,
  }),
  teamSummary: defineRoute(agentCalls.teamSummary, {
    summary:
      "The agent's team over a period (D today, W this week, M this month): size, new, active, money, valid bet, P&L",
    tags,
    query: teamSummaryQuerySchema,
    response: teamSummaryValueSchema,
  }),
  downline: defineRoute(agentCalls.downline, {
    summary: 'A page of the direct downline or the whole team, newest first, with balance and upline path',
    tags,
    query: downlineQuerySchema,
    response: downlinePageSchema,
  }),
  downlineMember: defineRoute(agentCalls.downlineMember, {
    summary: "One member of the caller's tree by id or account (404 downline_not_found otherwise)",
    tags,
    query: downlineMemberQuerySchema,
    response: downlineRowSchema,
  }),
  registerDownline: defineRoute(agentCalls.registerDownline, {
    summary: 'Register a member or agent account directly below the caller',
    tags,
    body: registerDownlineBodySchema,
    response: registerDownlineValueSchema,
  }),
  invitations: defineRoute(agentCalls.invitations, {
    summary: "The caller's invitation codes and how many registrations each brought",
    tags,
    response: invitationListSchema,
  }),
  createInvitation: defineRoute(agentCalls.createInvitation, {
    summary: 'A new invitation code for the caller (at most AGENT_INVITATION_MAX)',
    tags,
    response: invitationSchema,
  }),
  // --- team reports, promote (issue 24, branch teampages) ---
  teamBets: defineRoute(agentCalls.teamBets, {
    summary: "Betting records of the caller's whole team or one member of it, with totals (keyset)",
    tags,
    query: teamBetsQuerySchema,
    response: teamBetsPageSchema,
  }),
  teamPnl: defineRoute(agentCalls.teamPnl, {
    summary: 'Per direct downline (its whole team rolled up): deposits, withdrawals, valid bet, P&L, bonuses',
    tags,
    query: teamPnlQuerySchema,
    response: teamPnlPageSchema,
  }),
  teamTransactions: defineRoute(agentCalls.teamTransactions, {
    summary: "Deposits, withdrawals and transfers of the caller's team members (keyset)",
    tags,
    query: teamTransactionsQuerySchema,
    response: teamTransactionsPageSchema,
  }),
  income: defineRoute(agentCalls.income, {
    summary: "The caller's income by source and period (contract income once contracts feed it)",
    tags,
    query: incomeQuerySchema,
    response: incomeValueSchema,
  }),
  promoteDownline: defineRoute(agentCalls.promoteDownline, {
    summary: 'Make a direct downline member an agent (type 1), where the operator allows it',
    tags,
    body: promoteDownlineBodySchema,
    response: promoteDownlineValueSchema,
  }),
  // --- back office: agents (issue 24, branch teampages) ---
  opsAgents: defineRoute(agentCalls.opsAgents, {
    summary:
      'Agents with team size, direct downline and the team deposits and valid bet this month (agents.read)',
    tags: opsTags,
    query: opsAgentsQuerySchema,
    response: opsAgentsPageSchema,
  }),
  opsAgentDownline: defineRoute(agentCalls.opsAgentDownline, {
    summary: "One level of a member's downline tree, for the lazy tree view (agents.read)",
    tags: opsTags,
    params: opsAgentIdParamsSchema,
    query: opsTreeQuerySchema,
    response: opsTreePageSchema,
  }),
  opsMoveMember: defineRoute(agentCalls.opsMoveMember, {
    summary:
      'Move a member and its team below another agent, with a reason; never below itself (agents.manage; audited)',
    tags: opsTags,
    body: opsMoveMemberBodySchema,
    response: opsMoveMemberValueSchema,
  }),
  // --- back office: the agent module's settings (issue 24, branch agentops2) ---
  opsAgentSettings: defineRoute(agentCalls.opsAgentSettings, {
    summary:
      "The operator's agent rules (agents may promote direct downline members); the config default until set (agents.read)",
    tags: opsTags,
    response: opsAgentSettingsValueSchema,
  }),
  opsPutAgentSettings: defineRoute(agentCalls.opsPutAgentSettings, {
    summary: "Set the operator's agent rules, with a reason (agents.manage; audited before and after)",
    tags: opsTags,
    body: opsPutAgentSettingsBodySchema,
    response: opsAgentSettingsValueSchema,
  }),
} as const;
