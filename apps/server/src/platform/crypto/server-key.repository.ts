import type { Kysely, Transaction } from 'kysely';
import type { CryptoTables } from './server-key.table.ts';

type CryptoDb = Kysely<CryptoTables> | Transaction<CryptoTables>;

export const findActiveServerKey = (db: CryptoDb) =>
  db.selectFrom('server_key').selectAll().where('active', '=', true).executeTakeFirst();

/** Inserts unless another node got there first (the unique index allows one active key). */
export const insertServerKeyIfNone = (
  db: CryptoDb,
  key: { kid: string; publicJwk: object; privatePem: string },
) =>
  db
    .insertInto('server_key')
    .values({
      kid: key.kid,
      public_jwk: JSON.stringify(key.publicJwk),
      private_pem: key.privatePem,
      active: true,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
