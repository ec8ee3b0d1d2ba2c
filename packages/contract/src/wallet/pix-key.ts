/**
 * PIX payout keys (Banco Central do Brasil's DICT key types): CPF, e-mail, phone (+55) and random key
 * (EVP, a UUID). Plain functions without zod so the web's forms and the server's schemas test a key
 * with the same code.
 */
import { isEmail } from '../field-rules.ts';

export const PIX_KEY_TYPES = ['CPF', 'EMAIL', 'PHONE', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** The 11 digits of a CPF, or null when the text is not 11 digits (dots and dash allowed). */
const cpfDigits = (value: string): string | null => {
  const trimmed = value.trim();
  if (!/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, '');
};

/**
 * A CPF is valid when both check digits match (mod 11 over weights 10..2, then 11..2) and it is not
 * one digit repeated (000.000.000-00 to 999.999.999-99 pass the arithmetic but are not issued).
 */
export function isValidCpf(value: string): boolean {
  const digits = cpfDigits(value);
  if (!digits || /^(\d)\1{10}$/.test(digits)) return false;
  const n = [...digits].map(Number);
  const check = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += n[i]! * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === n[9] && check(10) === n[10];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** +55, a two-digit area code (11-99) and an 8- or 9-digit number. */
const BR_PHONE = /^\+55[1-9][0-9]\d{8,9}$/;

/** The key as stored and sent to the payout provider: CPF digits only, e-mail lower case, phone E.164
 *  without spaces, random key lower case. Null when the key is not valid for its type. */
export function normalisePixKey(type: PixKeyType, value: string): string | null {
  const v = value.trim();
  switch (type) {
    case 'CPF':
      return isValidCpf(v) ? cpfDigits(v) : null;
    case 'EMAIL':
      return v.length <= 77 && isEmail(v) ? v.toLowerCase() : null;
    case 'PHONE': {
      const compact = v.replace(/[\s()-]/g, '');
      return BR_PHONE.test(compact) ? compact : null;
    }
    case 'EVP':
      return UUID.test(v) ? v.toLowerCase() : null;
  }
}

const star = (n: number) => '*'.repeat(Math.max(1, n));

/** What a member is shown of a stored key: enough to recognise it, not enough to reuse it. */
export function maskPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case 'CPF':
      return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
    case 'EMAIL': {
      const [local = '', domain = ''] = key.split('@');
      return `${local.slice(0, 1)}${star(local.length - 1)}@${domain}`;
    }
    case 'PHONE':
      return `${key.slice(0, 5)}${star(key.length - 9)}${key.slice(-4)}`;
    case 'EVP':
      return `${key.slice(0, 4)}****-****-****-****-********${key.slice(-4)}`;
  }
}

/** "Maria Souza" -> "M**** S****": each word keeps its first letter. */
export const maskName = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .map((w) => `${[...w][0] ?? ''}${star([...w].length - 1)}`)
    .join(' ');

/** A payee name: letters (any script, accents), spaces, apostrophes, dots and hyphens; 2-100. */
export const PAYEE_NAME_PATTERN = /^\p{L}[\p{L} '.-]{1,99}$/u;
