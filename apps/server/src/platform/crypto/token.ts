import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Session tokens (ARCHITECTURE.md section 2): opaque, 256 random bits, base64url on the wire. Only
 * the SHA-256 of a token is stored, so a database leak yields no usable token; a fast hash is enough
 * because the input has 256 bits of entropy (nothing to brute-force, unlike passwords).
 */
export const TOKEN_BYTES = 32;
/** A session ends after 30 minutes without a request... */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** ...and 12 hours after login whatever happens. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is rewritten at most this often, so reads do not each cost a write. */
export const SESSION_TOUCH_MS = 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const generateToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** Random id for captchas and challenges (128 bits). */
export const generateId = (): string => randomBytes(16).toString('base64url');

export const isWellFormedToken = (token: string): boolean => TOKEN_PATTERN.test(token);

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const hashToken = (token: string): string => sha256Hex(token);

/** Constant-time comparison of two hex digests. */
export function hexDigestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export const absoluteExpiry = (createdAt: Date): Date => new Date(createdAt.getTime() + SESSION_ABSOLUTE_MS);

export type SessionState = 'active' | 'revoked' | 'idle_expired' | 'absolute_expired';

export interface SessionTimes {
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** What a stored session means at `now`. Revocation wins, then the absolute limit, then idleness. */
export function sessionState(s: SessionTimes, now: Date): SessionState {
  if (s.revokedAt !== null) return 'revoked';
  if (now.getTime() >= s.expiresAt.getTime()) return 'absolute_expired';
  if (now.getTime() - s.lastSeenAt.getTime() >= SESSION_IDLE_MS) return 'idle_expired';
  return 'active';
}

export const shouldTouch = (lastSeenAt: Date, now: Date): boolean =>
  now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_MS;
