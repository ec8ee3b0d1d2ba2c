import { sql } from 'kysely';
import { FAVOURITES_PAGE_SIZE } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';

/** Adds a favourite; one already there is left as it is. */
export async function insertFavorite(db: DbOrTrx, memberId: number, nodeId: string): Promise<void> {
  await db
    .insertInto('game_favorite')
    .values({ member_id: memberId, node_id: nodeId })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
    .execute();
}

export async function deleteFavorite(db: DbOrTrx, memberId: number, nodeId: string): Promise<void> {
  await db
    .deleteFrom('game_favorite')
    .where('member_id', '=', memberId)
    .where('node_id', '=', nodeId)
    .execute();
}

/** The member's favourite ids of enabled games, newest first (at most FAVOURITES_PAGE_SIZE). */
export async function favoriteIdsOf(db: DbOrTrx, memberId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('game_favorite as f')
    .innerJoin('game as g', 'g.node_id', 'f.node_id')
    .select('f.node_id')
    .where('f.member_id', '=', memberId)
    .where('g.enabled', '=', true)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.node_id')
    .limit(FAVOURITES_PAGE_SIZE)
    .execute();
  return rows.map((r) => r.node_id);
}

/** Which games of a member's list: a stored type, and vendors to keep to or leave out. */
export interface MemberListCondition {
  gameType?: string;
  only?: readonly string[];
  not?: readonly string[];
}

/**
 * A page of a member's favourites or recent games (enabled games only), newest first, and how many
 * there are in all.
 */
export async function memberGamesPage(
  db: DbOrTrx,
  table: 'game_favorite' | 'game_recent',
  memberId: number,
  cond: MemberListCondition,
  page: { offset: number; limit: number },
): Promise<{ nodeIds: string[]; total: number }> {
  const orderColumn = table === 'game_favorite' ? 'created_at' : 'played_at';
  let q = db
    .selectFrom(`${table} as m` as 'game_favorite as m')
    .innerJoin('game as g', 'g.node_id', 'm.node_id')
    .where('m.member_id', '=', memberId)
    .where('g.enabled', '=', true);
  if (cond.gameType) q = q.where('g.game_type', '=', cond.gameType);
  if (cond.only) q = q.where('g.vassalage', 'in', [...cond.only]);
  if (cond.not) q = q.where('g.vassalage', 'not in', [...cond.not]);
  const [rows, count] = await Promise.all([
    q
      .select('m.node_id')
      .orderBy(sql.ref(`m.${orderColumn}`), 'desc')
      .orderBy('m.node_id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { nodeIds: rows.map((r) => r.node_id), total: count.total };
}

/**
 * Records a launch in the member's recent games and keeps the newest `keep`. A game already at the
 * top is left as it is: its time orders the list and nothing else, so rewriting it changes no answer
 * (vendor_debit_apply.sql applies the same rule on the vendor's one-statement debit).
 */
export async function upsertRecentGame(
  trx: DbOrTrx,
  memberId: number,
  nodeId: string,
  at: Date,
  keep: number,
): Promise<void> {
  const top = await trx
    .selectFrom('game_recent')
    .select('node_id')
    .where('member_id', '=', memberId)
    .orderBy('played_at', 'desc')
    .orderBy('node_id')
    .limit(1)
    .executeTakeFirst();
  if (top?.node_id === nodeId) return;
  await trx
    .insertInto('game_recent')
    .values({ member_id: memberId, node_id: nodeId, played_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doUpdateSet({ played_at: at }))
    .execute();
  await trx
    .deleteFrom('game_recent')
    .where('member_id', '=', memberId)
    .where(
      'node_id',
      'not in',
      trx
        .selectFrom('game_recent')
        .select('node_id')
        .where('member_id', '=', memberId)
        .orderBy('played_at', 'desc')
        .orderBy('node_id')
        .limit(keep),
    )
    .execute();
}
