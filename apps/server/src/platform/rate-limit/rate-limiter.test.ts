import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_THRESHOLDS, createAuthLimits } from './auth-limits.ts';
import { openRateLimitStore, type RateLimitStoreHandle } from './rate-limit-store.ts';
import { createRateLimiter } from './rate-limiter.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const runPrefix = `test-rl-${randomBytes(6).toString('hex')}`;

const handles: RateLimitStoreHandle[] = [];
const open = (kind: 'memory' | 'redis') => {
  const h = openRateLimitStore(kind === 'redis' ? REDIS_URL : undefined, `${runPrefix}-${kind}`);
  handles.push(h);
  return h.store;
};

afterAll(async () => {
  for (const h of handles) {
    if (h.store.kind === 'redis') {
      const keys = await h.store.client.keys(`${runPrefix}*`);
      if (keys.length > 0) await h.store.client.del(...keys);
    }
    await h.close();
  }
});

describe.each(['memory', 'redis'] as const)('rate limiter on %s', (kind) => {
  const store = open(kind);

  it('allows up to the limit, then refuses with a retry time', async () => {
    const rl = createRateLimiter({ name: 'basic', points: 3, durationSeconds: 60 }, store);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await rl.consume('k1'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[2]!.remaining).toBe(0);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Keys are independent.
    expect((await rl.consume('k2')).allowed).toBe(true);
  });

  it('peeks without consuming and resets a key', async () => {
    const rl = createRateLimiter({ name: 'peek', points: 10, durationSeconds: 60 }, store);
    expect(await rl.peek('a')).toBe(0);
    await rl.consume('a');
    await rl.consume('a');
    expect(await rl.peek('a')).toBe(2);
    expect(await rl.peek('a')).toBe(2);
    await rl.reset('a');
    expect(await rl.peek('a')).toBe(0);
  });

  it('keeps named auth limits apart and applies the SMS rules', async () => {
    const limits = createAuthLimits(store);
    expect((await limits.smsPerNumberMinute.consume('+5511999')).allowed).toBe(true);
    // A second code to the same number within the minute is refused...
    expect((await limits.smsPerNumberMinute.consume('+5511999')).allowed).toBe(false);
    // ...while the hourly counter with the same key is a different window.
    expect(await limits.smsPerNumberHour.peek('+5511999')).toBe(0);
    expect(limits.loginFailuresPerAccount.points).toBe(100);
    expect(limits.loginFailuresPerIp.points).toBe(100);
    expect(CAPTCHA_THRESHOLDS.perAccount).toBe(3);
  });

  it('takes overrides so tests can use small limits', async () => {
    const limits = createAuthLimits(store, { registrationsPerIp: { points: 1 } });
    expect((await limits.registrationsPerIp.consume('1.2.3.4')).allowed).toBe(true);
    expect((await limits.registrationsPerIp.consume('1.2.3.4')).allowed).toBe(false);
  });
});

describe('shared counts', () => {
  it('two limiters on one Redis (two gateway nodes) share the window', async () => {
    const a = createRateLimiter({ name: 'shared', points: 2, durationSeconds: 60 }, open('redis'));
    const b = createRateLimiter({ name: 'shared', points: 2, durationSeconds: 60 }, handles.at(-1)!.store);
    const other = openRateLimitStore(REDIS_URL, `${runPrefix}-redis`);
    handles.push(other);
    const c = createRateLimiter({ name: 'shared', points: 2, durationSeconds: 60 }, other.store);
    expect((await a.consume('ip')).allowed).toBe(true);
    expect((await c.consume('ip')).allowed).toBe(true);
    expect((await b.consume('ip')).allowed).toBe(false);
  });
});
