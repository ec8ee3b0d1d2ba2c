import type { DbOrTrx } from '../db/database.ts';

export const findActiveServerKey = (db: DbOrTrx) =>
  db.selectFrom('server_key').selectAll().where('active', '=', true).executeTakeFirst();

/** Inserts unless another node got there first (the unique index allows one active key). */
export const insertServerKeyIfNone = (
  db: DbOrTrx,
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
