import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { RegisterFieldSetting } from '@banca/contract';
import { ensureMoreMessages, setLanguage } from '@/i18n';
import { modalStore, uiStore } from '@/state';
import { useCountdown } from '@/lib/clock';
import { throttle } from '@/lib/throttle';
import { countdownSeconds } from './countdown';
import { REMEMBER_KEY, REMEMBER_MS, rememberedLogin, saveRememberedLogin } from './remember';
import { registerErrors, registerModes, visibleFields } from './components/register-form';
import { countryName } from './components/fields/DialSelect';
import { fieldErrorText } from '@/ui/form';
import { showTrialPrompt, unlessTrial } from './trial';

beforeEach(async () => {
  localStorage.clear();
  await ensureMoreMessages();
});
afterEach(async () => {
  vi.useRealTimers();
  modalStore.reset();
  uiStore.reset();
  await setLanguage('PT', false);
});

describe('remember-me', () => {
  const now = Date.UTC(2025, 0, 1, 12);

  it('keeps the username, the flag and the SMS mobile data for one day, never a password', () => {
    saveRememberedLogin(true, { username: 'ana' }, now);
    saveRememberedLogin(true, { countryDialingCode: '+55', mobileNum: '11987654321' }, now);
    expect(rememberedLogin(now + REMEMBER_MS - 1)).toEqual({
      remember: true,
      username: 'ana',
      countryDialingCode: '+55',
      mobileNum: '11987654321',
    });
    expect(localStorage.getItem(REMEMBER_KEY)).not.toMatch(/password/i);
    expect(REMEMBER_MS).toBe(24 * 60 * 60 * 1000);
  });

  it('forgets everything after the day, and when the box is unticked', () => {
    saveRememberedLogin(true, { username: 'ana' }, now);
    expect(rememberedLogin(now + REMEMBER_MS)).toEqual({
      remember: false,
      username: '',
      countryDialingCode: '',
      mobileNum: '',
    });
    expect(localStorage.getItem(REMEMBER_KEY)).toBeNull();
    saveRememberedLogin(true, { username: 'ana' }, now);
    saveRememberedLogin(false, {}, now);
    expect(rememberedLogin(now).username).toBe('');
  });
});

describe('SMS countdown and throttle', () => {
  it('counts expiredMinutes x 60 s, 60 s by default', () => {
    expect(countdownSeconds(5)).toBe(300);
    expect(countdownSeconds(undefined)).toBe(60);
    expect(countdownSeconds(0)).toBe(60);
  });

  it('ticks down to zero', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(3));
    expect(result.current.left).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(2);
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current.left).toBe(0);
  });

  it('drops calls within a second of the last one', () => {
    let clock = 0;
    const fn = vi.fn();
    const send = throttle(fn, 1000, () => clock);
    expect(send()).toBe(true);
    clock = 999;
    expect(send()).toBe(false);
    clock = 1000;
    expect(send()).toBe(true);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

const setting = (
  name: RegisterFieldSetting['name'],
  patternId: number,
  acceptedPattern: string,
  minLength: number,
  maxLength: number,
  extra: Partial<RegisterFieldSetting> = {},
): RegisterFieldSetting => ({
  name,
  enabled: true,
  required: true,
  patternId,
  acceptedPattern,
  minLength,
  maxLength,
  ...extra,
});

describe('registration validation messages', () => {
  const settings = [
    setting('username', 1, '^[A-Za-z]+[0-9]*$', 6, 12),
    setting('password', 5, '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$', 8, 20),
    setting('confirmPassword', 0, '*', 0, 0),
    setting('mobileNum', 3, '^[0-9]+$', 11, 11),
    setting('email', 14, '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 5, 60, { required: false }),
    setting('qqNum', 3, '^[0-9]+$', 5, 11, { enabled: false }),
  ];

  it('uses reg_pattern_{id} with min-max, one number when equal, in PT and EN', async () => {
    const fields = visibleFields(settings, 'username', {});
    expect(fields.map((f) => f.name)).toEqual([
      'username',
      'password',
      'confirmPassword',
      'email',
      'mobileNum',
    ]);
    const values = { username: '1abc', password: 'abc', confirmPassword: 'abd', mobileNum: '123', email: '' };
    const errors = registerErrors(values, settings, 'username', {}, fields);
    expect(errors.username).toBe('Comece com letras, seguidas de números (6-12 caracteres)');
    expect(errors.password).toBe('Inclua maiúscula, minúscula, número e símbolo (8-20 caracteres)');
    expect(errors.mobileNum).toBe('Use apenas números (11 dígitos)');
    expect(errors.confirmPassword).toBe('A confirmação da senha não confere');
    expect(errors.email).toBeUndefined();
    expect(errors).not.toHaveProperty('qqNum');
    await setLanguage('EN', false);
    expect(registerErrors(values, settings, 'username', {}, fields).mobileNum).toBe(
      'Use digits only (11 digits)',
    );
    expect(fieldErrorText('required')).toBe('Input cannot be empty');
  });

  it('has a PT and EN text for every pattern family', async () => {
    for (let id = 0; id <= 14; id++) {
      expect(fieldErrorText(`reg_pattern_${id}`, { minLength: 2, maxLength: 4 })).not.toMatch(/reg_pattern/);
    }
    await setLanguage('EN', false);
    expect(fieldErrorText('reg_pattern_8', { minLength: 2, maxLength: 2 })).toBe(
      'Korean characters only (2 characters)',
    );
  });

  it('shows the mobile fields by the flags and passes valid values', () => {
    expect(registerModes(null)).toEqual(['username']);
    const mobile = visibleFields(settings, 'mobile', { smsVerification: true });
    expect(mobile.map((f) => f.name)).toEqual(['mobileNum', 'email', 'verificationCode']);
    const withPassword = visibleFields(settings, 'mobile', { mobileWithPassword: true });
    expect(withPassword.map((f) => f.name)).toContain('confirmPassword');
    const fields = visibleFields(settings, 'username', {});
    const ok = {
      username: 'abcdef12',
      password: 'Abcdef1!',
      confirmPassword: 'Abcdef1!',
      mobileNum: '11987654321',
    };
    expect(registerErrors(ok, settings, 'username', {}, fields)).toEqual({});
    expect(registerErrors({}, settings, 'username', {}, fields).username).toBe(
      'O campo não pode ficar vazio',
    );
  });
});

describe('trial prompt', () => {
  it('shows in_need_true_account with in_increase_submit instead of opening, for trial sessions only', () => {
    const open = vi.fn();
    uiStore.set({ isLogin: true, isTrial: false });
    unlessTrial(open);
    expect(open).toHaveBeenCalledTimes(1);
    expect(modalStore.get().stack).toEqual([]);

    uiStore.set({ isTrial: true });
    unlessTrial(open);
    expect(open).toHaveBeenCalledTimes(1);
    expect(modalStore.get().stack).toMatchObject([
      {
        kind: 'message',
        props: { title: 'in_popup_prompt', text: 'in_need_true_account', confirm: 'in_increase_submit' },
      },
    ]);
    showTrialPrompt();
    expect(modalStore.get().stack).toHaveLength(1);
  });
});

describe('countryName', () => {
  it("names a country in the viewer's language, the server's name as the fallback", () => {
    expect(countryName('en', 'BR', 'Brasil')).toBe('Brazil');
    expect(countryName('pt-BR', 'BR', 'Brasil')).toBe('Brasil');
    expect(countryName('en', 'XX', 'Terra')).toBe('Terra');
    expect(countryName('en', 'not a region', 'Terra')).toBe('Terra');
  });
});
