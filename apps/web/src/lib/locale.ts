import type { Language } from '@banca/contract';

const LOCALES: Record<Language, string> = { PT: 'pt-BR', EN: 'en-US' };

/** The Intl locale of a site language (numbers, money, dates). */
export const localeOf = (language: Language): string => LOCALES[language];

/** A decimal number (odds, multipliers, percentages) in the language's notation: 1,95 in PT, 1.95 in EN. */
export const formatDecimal = (
  value: number,
  language: Language,
  digits: { min?: number; max?: number } = {},
) =>
  new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: digits.min ?? 0,
    maximumFractionDigits: digits.max ?? Math.max(digits.min ?? 0, 4),
  }).format(value);

/** The empty amount a money field shows as its placeholder: 0,00 in PT, 0.00 in EN. */
export const zeroAmount = (language: Language): string => formatDecimal(0, language, { min: 2, max: 2 });
