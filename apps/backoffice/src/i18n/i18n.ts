import { useSyncExternalStore } from 'react';
import { en } from './en.ts';
import { pt, type Catalogue } from './pt.ts';

/**
 * PT (default) and EN, typed from the Portuguese catalogue: a key missing in English fails the type
 * check. The same `{{name}}` placeholders as the member site. The language is remembered per browser.
 */
export type Lang = 'pt' | 'en';
const KEY = 'banca.backoffice.lang';
const catalogues: Record<Lang, Catalogue> = { pt, en };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Catalogue>;

const read = (): Lang => {
  try {
    return localStorage.getItem(KEY) === 'en' ? 'en' : 'pt';
  } catch {
    return 'pt';
  }
};
let lang: Lang = read();
const listeners = new Set<() => void>();

const apply = () => {
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : 'en';
};
apply();

export const getLang = (): Lang => lang;
/** The gateway's Language header for this language. */
export const apiLanguage = (): 'PT' | 'EN' => (lang === 'en' ? 'EN' : 'PT');
export const locale = (): string => (lang === 'en' ? 'en-GB' : 'pt-BR');

export const setLang = (next: Lang): void => {
  lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // storage unavailable: this page only
  }
  apply();
  listeners.forEach((l) => l());
};

export function translate(key: MessageKey, vars?: Record<string, string | number>): string {
  let node: unknown = catalogues[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const text = typeof node === 'string' ? node : key;
  return vars ? text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? '')) : text;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Re-renders on a language change; `t` translates in the current language. */
export function useI18n() {
  const current = useSyncExternalStore(subscribe, getLang, getLang);
  return { lang: current, t: translate, setLang };
}
