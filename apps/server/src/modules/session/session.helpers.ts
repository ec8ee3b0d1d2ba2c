import { randomInt } from 'node:crypto';

/** "+55" and "011987654321" → "+5511987654321" (a national trunk 0 is dropped). */
export const toE164 = (countryDialingCode: string, mobileNum: string): string =>
  `${countryDialingCode}${mobileNum.replace(/^0+/, '')}`;

/** "+5511987654321" → "+55*******4321": enough to recognise one's number, not to learn it. */
export function maskMobile(e164: string): string {
  if (e164.length <= 7) return '*'.repeat(e164.length);
  return `${e164.slice(0, 3)}${'*'.repeat(e164.length - 7)}${e164.slice(-4)}`;
}

/** "maria@example.com" → "m***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A numeric one-time code from a CSPRNG (never Math.random). */
export const generateNumericCode = (digits = 6): string =>
  String(randomInt(0, 10 ** digits)).padStart(digits, '0');

const TEMP_ALPHABET = {
  upper: 'ACDEFGHJKLMNPQRTUVWXY',
  lower: 'abcdefghjkmnpqrstuvwxyz',
  digit: '2345679',
} as const;

/**
 * A temporary password people can type from an e-mail: 12 characters without look-alikes, with at
 * least one upper case letter, lower case letter and digit. ~70 bits of entropy.
 */
export function generateTempPassword(length = 12): string {
  const all = TEMP_ALPHABET.upper + TEMP_ALPHABET.lower + TEMP_ALPHABET.digit;
  const pick = (set: string) => set[randomInt(0, set.length)]!;
  const chars = [pick(TEMP_ALPHABET.upper), pick(TEMP_ALPHABET.lower), pick(TEMP_ALPHABET.digit)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Limiter key of an account: per merchant, case-insensitive like the account itself. */
export const accountLimitKey = (merchantCode: string, identity: string): string =>
  `${merchantCode}:${identity.toLowerCase()}`;
