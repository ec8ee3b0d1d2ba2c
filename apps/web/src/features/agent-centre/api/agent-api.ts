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
