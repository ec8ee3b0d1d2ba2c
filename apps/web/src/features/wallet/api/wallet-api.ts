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

/** GET /wps/relay/GCS_merchantWallet: single or transfer wallet mode (merchant-wide). */
export const merchantWalletQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'merchantWallet'] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.merchantWallet, { signal }),
    staleTime: 60_000,
  });

/** The member's main and vendor wallets (GET /wps/member/info/funds/consolidated). */
export const fundsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'funds', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.consolidatedFunds, { signal }),
    enabled: memberId !== undefined,
    staleTime: 10_000,
  });
