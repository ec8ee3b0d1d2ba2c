import { defineRoute } from '../route.ts';
import { agentCalls } from './agent.calls.ts';
import { teamOverviewValueSchema } from './agent.schemas.ts';

const tags = ['agent'];

/**
 * Agent-centre calls. Only agents may call them (403 forbidden for others), and never from a trial
 * account (403 in_need_true_account): the server registers them with requireAgent and
 * requireRealAccount.
 */
export const agentRoutes = {
  teamOverview: defineRoute(agentCalls.teamOverview, {
    summary:
      "Head counts of the agent's team: direct members, all members below, direct agents, new this month",
    tags,
    response: teamOverviewValueSchema,
  }),
} as const;
