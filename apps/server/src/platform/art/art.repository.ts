import type { Kysely } from 'kysely';
import type { ArtTables } from './art.table.ts';

/** The art store's SQL (art_asset: content-addressed, so a row once written never changes). */

export async function insertArtIfAbsent(
  db: Kysely<ArtTables>,
  rows: readonly { hash: string; content_type: string; body: string }[],
): Promise<void> {
  await db
    .insertInto('art_asset')
    .values([...rows])
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

export const findArtBody = async (db: Kysely<ArtTables>, hash: string): Promise<string | undefined> =>
  (await db.selectFrom('art_asset').select('body').where('hash', '=', hash).executeTakeFirst())?.body;
