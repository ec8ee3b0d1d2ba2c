import { walletCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

/**
 * The member's balance. Keyed by member id so one account never sees another's figure after a
 * switch; kept fresh for 30 s (the refresh button and money-moving screens refetch on purpose).
 */
export const balanceQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'balance', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.balance, { signal }),
    enabled: memberId !== undefined,
    staleTime: 30_000,
    retry: 1,
  });
