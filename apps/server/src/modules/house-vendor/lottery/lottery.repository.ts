import { sql, type Insertable } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import type { HouseLotteryPeriodTable, HouseLotteryTicketTable, StoredBet } from './lottery.table.ts';

/*
 * The house lottery's SQL: periods (committed seeds, drawn digits) and tickets. The rules live in
 * lottery-periods.ts, lottery-tickets.ts and lottery-settlement.ts.
 */

export interface PeriodRow {
  game_code: string;
  period_id: string;
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  seed_hash: string;
  server_seed: string;
  digits: number[] | null;
  drawn_at: Date | null;
}

export interface TicketRow {
  id: string;
  vendor: string;
  game_code: string;
  catalogue_game: string;
  period_id: string;
  account: string;
  player_session: string;
  request_id: string;
  bets: StoredBet[];
  total_stake: number;
  status: 'buying' | 'open' | 'won' | 'lost' | 'void';
  total_payout: number | null;
  result: { payout: number }[] | null;
  created_at: Date;
  settled_at: Date | null;
}

interface Player {
  vendor: string;
  account: string;
}

// --- periods --------------------------------------------------------------------------------------

/** Writes the periods that do not exist yet (the primary key keeps the first seed). */
export async function insertPeriodsIfAbsent(
  db: DbOrTrx,
  rows: readonly Insertable<HouseLotteryPeriodTable>[],
): Promise<void> {
  await db
    .insertInto('house_lottery_period')
    .values([...rows])
    .onConflict((oc) => oc.columns(['game_code', 'period_id']).doNothing())
    .execute();
}

export const findPeriod = (db: DbOrTrx, gameCode: string, periodId: string): Promise<PeriodRow | undefined> =>
  db
    .selectFrom('house_lottery_period')
    .selectAll()
    .where('game_code', '=', gameCode)
    .where('period_id', '=', periodId)
    .executeTakeFirst();

/** The periods drawing at or after `drawAt`, soonest first. */
export const listPeriodsFrom = (
  db: DbOrTrx,
  gameCode: string,
  drawAt: Date,
  limit: number,
): Promise<PeriodRow[]> =>
  db
    .selectFrom('house_lottery_period')
    .selectAll()
    .where('game_code', '=', gameCode)
    .where('draw_at', '>=', drawAt)
    .orderBy('draw_at')
    .limit(limit)
    .execute();

/** Periods not drawn yet whose draw time has come, soonest first. */
export const listUndrawnDue = (db: DbOrTrx, gameCode: string, now: Date, limit: number) =>
  db
    .selectFrom('house_lottery_period')
    .select(['period_id', 'server_seed'])
    .where('game_code', '=', gameCode)
    .where('digits', 'is', null)
    .where('draw_at', '<=', now)
    .orderBy('draw_at')
    .limit(limit)
    .execute();

