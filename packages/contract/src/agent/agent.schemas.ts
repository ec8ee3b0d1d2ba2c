/** Wire shapes of the agent centre. */
import { z } from 'zod';

const count = z.number().int().min(0);

/** GET /wps/agent/team/overview: head counts over the agent's downline (members' parent links). */
export const teamOverviewValueSchema = z.strictObject({
  /** Accounts whose parent is this agent. */
  directMembers: count,
  /** Every account below this agent, at any depth. */
  totalMembers: count,
  /** Direct members that are agents themselves. */
  directAgents: count,
  /** Accounts below this agent, at any depth, registered since the start of this month (UTC). */
  newThisMonth: count,
});
export type TeamOverviewValue = z.infer<typeof teamOverviewValueSchema>;
