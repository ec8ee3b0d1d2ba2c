import type { walletRoutes } from '@banca/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, routeRef } from '@/api';

/** Wallet calls as typed route refs (no zod on the page); wallet-api.test.ts checks them against the contract. */
type R = typeof walletRoutes;
export const walletRefs = {
  balance: routeRef<R['balance']>({ method: 'GET', path: '/wps/v2/wallets/balance' }),
};

/**
 * The member's balance. Keyed by member id so one account never sees another's figure after a
 * switch; kept fresh for 30 s (the refresh button and money-moving screens refetch on purpose).
 */
export const balanceQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'balance', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletRefs.balance, { signal }),
    enabled: memberId !== undefined,
    staleTime: 30_000,
    retry: 1,
  });
