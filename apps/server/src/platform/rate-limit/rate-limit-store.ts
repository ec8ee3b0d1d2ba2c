import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limiter.ts';

export interface RateLimitStoreHandle {
  store: RateLimitStore;
  close(): Promise<void>;
}

/**
 * Redis when a REDIS_URL is configured, so every gateway node shares the counts; otherwise memory,
 * which is right for a single node and for tests.
 */
export function openRateLimitStore(redisUrl: string | undefined, keyPrefix = 'rl'): RateLimitStoreHandle {
  if (!redisUrl) return { store: { kind: 'memory', keyPrefix }, close: async () => {} };
  // A limiter that cannot reach Redis fails the request (a visible 500) after a couple of retries
  // rather than holding it forever; commands issued before the first connect wait in the queue.
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  return {
    store: { kind: 'redis', keyPrefix, client },
    close: async () => {
      await client.quit();
    },
  };
}
