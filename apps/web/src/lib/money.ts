import type { Language } from '@banca/contract';
import { localeOf } from './locale';

/**
 * Formats integer minor units (centavos) as a decimal amount with two places, e.g. 123456 →
 * "1.234,56" in PT and "1,234.56" in EN. Works on the integer and its remainder (bigint for the
 * whole part) rather than dividing by 100, so no amount is ever rounded to a wrong cent.
 */
export function formatMinorUnits(minor: number, language: Language): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount of minor units: ${minor}`);
  const negative = minor < 0;
  const abs = BigInt(Math.abs(minor));
  const locale = localeOf(language);
  const whole = new Intl.NumberFormat(locale, { useGrouping: true }).format(abs / 100n);
  const decimal =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const cents = String(abs % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}${decimal}${cents}`;
}
