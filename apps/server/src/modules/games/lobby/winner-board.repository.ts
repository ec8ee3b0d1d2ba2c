import { sql, type Insertable } from 'kysely';
import type { GameType } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import { executePreparedSql } from '../../../platform/db/prepared.ts';
import type { GameWinTable } from '../games.table.ts';

/**
 * Records a win; a round already on the board is left as it is (the consumer's idempotency). One
 * fixed text run as a named statement: it runs for every winning round the dispatcher hands the
 * games consumer, and building it with the query builder cost more gateway CPU than the insert.
 */
export async function insertWin(db: DbOrTrx, win: Insertable<GameWinTable>): Promise<void> {
  await executePreparedSql(
    db,
    sql`insert into game_win (round_id, node_id, game_type, customer_name, win_amount, currency, settled_at)
    values (${win.round_id}, ${win.node_id}, ${win.game_type}, ${win.customer_name}, ${win.win_amount},
    ${win.currency}, ${win.settled_at}) on conflict (round_id) do nothing`,
  );
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
