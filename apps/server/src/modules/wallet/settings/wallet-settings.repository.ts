import type { DbOrTrx } from '../../../database.ts';

/** A merchant's stored settings document (unparsed); undefined when none was ever written. */
export const findWalletSettings = async (db: DbOrTrx, merchantCode: string): Promise<unknown> =>
  (
    await db
      .selectFrom('wallet_settings')
      .select('settings')
      .where('merchant_code', '=', merchantCode)
      .executeTakeFirst()
  )?.settings;

/** Writes a merchant's whole settings document. */
export async function upsertWalletSettings(
  db: DbOrTrx,
  merchantCode: string,
  settings: string,
): Promise<void> {
  await db
    .insertInto('wallet_settings')
    .values({ merchant_code: merchantCode, settings })
    .onConflict((oc) => oc.column('merchant_code').doUpdateSet({ settings, updated_at: new Date() }))
    .execute();
}
