import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { systemCalls } from '@banca/contract/routes';
import { apiCall } from './client';

/**
 * JWE bodies of the calls the spec marks enc (ARCHITECTURE.md section 2): the JSON body encrypted to
 * the gateway's RSA key as compact JWE, alg RSA-OAEP-256, enc A256GCM. Loaded on the first enc call
 * only, so jose stays out of the first route.
 */
export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';

type Key = { key: CryptoKey | Uint8Array; kid: string };
let cached: Promise<Key> | null = null;

/** The gateway's public key, fetched once per page (a failed fetch is retried on the next call). */
export const publicKey = (): Promise<Key> => {
  cached ??= apiCall(systemCalls.publicKey)
    .then(async (jwk) => ({ key: await importJWK(jwk as JWK, JWE_ALG), kid: jwk.kid }))
    .catch((error: unknown) => {
      cached = null;
      throw error;
    });
  return cached;
};

/** Forgets the cached key (tests; a key rotation). */
export const resetPublicKey = (): void => {
  cached = null;
};

export const encryptBody = async (body: unknown): Promise<string> => {
  const { key, kid } = await publicKey();
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: JWE_ALG, enc: JWE_ENC, kid, cty: 'json' })
    .encrypt(key);
};
