import { randomInt } from 'node:crypto';

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
