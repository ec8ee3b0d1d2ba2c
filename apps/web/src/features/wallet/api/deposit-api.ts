import { depositCalls, fillPath } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

/** Deposit calls. Keys sit under ['wallet', 'deposits'] so a live balance event refreshes them all. */
export const DEPOSITS_KEY = ['wallet', 'deposits'] as const;

export const depositOptionsQuery = queryOptions({
  queryKey: [...DEPOSITS_KEY, 'options'] as const,
  queryFn: ({ signal }) => apiCall(depositCalls.options, { signal }),
  staleTime: 60_000,
});

/** While a charge waits, a slow poll backs up the live event (a dropped stream, a proxy that buffers). */
const WAITING_POLL_MS = 15_000;

export const depositQuery = (depositId: number) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'one', depositId] as const,
    queryFn: ({ signal }) =>
      apiCall(
        { ...depositCalls.status, path: fillPath(depositCalls.status.path, { depositId }) },
        { signal },
      ),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? WAITING_POLL_MS : false),
  });

export const recentDepositsQuery = queryOptions({
  queryKey: [...DEPOSITS_KEY, 'recent'] as const,
  queryFn: ({ signal }) => apiCall(depositCalls.list, { query: { limit: 5 }, signal }),
});

export const createDeposit = (body: { channel: string; amount: number; idempotencyKey: string }) =>
  apiCall(depositCalls.create, { body });

export const streamTicket = () => apiCall(depositCalls.eventsTicket);
