import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { SystemStatusValue } from '@banca/contract';
import { authCalls, memberCalls, systemCalls } from '@banca/contract/routes';
import { setLanguage } from '@/i18n';
import { ApiError, apiCall } from './client';
import { clearSession, pickUpToken, setToken } from './session';

const fetchMock = vi.fn<typeof fetch>();
const reply = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionStorage.clear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('PT', false);
});

describe('apiCall', () => {
  it('returns the envelope value and sends Language and Bearer headers', async () => {
    setToken('tok123');
    await setLanguage('EN', false);
    fetchMock.mockResolvedValue(
      reply(200, { success: true, code: 'ok', message: '', value: { systemStatus: 0 } }),
    );
    const value = await apiCall(systemCalls.status);
    // The light entry carries no schema; the value's type still comes from the zod definition.
    expectTypeOf(value).toEqualTypeOf<SystemStatusValue>();
    expect(value).toEqual({ systemStatus: 0 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/wps/system/status');
    const headers = init?.headers as Record<string, string>;
    expect(headers.language).toBe('EN');
    expect(headers.Authorization).toBe('Bearer tok123');
  });

  it('omits Authorization without a token and encodes the query', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: true, code: 'ok', message: '', value: [] }));
    await apiCall(systemCalls.helpCenter, { query: { lang: 'PT', device: 'WEB' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/wps/system/helpCenter?lang=PT&device=WEB');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws a typed ApiError with code, status, message and field errors', async () => {
    fetchMock.mockResolvedValue(
      reply(400, {
        success: false,
        code: 'invalid_input',
        message: 'Dados inválidos.',
        value: { fields: { username: 'required' } },
      }),
    );
    const body = { mobileNum: '11987654321', countryDialingCode: '+55' };
    const error = await apiCall(authCalls.smsRegister, { body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'invalid_input',
      status: 400,
      message: 'Dados inválidos.',
      fields: { username: 'required' },
    });
    expect(fetchMock.mock.calls[0]![1]?.body).toBe(JSON.stringify(body));
  });

  it('treats success=false on HTTP 200 as an error too', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: false, code: 'conflict', message: 'x', value: null }));
    await expect(apiCall(systemCalls.status)).rejects.toMatchObject({ code: 'conflict', status: 200 });
  });

  it('maps a network failure or a non-envelope answer to network_error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiCall(systemCalls.status)).rejects.toMatchObject({
      code: 'network_error',
      status: 0,
      message: 'Conexão de rede anormal',
    });
    fetchMock.mockResolvedValueOnce(reply(502, '<html>bad gateway</html>'));
    await expect(apiCall(systemCalls.status)).rejects.toMatchObject({ code: 'network_error', status: 502 });
  });

  it('sends form bodies url-encoded', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: true, code: 'ok', message: '', value: null }));
    await apiCall(memberCalls.forgotPasswordEmail, { body: { username: 'ana', email: 'a@b.c' } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(init.body).toBe('username=ana&email=a%40b.c');
  });
});

describe('session token', () => {
  it('moves ?token= into session storage and strips it from the URL', () => {
    const replaceState = vi.fn();
    const token = pickUpToken(
      { pathname: '/member', search: '?token=abc&x=1', hash: '#top' },
      { replaceState, state: null },
    );
    expect(token).toBe('abc');
    expect(sessionStorage.getItem('token')).toBe('abc');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/member?x=1#top');
  });

  it('falls back to the stored token', () => {
    sessionStorage.setItem('token', 'stored');
    const replaceState = vi.fn();
    expect(pickUpToken({ pathname: '/', search: '', hash: '' }, { replaceState, state: null })).toBe(
      'stored',
    );
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('clearSession keeps the merchant keys', () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('merchantWallet', '1');
    clearSession();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('merchantWallet')).toBe('1');
  });
});
