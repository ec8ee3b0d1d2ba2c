import { CompactEncrypt, importJWK, type JWK } from 'jose';

/**
 * JWE bodies of the calls the spec marks enc (ARCHITECTURE.md section 2): the JSON body encrypted to
 * the gateway's RSA key as compact JWE, alg RSA-OAEP-256, enc A256GCM. Loaded on the first enc call
 * only, so jose stays out of the first route.
 */
export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';

type Key = { key: CryptoKey | Uint8Array; kid: string };
let cached: Promise<Key> | null = null;

/** How the gateway's key is fetched (GET /wps/system/publicKey): handed in by the client, which this
 *  module must not import back (the client loads this module on demand). */
export type FetchPublicKey = () => Promise<JWK & { kid: string }>;

/** The gateway's public key, fetched once per page (a failed fetch is retried on the next call). */
export const publicKey = (fetchKey: FetchPublicKey): Promise<Key> => {
  cached ??= fetchKey()
    .then(async (jwk) => ({ key: await importJWK(jwk, JWE_ALG), kid: jwk.kid }))
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

export const encryptBody = async (body: unknown, fetchKey: FetchPublicKey): Promise<string> => {
  const { key, kid } = await publicKey(fetchKey);
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: JWE_ALG, enc: JWE_ENC, kid, cty: 'json' })
    .encrypt(key);
};
