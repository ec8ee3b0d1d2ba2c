import type { Language } from '@banca/contract';

const LOCALES: Record<Language, string> = { PT: 'pt-BR', EN: 'en-US' };

/** The Intl locale of a site language (numbers, money, dates). */
export const localeOf = (language: Language): string => LOCALES[language];

/** A moment as the record pages show it: short date, time with seconds, in the viewer's zone. */
export const dateTimeFormat = (language: Language): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'short', timeStyle: 'medium' });
