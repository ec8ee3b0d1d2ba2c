import type { DbOrTrx } from '../../../database.ts';

/* The vendor credentials' SQL (vendor-wallet.credentials.ts holds what they mean); secrets sealed. */

/** Stores a vendor's new sealed secret; the one it replaces stays valid until `previousValidUntil`. */
export const upsertCredential = (
  db: DbOrTrx,
  vendor: string,
  sealed: string,
  now: Date,
  previousValidUntil: Date,
): Promise<{ previous_valid_until: Date | string | null }> =>
  db
    .insertInto('vendor_credential')
    .values({ vendor, secret_sealed: sealed, rotated_at: now })
    .onConflict((oc) =>
      oc.column('vendor').doUpdateSet((eb) => ({
        previous_secret_sealed: eb.ref('vendor_credential.secret_sealed'),
        previous_valid_until: previousValidUntil,
        secret_sealed: sealed,
        rotated_at: now,
      })),
    )
    .returning('previous_valid_until')
    .executeTakeFirstOrThrow();

export const findCredential = (db: DbOrTrx, vendor: string) =>
  db
    .selectFrom('vendor_credential')
    .select(['secret_sealed', 'previous_secret_sealed', 'previous_valid_until'])
    .where('vendor', '=', vendor)
    .executeTakeFirst();

/** True when the vendor had no credentials and now has these. */
export const insertCredentialIfAbsent = async (
  db: DbOrTrx,
  vendor: string,
  sealed: string,
): Promise<boolean> =>
  (await db
    .insertInto('vendor_credential')
    .values({ vendor, secret_sealed: sealed })
    .onConflict((oc) => oc.column('vendor').doNothing())
    .returning('vendor')
    .executeTakeFirst()) !== undefined;
