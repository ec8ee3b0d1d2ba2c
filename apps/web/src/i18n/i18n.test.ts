import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '@banca/contract';
import ptCore from './pt/core.json';
import ptMore from './pt/more.json';
import enCore from './en/core.json';
import enMore from './en/more.json';
import {
  ensureMoreMessages,
  getLanguage,
  initLanguage,
  interpolate,
  setLanguage,
  t,
  withMessages,
} from './i18n';

const pt = { ...ptCore, ...ptMore };
const en = { ...enCore, ...enMore };

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`),
  );

describe('i18n', () => {
  afterEach(async () => {
    localStorage.clear();
    await setLanguage('PT', false);
  });

  it('has the same keys in PT and EN, including the spec message keys', () => {
    expect(keys(en).sort()).toEqual(keys(pt).sort());
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
