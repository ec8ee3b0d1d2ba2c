import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { CryptoTables } from './server-key.table.ts';
import { findActiveServerKey, insertServerKeyIfNone } from './server-key.repository.ts';

export const ENC_ALG = 'RSA-OAEP-256';
export const ENC_CONTENT = 'A256GCM';

export interface ServerKey {
  kid: string;
  /** The public JWK served by GET /wps/system/publicKey. */
  publicJwk: { kty: 'RSA'; n: string; e: string; alg: 'RSA-OAEP-256'; use: 'enc'; kid: string };
  privateKey: CryptoKey;
}

/**
 * Loads the active key pair, generating and storing one on the very first start. Stored in the
 * database rather than on disk so every gateway node decrypts what any node's public key encrypted.
 */
export async function ensureServerKey<DB extends CryptoTables>(database: Kysely<DB>): Promise<ServerKey> {
  // Kysely is invariant in its tables: this piece sees only server_key.
  const db = database as unknown as Kysely<CryptoTables>;
  let row = await findActiveServerKey(db);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair(ENC_ALG, {
      modulusLength: 2048,
      extractable: true,
    });
    const jwk: JWK = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    const publicJwk = { kty: 'RSA', n: jwk.n, e: jwk.e, alg: ENC_ALG, use: 'enc', kid };
    await insertServerKeyIfNone(db, { kid, publicJwk, privatePem: await exportPKCS8(privateKey) });
    row = await findActiveServerKey(db);
    if (!row) throw new Error('server key missing after insert');
  }
  const pub = row.public_jwk as ServerKey['publicJwk'];
  return {
    kid: row.kid,
    publicJwk: { kty: 'RSA', n: pub.n, e: pub.e, alg: ENC_ALG, use: 'enc', kid: row.kid },
    privateKey: await importPKCS8(row.private_pem, ENC_ALG),
  };
}
