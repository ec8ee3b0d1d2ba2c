import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, LOCAL_KEYS, type Language } from '@banca/contract';
import ptCore from './pt/core.json';
import type ptMore from './pt/features';

/**
 * A small typed i18n in the manner of excalidraw's: keys are typed from the source locale (PT).
 * i18next + react-i18next would cost ~17 KB gzip on the first route, which the 120 KB budget cannot
 * carry (measured: React + router + Query 107.8 KB; with i18next + react-i18next 124.9 KB).
 *
 * Messages come in two parts per language: `core` (the shell and home: in the entry chunk for PT)
 * and `more`: the feature files (auth, games, member, agent, content, engagement, wallet, system,
 * dialog) joined by `{pt,en}/features.ts` into one chunk, loaded with the lazily loaded code that
 * needs it (`withMessages`). The other language loads on demand.
 */
export type Messages = typeof ptCore & typeof ptMore;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, e.g. 'header.login' or the spec's own keys like 'in_sure_logout'. */
export type TKey = Leaves<Messages>;
export type TVars = Record<string, string | number>;

type Part = 'core' | 'more';
type Catalogue = Record<string, unknown>;

const loaders: Record<Language, Record<Part, () => Promise<Catalogue>>> = {
  PT: { core: async () => ptCore, more: async () => (await import('./pt/features')).default },
  EN: {
    core: async () => (await import('./en/core.json')).default,
    more: async () => (await import('./en/features')).default,
  },
};

const loaded: Record<Language, Partial<Record<Part, Catalogue>>> = { PT: { core: ptCore }, EN: {} };
let current: Language = DEFAULT_LANGUAGE;
let wantMore = false;
const listeners = new Set<() => void>();

export const HTML_LANG: Record<Language, string> = { PT: 'pt-BR', EN: 'en' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const lookupIn = (messages: Catalogue | undefined, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};
const lookup = (language: Language, key: string) =>
  lookupIn(loaded[language].core, key) ?? lookupIn(loaded[language].more, key);

export const interpolate = (text: string, vars?: TVars): string =>
  vars
    ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
    : text;

/** Translates in the current language, falling back to PT, then to the key itself. */
export const t = (key: TKey, vars?: TVars): string =>
  interpolate(lookup(current, key) ?? lookup('PT', key) ?? key, vars);

/** A key that is not statically known (e.g. built from a server code) and exists in loaded messages. */
export const hasKey = (key: string): key is TKey =>
  lookup(current, key) !== undefined || lookup('PT', key) !== undefined;

export const getLanguage = (): Language => current;

const load = async (language: Language, part: Part) => {
  loaded[language][part] ??= await loaders[language][part]();
};

const notify = () => listeners.forEach((listener) => listener());

/** Loads the `more` messages of the current language (and of later ones). */
export const ensureMoreMessages = async (): Promise<void> => {
  wantMore = true;
  if (loaded[current].more) return;
  await load(current, 'more');
  notify();
};

/** Wraps a lazy module importer so the module arrives with the `more` messages it uses. */
export const withMessages =
  <M>(importer: () => Promise<M>) =>
  async (): Promise<M> =>
    (await Promise.all([importer(), ensureMoreMessages()]))[0];

const storedLanguage = (): Language | null => {
  try {
    const value = localStorage.getItem(LOCAL_KEYS.language);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
};

/** Loads the language's messages (once), makes it current, updates <html lang> and notifies. */
export const setLanguage = async (language: Language, remember = true): Promise<void> => {
  await Promise.all([load(language, 'core'), wantMore ? load(language, 'more') : null]);
  current = language;
  document.documentElement.lang = HTML_LANG[language];
  if (remember) {
    try {
      localStorage.setItem(LOCAL_KEYS.language, language);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }
  notify();
};

/** Applies the remembered language (PT when none); resolves when its messages are loaded. */
export const initLanguage = (): Promise<void> => setLanguage(storedLanguage() ?? DEFAULT_LANGUAGE, false);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Re-renders on language change; returns the translator and the current language. */
export const useT = () => {
  const language = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return { t, language };
};
