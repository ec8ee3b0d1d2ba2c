import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findActiveServerKey } from './server-key.repository.ts';
import type { CryptoTables } from './server-key.table.ts';

/**
 * A 32-byte secret for one purpose (`label`), derived from the server's private key: every gateway
 * node has the same key (it lives in the database, ensureServerKey), so every node derives the same
 * secret with no other setting to distribute, and different labels give unrelated secrets
 * (HMAC-SHA256 as the KDF). Call after ensureServerKey.
 */
export async function deriveServerSecret<DB extends CryptoTables>(
  database: Kysely<DB>,
  label: string,
): Promise<Buffer> {
  const row = await findActiveServerKey(database as unknown as Kysely<CryptoTables>);
  if (!row) throw new Error('no server key: call ensureServerKey first');
  return createHmac('sha256', row.private_pem).update(`banca:${label}`).digest();
}
