import type { Language } from '@banca/contract';

const LOCALES: Record<Language, string> = { PT: 'pt-BR', EN: 'en-US' };

/** The Intl locale of a site language (numbers, money, dates). */
export const localeOf = (language: Language): string => LOCALES[language];
