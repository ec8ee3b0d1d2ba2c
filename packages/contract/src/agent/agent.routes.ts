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
} from './agent.schemas.ts';

const tags = ['agent'];

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
} as const;
