import { describe, expect, it } from 'vitest';
import {
  absoluteExpiry,
  generateToken,
  hashToken,
  hexDigestsEqual,
  isWellFormedToken,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionState,
  shouldTouch,
} from './token.ts';

describe('session tokens', () => {
  it('are 256-bit base64url strings, unique, stored only as a SHA-256', () => {
    const a = generateToken();
    const b = generateToken();
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(isWellFormedToken(a)).toBe(true);
    expect(isWellFormedToken(a + '=')).toBe(false);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hexDigestsEqual(hashToken(a), hashToken(a))).toBe(true);
    expect(hexDigestsEqual(hashToken(a), hashToken(b))).toBe(false);
    expect(hexDigestsEqual('', '')).toBe(false);
  });

  it('expire after 30 idle minutes or 12 hours, and revocation wins', () => {
    const created = new Date('2025-01-01T00:00:00Z');
    const s = { lastSeenAt: created, expiresAt: absoluteExpiry(created), revokedAt: null };
    const at = (ms: number) => new Date(created.getTime() + ms);
    expect(sessionState(s, at(SESSION_IDLE_MS - 1))).toBe('active');
    expect(sessionState(s, at(SESSION_IDLE_MS))).toBe('idle_expired');
    // Kept busy, it still ends at the absolute limit.
    const busy = { ...s, lastSeenAt: at(SESSION_ABSOLUTE_MS - 1000) };
    expect(sessionState(busy, at(SESSION_ABSOLUTE_MS - 1))).toBe('active');
    expect(sessionState(busy, at(SESSION_ABSOLUTE_MS))).toBe('absolute_expired');
    expect(sessionState({ ...s, revokedAt: created }, created)).toBe('revoked');
  });

  it('touches last_seen at most once a minute', () => {
    const t = new Date('2025-01-01T00:00:00Z');
    expect(shouldTouch(t, new Date(t.getTime() + 59_999))).toBe(false);
    expect(shouldTouch(t, new Date(t.getTime() + 60_000))).toBe(true);
  });
});
