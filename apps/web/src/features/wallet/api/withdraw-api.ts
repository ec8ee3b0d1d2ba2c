import { fillPath, walletCalls } from '@banca/contract/routes';
import type { EntryBody } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

/**
 * The security centre's money settings, withdrawals and tree transfers. Keyed by member id (one
 * account never sees another's data after a switch). Money-moving calls are enc where passwords
 * travel (the contract says which); the client encrypts them.
 */
export const securityQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'security', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.security, { signal }),
    enabled: memberId !== undefined,
  });

export const withdrawOverviewQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'withdrawOverview', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.withdrawOverview, { signal }),
    enabled: memberId !== undefined,
  });

/** The latest withdrawals; polled while one is on its way so the tracker moves by itself. */
export const withdrawalsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'withdrawals', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.withdrawals, { signal, query: { limit: 10 } }),
    enabled: memberId !== undefined,
    refetchInterval: (query) =>
      query.state.data?.items.some((w) => w.status === 'REQUESTED' || w.status === 'APPROVED')
        ? 3_000
        : false,
  });

export const transferTargetsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'transferTargets', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.transferTargets, { signal }),
    enabled: memberId !== undefined,
  });

export const setPaymentPassword = (body: EntryBody<typeof walletCalls.setPaymentPassword>) =>
  apiCall(walletCalls.setPaymentPassword, { body });
export const bindPayoutKey = (body: EntryBody<typeof walletCalls.bindPayoutKey>) =>
  apiCall(walletCalls.bindPayoutKey, { body });
export const requestWithdrawal = (body: EntryBody<typeof walletCalls.requestWithdrawal>) =>
  apiCall(walletCalls.requestWithdrawal, { body });
export const memberTransfer = (body: EntryBody<typeof walletCalls.memberTransfer>) =>
  apiCall(walletCalls.memberTransfer, { body });
export const confirmWithdrawal = (id: number, body: EntryBody<typeof walletCalls.confirmWithdrawal>) =>
  apiCall(
    { ...walletCalls.confirmWithdrawal, path: fillPath(walletCalls.confirmWithdrawal.path, { id }) },
    { body },
  );
/** Cancels a withdrawal still waiting for a decision; a repeat answers the cancelled withdrawal. */
export const cancelWithdrawal = (id: number) =>
  apiCall({ ...walletCalls.cancelWithdrawal, path: fillPath(walletCalls.cancelWithdrawal.path, { id }) });

/**
 * Refusals of a payment-password movement (withdrawal, member transfer) that belong under a field of
 * its form: the password's, or the amount's (mapServerError `codes`).
 */
export const PAYMENT_REFUSALS = {
  payment_password_wrong: 'paymentPassword',
  payment_password_locked: 'paymentPassword',
  insufficient_funds: 'amount',
} as const;
