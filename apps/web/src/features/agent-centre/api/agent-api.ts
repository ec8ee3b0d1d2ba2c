import type { RegisterDownlineBody, TeamPeriod } from '@banca/contract';
import { agentCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

/**
 * The agent's team head counts. Keyed by member id so one account never sees another's team after a
 * switch; a minute fresh (the team changes when someone registers, not from second to second). Retries
 * follow the app's default.
 */
export const teamOverviewQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['agent', 'teamOverview', memberId] as const,
    queryFn: ({ signal }) => apiCall(agentCalls.teamOverview, { signal }),
    enabled: memberId !== undefined,
    staleTime: 60_000,
  });

/** The team's figures over a period (D today, W this week, M this month), from the reports' rollups. */
export const teamSummaryQuery = (memberId: number | undefined, period: TeamPeriod) =>
  queryOptions({
    queryKey: ['agent', 'teamSummary', memberId, period] as const,
    queryFn: ({ signal }) => apiCall(agentCalls.teamSummary, { signal, query: { period } }),
    enabled: memberId !== undefined,
    staleTime: 30_000,
  });

export const DOWNLINE_PAGE_SIZE = 20;

/** One page of the downline list under the applied filters ('' cursor: the first). */
/** The downline list's filters in the URL ('' scope: the direct downline; '' kind: every type). */
export interface DownlineFilters {
  [name: string]: string;
  scope: string;
  kind: string;
}

export const downlinePageQuery = (memberId: number | undefined, filters: DownlineFilters, cursor: string) =>
  queryOptions({
    queryKey: ['agent', 'downline', memberId, filters, cursor] as const,
    queryFn: ({ signal }) =>
      apiCall(agentCalls.downline, {
        signal,
        query: {
          scope: filters.scope === 'team' ? 'team' : 'direct',
          limit: DOWNLINE_PAGE_SIZE,
          ...(filters.kind === 'member' || filters.kind === 'agent' ? { kind: filters.kind } : {}),
          ...(cursor ? { cursor } : {}),
        },
      }),
    enabled: memberId !== undefined,
  });

/** The agent's invitation codes and what each brought. */
export const invitationsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['agent', 'invitations', memberId] as const,
    queryFn: ({ signal }) => apiCall(agentCalls.invitations, { signal }),
    enabled: memberId !== undefined,
  });

export const createInvitation = () => apiCall(agentCalls.createInvitation);

export const registerDownline = (body: RegisterDownlineBody) =>
  apiCall(agentCalls.registerDownline, { body });
