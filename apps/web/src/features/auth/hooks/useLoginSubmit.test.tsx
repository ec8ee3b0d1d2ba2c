import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LoginValue } from '@banca/contract';
import { ApiError } from '@/api';
import { ensureMoreMessages, setLanguage, t } from '@/i18n';
import { modalStore } from '@/state';
import type * as authApi from '../api/auth-api';
import { login } from '../api/auth-api';
import { completeLogin } from '../api/session';
import { useLoginSubmit, type LoginSubmitOptions } from './useLoginSubmit';

vi.mock('../api/auth-api', async (original) => ({
  ...(await original<typeof authApi>()),
  login: vi.fn(),
}));
vi.mock('../api/session', () => ({ completeLogin: vi.fn(async () => 'home') }));

const loginMock = vi.mocked(login);
const completeMock = vi.mocked(completeLogin);
const VALUE: LoginValue = { token: 'a'.repeat(43), firstTimeLogin: false, passwordExpired: false };
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);
const render = (options: LoginSubmitOptions) => renderHook(() => useLoginSubmit(options), { wrapper });
const credentials = { type: 'username', username: ' ana ', password: 'Secret123' } as const;

beforeEach(async () => {
  await ensureMoreMessages();
  loginMock.mockReset();
  completeMock.mockClear();
});
afterEach(async () => {
  modalStore.reset();
  await setLanguage('PT', false);
});

describe('useLoginSubmit', () => {
  it('checks the required fields before calling the gateway', async () => {
    const { result } = render({ portal: 'MEMBER' });
    await act(() => result.current.submit({ type: 'username', username: ' ', password: '' }));
    expect(result.current.errors).toEqual({
      username: t('auth.enterUsername'),
      password: t('auth.enterPassword'),
    });
    await act(() =>
      result.current.submit({ type: 'sms', mobileNum: '12', countryDialingCode: '+55', code: 'x' }),
    );
    expect(result.current.errors).toEqual({ mobile: t('auth.enterMobile'), code: t('auth.enterCode') });
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('sends an SMS login with any number the server accepts (4 to 20 digits)', async () => {
    const { result } = render({ portal: 'MEMBER' });
    for (const mobileNum of ['1234', '9'.repeat(20)]) {
      loginMock.mockRejectedValueOnce(new ApiError('sms_code_invalid', 400, 'Code invalid'));
      await act(() =>
        result.current.submit({ type: 'sms', mobileNum, countryDialingCode: '+55', code: '1234' }),
      );
      expect(result.current.errors).toEqual({});
      expect(loginMock).toHaveBeenLastCalledWith(
        expect.objectContaining({ username: mobileNum, type: 'sms' }),
      );
    }
    expect(loginMock).toHaveBeenCalledTimes(2);
  });

  it('logs in on its portal and hands the outcome to the form', async () => {
    loginMock.mockResolvedValueOnce(VALUE);
    const onLoggedIn = vi.fn();
    const { result } = render({ portal: 'AGENT', onLoggedIn });
    await act(() => result.current.submit(credentials));
    expect(loginMock).toHaveBeenCalledWith({
      username: 'ana',
      password: 'Secret123',
      type: 'username',
      portal: 'AGENT',
    });
    expect(completeMock).toHaveBeenCalledWith(
      VALUE,
      expect.objectContaining({ type: 'username', password: 'Secret123', portal: 'AGENT' }),
    );
    expect(onLoggedIn).toHaveBeenCalledWith(credentials, 'home');
  });

  it('shows the captcha once asked, requires it, and keeps its error across the new image', async () => {
    loginMock.mockRejectedValueOnce(
      new ApiError('invalid_credentials', 400, 'Wrong account or password', {}, { captcha: true }),
    );
    const { result } = render({ portal: 'MEMBER' });
    expect(result.current.captcha).toBeNull();
    await act(() => result.current.submit(credentials));
    expect(result.current.serverError).toBe('Wrong account or password');
    expect(result.current.captcha).not.toBeNull();

    await act(() => result.current.submit(credentials));
    expect(result.current.errors.captcha).toBe(t('auth.enterCaptcha'));
    expect(loginMock).toHaveBeenCalledTimes(1);

    act(() => {
      result.current.captcha!.onCaptchaId('c1');
      result.current.captcha!.onChange(' ab12 ');
    });
    expect(result.current.errors.captcha).toBeUndefined();
    loginMock.mockRejectedValueOnce(
      new ApiError('captcha_invalid', 400, 'Incorrect captcha', {}, { captcha: true }),
    );
    const reload = result.current.captcha!.reloadKey;
    await act(() => result.current.submit(credentials));
    expect(loginMock).toHaveBeenLastCalledWith(expect.objectContaining({ captcha: 'ab12', captchaId: 'c1' }));
    expect(result.current.captcha!.reloadKey).toBe(reload + 1);
    // The new image empties the answer; the server's message stays under the field.
    act(() => result.current.captcha!.onChange(''));
    expect(result.current.errors.captcha).toBe('Incorrect captcha');
    expect(result.current.serverError).toBeNull();
  });

  it('turns a login from a new IP into the second step, and finishes with the same credentials', async () => {
    const challenge = {
      challengeId: 'challenge-0123456789',
      channels: ['sms', 'email'],
      maskedMobile: '+55*******4321',
      maskedEmail: 'a***@mail.example',
      expiredMinutes: 5,
    };
    loginMock.mockRejectedValueOnce(
      new ApiError('second_verification_required', 403, 'Verify', {}, challenge),
    );
    const onLoggedIn = vi.fn();
    const { result } = render({ portal: 'MEMBER', onLoggedIn });
    await act(() => result.current.submit(credentials));
    expect(result.current.challenge?.value).toEqual(challenge);
    expect(result.current.serverError).toBeNull();
    await act(() => result.current.challenge!.verified(VALUE));
    expect(completeMock).toHaveBeenCalledWith(
      VALUE,
      expect.objectContaining({ type: 'username', password: 'Secret123', portal: 'MEMBER' }),
    );
    expect(onLoggedIn).toHaveBeenCalledWith(credentials, 'home');

    act(() => result.current.challenge!.back());
    expect(result.current.challenge).toBeNull();
  });

  it('shows an SMS login failure in the warning dialog', async () => {
    loginMock.mockRejectedValueOnce(new ApiError('sms_code_invalid', 400, 'Code invalid'));
    const { result } = render({ portal: 'MEMBER' });
    await act(() =>
      result.current.submit({
        type: 'sms',
        mobileNum: '11987654321',
        countryDialingCode: '+55',
        code: '123456',
      }),
    );
    expect(loginMock).toHaveBeenCalledWith(
      expect.objectContaining({
        username: '11987654321',
        password: '123456',
        type: 'sms',
        countryDialingCode: '+55',
      }),
    );
    expect(result.current.serverError).toBeNull();
    expect(modalStore.get().stack).toEqual([
      expect.objectContaining({
        kind: 'message',
        props: expect.objectContaining({ rawText: 'Code invalid' }),
      }),
    ]);
  });
});