/** Writes a period's digits only while they are still null; true when this call wrote them. */
export async function recordDraw(
  db: DbOrTrx,
  gameCode: string,
  periodId: string,
  digits: number[],
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('house_lottery_period')
    .set({ digits: JSON.stringify(digits), drawn_at: now })
    .where('game_code', '=', gameCode)
    .where('period_id', '=', periodId)
    .where('digits', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drawn periods, latest first. */
export const listDrawn = (db: DbOrTrx, gameCode: string, limit: number): Promise<PeriodRow[]> =>
  db
    .selectFrom('house_lottery_period')
    .selectAll()
    .where('game_code', '=', gameCode)
    .where('digits', 'is not', null)
    .orderBy('draw_at', 'desc')
    .limit(limit)
    .execute();

// --- tickets --------------------------------------------------------------------------------------

/** The new ticket, or undefined when the request's ticket exists already. */
export const insertTicketIfNew = async (
  db: DbOrTrx,
  row: Insertable<HouseLotteryTicketTable>,
): Promise<TicketRow | undefined> =>
  (await db
    .insertInto('house_lottery_ticket')
    .values(row)
    .onConflict((oc) => oc.columns(['vendor', 'account', 'request_id']).doNothing())
    .returningAll()
    .executeTakeFirst()) as TicketRow | undefined;

export const findTicketByRequest = async (
  db: DbOrTrx,
  player: Player,
  requestId: string,
): Promise<TicketRow | undefined> =>
  (await db
    .selectFrom('house_lottery_ticket')
    .selectAll()
    .where('vendor', '=', player.vendor)
    .where('account', '=', player.account)
    .where('request_id', '=', requestId)
    .executeTakeFirst()) as TicketRow | undefined;

export const findTicket = async (db: DbOrTrx, id: string): Promise<TicketRow | undefined> =>
  (await db.selectFrom('house_lottery_ticket').selectAll().where('id', '=', id).executeTakeFirst()) as
    TicketRow | undefined;

/** Removes a ticket whose purchase the gateway refused (only while still `buying`). */
export async function deleteBuyingTicket(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('house_lottery_ticket').where('id', '=', id).where('status', '=', 'buying').execute();
}

/** `buying` -> `open`; undefined when the ticket was no longer buying. */
export const markTicketBought = async (db: DbOrTrx, id: string): Promise<TicketRow | undefined> =>
  (await db
    .updateTable('house_lottery_ticket')
    .set({ status: 'open' })
    .where('id', '=', id)
    .where('status', '=', 'buying')
    .returningAll()
    .executeTakeFirst()) as TicketRow | undefined;

/** A player's tickets with their period's digits, newest first. */
export async function listPlayerTickets(
  db: DbOrTrx,
  player: Player,
  filter: { periodId?: string | undefined; statuses?: readonly TicketRow['status'][]; limit: number },
): Promise<(TicketRow & { digits: number[] | null })[]> {
  let query = db
    .selectFrom('house_lottery_ticket as t')
    .leftJoin('house_lottery_period as p', (join) =>
      join.onRef('p.game_code', '=', 't.game_code').onRef('p.period_id', '=', 't.period_id'),
    )
    .selectAll('t')
    .select('p.digits')
    .where('t.vendor', '=', player.vendor)
    .where('t.account', '=', player.account);
  if (filter.periodId) query = query.where('t.period_id', '=', filter.periodId);
  if (filter.statuses) query = query.where('t.status', 'in', filter.statuses);
  const rows = await query.orderBy('t.created_at', 'desc').orderBy('t.id').limit(filter.limit).execute();
  return rows as unknown as (TicketRow & { digits: number[] | null })[];
}

/**
 * Leases up to `limit` unsettled tickets of drawn periods until `leaseUntil` (`for update skip
 * locked`, so two nodes never take the same ticket while a lease runs), with the period's digits.
 */
export async function leaseDueTickets(
  db: DbOrTrx,
  gameCode: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<(TicketRow & { digits: number[] })[]> {
  const leased = await sql<TicketRow & { digits: number[] }>`
    with due as (
      select t.id from house_lottery_ticket t
      join house_lottery_period p on p.game_code = t.game_code and p.period_id = t.period_id
      where t.game_code = ${gameCode}
        and t.status in ('buying', 'open')
        and p.digits is not null
        and (t.lease_until is null or t.lease_until < ${now})
      order by t.created_at
      limit ${limit}
      for update of t skip locked
    )
    update house_lottery_ticket t set lease_until = ${leaseUntil}
    from due, house_lottery_period p
    where t.id = due.id and p.game_code = t.game_code and p.period_id = t.period_id
    returning t.*, p.digits`.execute(db);
  return leased.rows;
}

/** Settles an `open` ticket; true when this call did (it was still open). */
export async function markTicketSettled(
  db: DbOrTrx,
  id: string,
  settlement: { won: boolean; totalPayout: number; result: { payout: number }[]; now: Date },
): Promise<boolean> {
  const updated = await db
    .updateTable('house_lottery_ticket')
    .set({
      status: settlement.won ? 'won' : 'lost',
      total_payout: settlement.totalPayout,
      result: JSON.stringify(settlement.result),
      settled_at: settlement.now,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Voids a ticket still `buying` (its debit rolled back); true when this call did. */
export async function markTicketVoid(db: DbOrTrx, id: string, now: Date): Promise<boolean> {
  const updated = await db
    .updateTable('house_lottery_ticket')
    .set({ status: 'void', total_payout: 0, settled_at: now, lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'buying')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
