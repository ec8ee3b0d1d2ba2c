import type { TeamOverviewValue } from '@banca/contract';
import type { Db } from '../../database.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { countMemberTeam } from '../member/index.ts';

/** What the agent calls need, passed in so tests can wire a real database and a fixed clock. */
export interface AgentDeps {
  db: Db;
  clock: () => Date;
}

/** The first instant of the clock's month in UTC: "new this month" is counted from here. */
export function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * GET /wps/agent/team/overview. The route admits only real agents; the downline rows belong to the
 * member module, so the counts are read through its service.
 */
export function getTeamOverview(deps: AgentDeps, auth: RouteAuth): Promise<TeamOverviewValue> {
  return countMemberTeam(deps.db, {
    merchantCode: auth.merchantCode,
    agentId: auth.memberId,
    since: startOfMonthUtc(deps.clock()),
  });
}
