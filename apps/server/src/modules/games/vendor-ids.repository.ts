import type { DbOrTrx } from '../../database.ts';

/**
 * Which of `vendors` the catalogue has (game_vendor.vassalage), for modules that register or check
 * vendor ids (the house vendor, the dev sandbox) without reading games' tables.
 */
export async function catalogueVendorIds(db: DbOrTrx, vendors: readonly string[]): Promise<Set<string>> {
  if (vendors.length === 0) return new Set();
  const rows = await db
    .selectFrom('game_vendor')
    .select('vassalage')
    .where('vassalage', 'in', vendors)
    .execute();
  return new Set(rows.map((r) => r.vassalage));
}
