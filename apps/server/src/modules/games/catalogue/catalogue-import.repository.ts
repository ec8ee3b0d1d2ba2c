import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import type { GameTable, GameVendorTable } from '../games.table.ts';

/*
 * The catalogue import's SQL (catalogue-import.ts decides what changes; these write it). Every call
 * runs in the import's one transaction.
 */

export const listVendorsForImport = (trx: DbOrTrx): Promise<Selectable<GameVendorTable>[]> =>
  trx.selectFrom('game_vendor').selectAll().execute();

export async function insertVendor(trx: DbOrTrx, row: Insertable<GameVendorTable>): Promise<void> {
  await trx.insertInto('game_vendor').values(row).execute();
}

export async function updateVendor(
  trx: DbOrTrx,
  vassalage: string,
  row: Updateable<GameVendorTable>,
): Promise<void> {
  await trx.updateTable('game_vendor').set(row).where('vassalage', '=', vassalage).execute();
}

/** Every game of these vendors, enabled or not. */
export const listGamesOfVendors = (trx: DbOrTrx, vassalages: string[]): Promise<Selectable<GameTable>[]> =>
  trx
    .selectFrom('game')
    .selectAll()
    .where('vassalage', 'in', vassalages.length > 0 ? vassalages : [''])
    .execute();

export async function updateGame(trx: DbOrTrx, nodeId: string, row: Updateable<GameTable>): Promise<void> {
  await trx.updateTable('game').set(row).where('node_id', '=', nodeId).execute();
}

/** New games, in batches of 500 rows (one statement each). */
export async function insertGames(trx: DbOrTrx, rows: Insertable<GameTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('game')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Games a vendor's file no longer lists: disabled, never deleted (rows point at them). */
export async function disableGames(trx: DbOrTrx, nodeIds: string[], at: Date): Promise<void> {
  if (nodeIds.length === 0) return;
  await trx
    .updateTable('game')
    .set({ enabled: false, updated_at: at })
    .where('node_id', 'in', nodeIds)
    .execute();
}
