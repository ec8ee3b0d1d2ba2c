import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 codes for operator logins (otpauth): SHA-1, 6 digits, 30 s steps, what every authenticator
 * app reads from an otpauth:// QR code. A code is accepted for its own step and one step either side
 * (clock drift), each step only once per operator (operator.totp_last_step).
 */
const PERIOD = 30;
const DIGITS = 6;
/** Steps either side of now a code may belong to: older codes are stale. */
export const TOTP_WINDOW = 1;

const totpOf = (secretBase32: string, label = 'operator', issuer = 'Banca') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans (the enrolment QR code). */
export const totpUri = (secretBase32: string, account: string, issuer: string): string =>
  totpOf(secretBase32, account, issuer).toString();

/**
 * The time step the code belongs to, or null when it matches none within the window (wrong or stale).
 * Reuse is the caller's check: the step must be newer than the last one accepted.
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD) + delta;
}

// --- the secret at rest ----------------------------------------------------------------------------

/** AES-256-GCM with a key derived from the server key: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

// --- recovery codes -------------------------------------------------------------------------------

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const RECOVERY_CODE_COUNT = 10;

/** `xxxx-xxxx-xxxx` from a CSPRNG: 62 bits each, so a fast hash is enough at rest. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
