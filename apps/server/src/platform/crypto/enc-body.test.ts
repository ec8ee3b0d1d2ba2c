import { CompactEncrypt, compactDecrypt, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { EncBodyError, readEncBody, type DecryptFn } from './enc-body.ts';

const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048 });
const decrypt: DecryptFn = async (jwe) => {
  const { plaintext } = await compactDecrypt(jwe, privateKey, {
    keyManagementAlgorithms: ['RSA-OAEP-256'],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
};
const encrypt = (payload: unknown) =>
  new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(publicKey);

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof EncBodyError ? err.code : 'other';
  }
};

describe('readEncBody', () => {
  it('returns the decrypted JSON of a JWE sent as application/jose', async () => {
    const jwe = await encrypt({ username: 'maria', password: 'x' });
    expect(await readEncBody({ decrypt, body: jwe, contentType: 'application/jose' })).toEqual({
      username: 'maria',
      password: 'x',
    });
    expect(
      await readEncBody({ decrypt, body: Buffer.from(jwe), contentType: 'Application/JOSE; charset=utf-8' }),
    ).toEqual({ username: 'maria', password: 'x' });
  });

  it('refuses plain JSON with enc_required', async () => {
    expect(
      await codeOf(readEncBody({ decrypt, body: { username: 'a' }, contentType: 'application/json' })),
    ).toBe('enc_required');
    expect(await codeOf(readEncBody({ decrypt, body: '{}', contentType: undefined }))).toBe('enc_required');
  });

  it('refuses malformed, tampered or foreign JWE with enc_invalid', async () => {
    const jwe = await encrypt({ a: 1 });
    const parts = jwe.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    const other = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048 });
    const foreign = await new CompactEncrypt(new TextEncoder().encode('{}'))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
      .encrypt(other.publicKey);
    for (const body of ['', 'abc', 'a.b.c', parts.join('.'), foreign, { a: 1 }, 'x'.repeat(300_000)]) {
      expect(await codeOf(readEncBody({ decrypt, body, contentType: 'application/jose' }))).toBe(
        'enc_invalid',
      );
    }
  });
});
