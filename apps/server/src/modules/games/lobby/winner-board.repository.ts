import { sql, type Insertable } from 'kysely';
import type { GameType } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import { executePreparedSql } from '../../../platform/db/prepared.ts';
import type { GameWinTable } from '../games.table.ts';

/**
 * Records wins; a round already on the board is left as it is (the consumer's idempotency). One fixed
 * text (the rows as arrays) run as a named statement: the dispatcher hands the games consumer every
 * settled round, in runs, so a run of wins costs one statement, not one per win.
 */
export async function insertWins(db: DbOrTrx, wins: readonly Insertable<GameWinTable>[]): Promise<void> {
  if (wins.length === 0) return;
  const column = <K extends keyof Insertable<GameWinTable>>(key: K) => wins.map((w) => w[key]);
  await executePreparedSql(
    db,
    sql`insert into game_win (round_id, node_id, game_type, customer_name, win_amount, currency, settled_at)
    select * from unnest(${column('round_id')}::text[], ${column('node_id')}::text[],
      ${column('game_type')}::text[], ${column('customer_name')}::text[], ${column('win_amount')}::bigint[],
      ${column('currency')}::text[], ${column('settled_at')}::timestamptz[])
    on conflict (round_id) do nothing`,
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
