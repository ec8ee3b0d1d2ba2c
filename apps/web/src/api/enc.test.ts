import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compactDecrypt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { authCalls } from '@banca/contract/routes';
import { apiCall } from './client';
import { resetPublicKey } from './enc';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (value: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status < 400, code: 'ok', message: '', value }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetPublicKey();
});
afterEach(() => vi.unstubAllGlobals());

describe('enc calls', () => {
  it('encrypt the JSON body as compact JWE (RSA-OAEP-256 / A256GCM) to the served key, fetched once', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), alg: 'RSA-OAEP-256', use: 'enc', kid: 'k1' };
    const login = { firstTimeLogin: false, passwordExpired: false, token: 'a'.repeat(43) };
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/wps/system/publicKey' ? envelope(jwk) : envelope(login),
    );

    const body = {
      username: 'ana',
      password: 'Segredo#1',
      type: 'username' as const,
      portal: 'MEMBER' as const,
    };
    await expect(apiCall(authCalls.login, { body })).resolves.toEqual(login);
    await apiCall(authCalls.login, { body: { ...body, password: 'outra' } });

    const keyCalls = fetchMock.mock.calls.filter(([url]) => url === '/wps/system/publicKey');
    expect(keyCalls).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/wps/session/login')!;
    expect(url).toBe('/wps/session/login');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/jose');
    const jwe = init?.body as string;
    expect(jwe.split('.')).toHaveLength(5);
    expect(jwe).not.toContain('Segredo');
    expect(decodeProtectedHeader(jwe)).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'k1' });
    const { plaintext } = await compactDecrypt(jwe, privateKey);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual(body);
  });

  it('send plain JSON to calls that are not enc, and retry the key after a failed fetch', async () => {
    fetchMock.mockResolvedValueOnce(envelope(null, 503));
    await expect(
      apiCall(authCalls.login, {
        body: { username: 'a', password: 'b', type: 'username', portal: 'MEMBER' },
      }),
    ).rejects.toMatchObject({ status: 503 });
    fetchMock.mockResolvedValueOnce(envelope({ expiredMinutes: 1 }));
    await apiCall(authCalls.smsNoLogin, { body: { mobileNum: '11987654321', countryDialingCode: '+55' } });
    const init = fetchMock.mock.calls[1]![1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ mobileNum: '11987654321', countryDialingCode: '+55' });
  });
});
