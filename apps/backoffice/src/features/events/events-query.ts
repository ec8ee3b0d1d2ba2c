import { useQuery } from '@tanstack/react-query';
import { operatorCalls } from '@banca/contract/routes';
import type { EventConsumers } from '@banca/contract';
import { opsCall } from '@/api/client.ts';

/**
 * The event consumers' state, shared by the Events page (every 10 s while open) and the navigation's
 * badge (every minute on any page): one cache entry, so the two never disagree.
 */
export const EVENTS_KEY = ['ops', 'events'];
/** A consumer further behind than this needs a look (the lag alert of docs/operator-guide.md is 60 s). */
export const BEHIND_WARN_SECONDS = 60;

export const useEventConsumers = (options: { enabled?: boolean; refetchMs: number }) =>
  useQuery({
    queryKey: EVENTS_KEY,
    queryFn: () => opsCall<EventConsumers>(operatorCalls.eventConsumers),
    refetchInterval: options.refetchMs,
    enabled: options.enabled ?? true,
  });

/** What the badge counts: dead letters not yet re-driven, and consumers running over a minute behind. */
export const needingAttention = (state: EventConsumers | undefined): number =>
  (state?.consumers ?? []).reduce(
    (n, c) => n + c.deadLetters + (c.lagSeconds > BEHIND_WARN_SECONDS ? 1 : 0),
    0,
  );
