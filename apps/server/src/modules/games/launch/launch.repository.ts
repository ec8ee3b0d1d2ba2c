import { sql, type Insertable } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import type { GameLaunchTable, OpenMode } from './launch.table.ts';

/** Registers (or moves) where a vendor's games open. */
export async function upsertVendorLaunch(
  db: DbOrTrx,
  vendor: { vendor: string; launchUrl: string; openMode: OpenMode },
): Promise<void> {
  await db
    .insertInto('vendor_launch')
    .values({ vendor: vendor.vendor, launch_url: vendor.launchUrl, open_mode: vendor.openMode })
    .onConflict((oc) =>
      oc.column('vendor').doUpdateSet({
        launch_url: vendor.launchUrl,
        open_mode: vendor.openMode,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** Where an enabled vendor's games open; undefined for a disabled vendor or one with no launch. */
export async function findVendorLaunch(
  db: DbOrTrx,
  vendor: string,
): Promise<{ launch_url: string; open_mode: OpenMode } | undefined> {
  return db
    .selectFrom('vendor_launch as l')
    .innerJoin('game_vendor as v', 'v.vassalage', 'l.vendor')
    .select(['l.launch_url', 'l.open_mode'])
    .where('l.vendor', '=', vendor)
    .where('v.enabled', '=', true)
    .executeTakeFirst();
}

export async function insertLaunch(db: DbOrTrx, launch: Insertable<GameLaunchTable>): Promise<void> {
  await db.insertInto('game_launch').values(launch).execute();
}

/**
 * Spends a launch token of this vendor, unused and unexpired, and answers its row; undefined when
 * there is none (unknown, used, expired or another vendor's: one answer).
 */
export async function useLaunch(db: DbOrTrx, tokenHash: string, vendor: string, now: Date) {
  return db
    .updateTable('game_launch')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('vendor', '=', vendor)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Drops launches whose tokens expired before `olderThan`; answers how many. */
export async function deleteLaunchesExpiredBefore(db: DbOrTrx, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom('game_launch').where('expires_at', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
