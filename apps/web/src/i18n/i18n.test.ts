import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '@banca/contract';
import {
  ensureMoreMessages,
  getLanguage,
  initLanguage,
  interpolate,
  setLanguage,
  t,
  withMessages,
} from './i18n';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const messagesOf = (language: 'pt' | 'en') =>
  Object.entries(files)
    .filter(([path]) => path.startsWith(`./${language}/`))
    .map(([path, messages]) => ({ file: path.slice(5), messages }));
/** One language's files as one catalogue; a top-level key shared by two files keeps both halves. */
const merged = (language: 'pt' | 'en') =>
  messagesOf(language).reduce<Record<string, unknown>>((all, { messages }) => {
    for (const [key, value] of Object.entries(messages))
      all[key] =
        typeof value === 'object' && typeof all[key] === 'object'
          ? { ...(all[key] as object), ...(value as object) }
          : value;
    return all;
  }, {});
const pt = merged('pt');
const en = merged('en');

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`),
  );

describe('i18n', () => {
  afterEach(async () => {
    localStorage.clear();
    await setLanguage('PT', false);
  });

  it('has the same files and keys in PT and EN, including the spec message keys', () => {
    expect(messagesOf('en').map((f) => f.file)).toEqual(messagesOf('pt').map((f) => f.file));
    for (const { file, messages } of messagesOf('pt')) {
      const other = messagesOf('en').find((f) => f.file === file)!.messages;
      expect(keys(other).sort(), file).toEqual(keys(messages).sort());
    }
    expect(keys(en).sort()).toEqual(keys(pt).sort());
    // No key is defined twice across one language's files (the first file would hide the other), and
    // the feature files share no top-level key (features.ts joins them with a spread).
    const all = messagesOf('pt').flatMap(({ messages }) => keys(messages));
    expect(all.length).toBe(new Set(all).size);
    const tops = messagesOf('pt')
      .filter(({ file }) => file !== 'core.json')
      .flatMap(({ messages }) => Object.keys(messages));
    expect(tops.length).toBe(new Set(tops).size);
    for (const key of [
      'in_need_true_account',
      'in_popup_prompt',
      'in_sure_logout',
      'game_maintenance',
      'info_maintenance',
      'end_time',
      'blockip',
      'info_ip_block',
    ]) {
      expect(keys(pt)).toContain(key);
    }
  });

  it('defaults to Portuguese and sets <html lang>', async () => {
    await initLanguage();
    expect(getLanguage()).toBe('PT');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(t('header.login')).toBe('Entrar');
  });

  it('switches to English on demand and remembers the choice', async () => {
    await setLanguage('EN');
    expect(t('header.login')).toBe('Log in');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LOCAL_KEYS.language)).toBe('EN');
    await setLanguage('PT', false);
    await initLanguage();
    expect(getLanguage()).toBe('EN');
  });

  it('interpolates variables', () => {
    expect(interpolate('Page {{page}} of {{total}}', { page: 2 })).toBe('Page 2 of {{total}}');
    expect(t('system.yourIp', { ip: '10.0.0.1' })).toBe('Seu IP: 10.0.0.1');
  });

  it('loads the second part of the messages with the lazy code that needs it, in the current language', async () => {
    const load = withMessages(async () => 'module');
    expect(await load()).toBe('module');
    expect(t('auth.rememberMe')).toBe('Lembrar de mim');
    await setLanguage('EN', false);
    expect(t('auth.rememberMe')).toBe('Remember me');
    await ensureMoreMessages();
    expect(t('agent.signOut')).toBe('Sign out');
  });
});
