import type { Insertable } from 'kysely';
import type { GameType } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import type { GameWinTable } from '../games.table.ts';

/** Records a win; a round already on the board is left as it is (the consumer's idempotency). */
export async function insertWin(db: DbOrTrx, win: Insertable<GameWinTable>): Promise<void> {
  await db
    .insertInto('game_win')
    .values(win)
    .onConflict((oc) => oc.column('round_id').doNothing())
    .execute();
}

/** The biggest wins, biggest first (latest first among equals). */
export async function biggestWins(db: DbOrTrx, gameCategory: 'ALL' | GameType, limit: number) {
  let q = db
    .selectFrom('game_win')
    .select(['round_id', 'node_id', 'customer_name', 'win_amount', 'currency'])
    .orderBy('win_amount', 'desc')
    .orderBy('settled_at', 'desc')
    .orderBy('round_id')
    .limit(limit);
  if (gameCategory !== 'ALL') q = q.where('game_type', '=', gameCategory);
  return q.execute();
}
