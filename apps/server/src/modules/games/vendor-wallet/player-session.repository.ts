import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import type { VendorPlayerSessionRow, VendorPlayerSessionTable } from './vendor-wallet.table.ts';

/* The player sessions' SQL (player-session.service.ts holds what they mean). */

export async function insertPlayerSession(
  db: DbOrTrx,
  row: Insertable<VendorPlayerSessionTable>,
): Promise<void> {
  await db.insertInto('vendor_player_session').values(row).execute();
}

export const findPlayerSessionByHash = (
  db: DbOrTrx,
  tokenHash: string,
): Promise<VendorPlayerSessionRow | undefined> =>
  db.selectFrom('vendor_player_session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export async function deletePlayerSessionsExpiredBefore(db: DbOrTrx, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom('vendor_player_session')
    .where('expires_at', '<', olderThan)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
