import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { HouseRoundTable, HouseSeedTable, HouseSessionTable } from './house-vendor.table.ts';

/*
 * The house vendor's SQL: its sessions, provably fair seeds and rounds. The services hold the rules
 * (house-session.ts, house-fairness.service.ts, house-play.service.ts, house-rounds.service.ts).
 */

type HouseRoundRow = Selectable<HouseRoundTable>;
type HouseRoundStatus = HouseRoundRow['status'];
interface Player {
  vendor: string;
  account: string;
}

// --- sessions -------------------------------------------------------------------------------------

export async function insertHouseSession(db: DbOrTrx, row: Insertable<HouseSessionTable>): Promise<void> {
  await db.insertInto('house_session').values(row).execute();
}

export const findHouseSession = (db: DbOrTrx, tokenHash: string) =>
  db.selectFrom('house_session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Returns how many sessions expired before `olderThan` were dropped. */
export async function deleteHouseSessionsExpiredBefore(db: DbOrTrx, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom('house_session').where('expires_at', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// --- seeds ----------------------------------------------------------------------------------------

/** A new active seed; the partial unique index keeps one active seed: a concurrent creator's row stands. */
export async function insertActiveSeedIfNone(
  db: DbOrTrx,
  row: Pick<
    Insertable<HouseSeedTable>,
    'vendor' | 'account' | 'server_seed' | 'server_seed_hash' | 'client_seed'
  >,
): Promise<void> {
  await db
    .insertInto('house_seed')
    .values({ ...row, revealed_at: null })
    .onConflict((oc) => oc.columns(['vendor', 'account']).where('revealed_at', 'is', null).doNothing())
    .execute();
}

/** The player's active (unrevealed) seed, locked FOR UPDATE when `lock`. */
export const findActiveSeed = (db: DbOrTrx, owner: Player, lock: boolean) => {
  const query = db
    .selectFrom('house_seed')
    .selectAll()
    .where('vendor', '=', owner.vendor)
    .where('account', '=', owner.account)
    .where('revealed_at', 'is', null);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
};

export async function updateSeed(
  db: DbOrTrx,
  id: number,
  patch: { client_seed?: string; revealed_at?: Date; next_nonce?: number },
): Promise<void> {
  await db.updateTable('house_seed').set(patch).where('id', '=', id).execute();
}

// --- rounds ---------------------------------------------------------------------------------------

export const findRoundByRequest = (db: DbOrTrx, player: Player, requestId: string) =>
  db
    .selectFrom('house_round')
    .selectAll()
    .where('vendor', '=', player.vendor)
    .where('account', '=', player.account)
    .where('request_id', '=', requestId)
    .executeTakeFirst();

/** The new round, or undefined when a copy of the request recorded its round first. */
export const insertRoundIfNew = (db: DbOrTrx, row: Insertable<HouseRoundTable>) =>
  db
    .insertInto('house_round')
    .values(row)
    .onConflict((oc) => oc.columns(['vendor', 'account', 'request_id']).doNothing())
    .returningAll()
    .executeTakeFirst();

/** Moves a round from `from` to `to`; undefined when it was no longer in `from`. */
export const updateRoundStatus = (
  db: DbOrTrx,
  seq: number,
  from: HouseRoundStatus,
  patch: { status: HouseRoundStatus; balance?: number; settled_at?: Date },
) =>
  db
    .updateTable('house_round')
    .set(patch)
    .where('seq', '=', seq)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();

export const getRoundBySeq = (db: DbOrTrx, seq: number) =>
  db.selectFrom('house_round').selectAll().where('seq', '=', seq).executeTakeFirstOrThrow();

export async function incrementRoundAttempts(db: DbOrTrx, seq: number): Promise<void> {
  await db
    .updateTable('house_round')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('seq', '=', seq)
    .execute();
}

/** Rounds still open (pending or debited) created before `createdBefore`, oldest first. */
export const listOpenRoundsBefore = (db: DbOrTrx, createdBefore: Date, limit: number) =>
  db
    .selectFrom('house_round')
    .selectAll()
    .where('status', 'in', ['pending', 'debited'])
    .where('created_at', '<', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute();

const roundsWithSeed = (db: DbOrTrx, owner: Player) =>
  db
    .selectFrom('house_round as r')
    .innerJoin('house_seed as s', 's.id', 'r.seed_id')
    .selectAll('r')
    .select(['s.server_seed', 's.revealed_at'])
    .where('r.vendor', '=', owner.vendor)
    .where('r.account', '=', owner.account);

/** A player's rounds with their seed's reveal, newest first, `limit` of them below `beforeSeq`. */
export const listRoundsWithSeed = (
  db: DbOrTrx,
  owner: Player,
  page: { beforeSeq?: number | undefined; limit: number },
) => {
  let query = roundsWithSeed(db, owner).orderBy('r.seq', 'desc').limit(page.limit);
  if (page.beforeSeq !== undefined) query = query.where('r.seq', '<', page.beforeSeq);
  return query.execute();
};

export const findRoundWithSeed = (db: DbOrTrx, owner: Player, roundId: string) =>
  roundsWithSeed(db, owner).where('r.round_id', '=', roundId).executeTakeFirst();
