import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * Fixed-window counters behind one small interface, so services do not know whether the counts live
 * in this process or in Redis shared by every gateway node (ARCHITECTURE.md section 3: without
 * REDIS_URL the same interface runs in memory).
 */
export interface RateLimitDecision {
  allowed: boolean;
  /** 0 when allowed; otherwise how long until the window frees a point. */
  retryAfterSeconds: number;
  /** Points left in the window after this call. */
  remaining: number;
}

export interface RateLimiter {
  readonly name: string;
  readonly points: number;
  /** Counts one event (or `points`) and says whether it was within the limit. */
  consume(key: string, points?: number): Promise<RateLimitDecision>;
  /** How many points the key has used in the current window, without using any. */
  peek(key: string): Promise<number>;
  /** Whether one more event would be within the limit (and when it would be), without counting it. */
  check(key: string): Promise<RateLimitDecision>;
  /** Forgets the key (e.g. failures after a successful login). */
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  name: string;
  /** Events allowed per window. */
  points: number;
  durationSeconds: number;
}

export type RateLimitStore =
  { kind: 'memory'; keyPrefix: string } | { kind: 'redis'; keyPrefix: string; client: Redis };

class FlexibleRateLimiter implements RateLimiter {
  readonly name: string;
  readonly points: number;
  readonly #impl: RateLimiterAbstract;

  constructor(rule: RateLimitRule, store: RateLimitStore) {
    this.name = rule.name;
    this.points = rule.points;
    const opts = {
      keyPrefix: `${store.keyPrefix}:${rule.name}`,
      points: rule.points,
      duration: rule.durationSeconds,
    };
    this.#impl =
      store.kind === 'redis'
        ? new RateLimiterRedis({ ...opts, storeClient: store.client })
        : new RateLimiterMemory(opts);
  }

  async consume(key: string, points = 1): Promise<RateLimitDecision> {
    try {
      const res = await this.#impl.consume(key, points);
      return { allowed: true, retryAfterSeconds: 0, remaining: res.remainingPoints };
    } catch (err) {
      // rate-limiter-flexible rejects with a RateLimiterRes when over the limit, with an Error when
      // the store fails; only the first is a decision, the second must surface.
      if (err instanceof RateLimiterRes) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
          remaining: 0,
        };
      }
      throw err;
    }
  }

  async peek(key: string): Promise<number> {
    const res = await this.#impl.get(key);
    return res?.consumedPoints ?? 0;
  }

  async check(key: string): Promise<RateLimitDecision> {
    const res = await this.#impl.get(key);
    const used = res?.consumedPoints ?? 0;
    if (!res || used < this.points)
      return { allowed: true, retryAfterSeconds: 0, remaining: this.points - used };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      remaining: 0,
    };
  }

  async reset(key: string): Promise<void> {
    await this.#impl.delete(key);
  }
}

export const createRateLimiter = (rule: RateLimitRule, store: RateLimitStore): RateLimiter =>
  new FlexibleRateLimiter(rule, store);
