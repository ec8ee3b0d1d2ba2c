import { compactDecrypt } from 'jose';
import { ENC_ALG, ENC_CONTENT } from './server-keys.ts';

export class JweError extends Error {
  override name = 'JweError';
}

/**
 * Decrypts a compact JWE body of an enc call (ARCHITECTURE.md section 2) and parses its JSON.
 * Only RSA-OAEP-256 / A256GCM is accepted, so a client cannot downgrade the algorithms.
 */
export async function decryptJwe(jwe: string, privateKey: CryptoKey): Promise<unknown> {
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(jwe.trim(), privateKey, {
      keyManagementAlgorithms: [ENC_ALG],
      contentEncryptionAlgorithms: [ENC_CONTENT],
    }));
  } catch (err) {
    throw new JweError('JWE could not be decrypted', { cause: err });
  }
  try {
    return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
  } catch (err) {
    throw new JweError('JWE payload is not JSON', { cause: err });
  }
}
