import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventTables } from './event.table.ts';
import { executePrepared, executePreparedSql } from '../db/prepared.ts';

/**
 * The dispatcher's SQL (event-dispatcher.ts): cursor claims, reading and moving past events, dead
 * letters, savepoints. The pass's statements are fixed shapes run after every write request, so
 * they run as named prepared statements (prepared.ts); keep them so, the round trips are measured.
 */

type Db = Kysely<EventTables>;
type Trx = Transaction<EventTables>;

/** Every transaction older than this has ended: rows they wrote are final. */
const horizon = sql<string>`pg_snapshot_xmin(pg_current_snapshot())`;

/** Takes the handler savepoint, releasing the previous one in the same round trip when taken. */
export async function takeHandlerSavepoint<DB>(
  trx: Transaction<DB>,
  releasePrevious: boolean,
): Promise<void> {
  await sql
    .raw(
      releasePrevious
        ? 'release savepoint event_handler; savepoint event_handler'
        : 'savepoint event_handler',
    )
    .execute(trx);
}

export async function rollbackHandlerSavepoint<DB>(trx: Transaction<DB>): Promise<void> {
  await sql`rollback to savepoint event_handler`.execute(trx);
}

/** Creates the missing (consumer, partition) cursor rows. */
export async function insertCursors(db: Db, rows: { consumer: string; partition: number }[]): Promise<void> {
  await db
    .insertInto('event_cursor')
    .values(rows)
    .onConflict((oc) => oc.columns(['consumer', 'partition']).doNothing())
    .execute();
}

/** A claimed cursor row. */
export interface ClaimedCursor {
  partition: number;
  tx: string;
  event_id: number;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
}

/**
 * Claims the due cursors of one consumer among some partitions in one statement, skipping those
 * another node holds (a pass then runs every partition of a consumer in one transaction).
 */
export async function claimCursors(
  trx: Trx,
  consumer: string,
  partitions: readonly number[],
  now: Date,
): Promise<ClaimedCursor[]> {
  const { rows } = await executePreparedSql(
    trx,
    sql<ClaimedCursor>`select partition, tx::text as tx, event_id, attempts, last_error, next_attempt_at
    from event_cursor
    where consumer = ${consumer} and partition = any(${[...partitions]}::smallint[])
      and next_attempt_at <= ${now}
    order by partition
    for update skip locked`,
  );
  return rows;
}

/**
 * The next events after each cursor, below the horizon: at most `limit` read per partition, in (tx,
 * id) order within each partition, all in one statement (one index range read per partition). Only the
 * events whose names are in `handled` come back whole; of the others, which every consumer reads too,
 * only the last one read in a partition comes back, and only its place (tx and id: the cursor moves
 * past it), so a consumer neither receives nor parses rows it passes over (they were most of the
 * dispatcher's rows and of the gateway's short-lived garbage under vendor load). `read` is how many
 * events the partition's range held, returned or not.
 */
export async function selectNextEventsOf(
  trx: Trx,
  cursors: readonly { partition: number; tx: string; event_id: number }[],
  limit: number,
  handled: readonly string[],
) {
  const { rows } = await executePreparedSql(
    trx,
    sql<{
      partition: number;
      id: number;
      tx: string;
      name: string;
      /** Null on the last-read row of an event the consumer does not handle, like payload and recorded_at. */
      key: string | null;
      payload: unknown;
      recorded_at: Date | null;
      read: number;
    }>`select c.partition, e.id, e.tx::text as tx, e.name,
      case when e.handled then e.key end as key, case when e.handled then e.payload end as payload,
      case when e.handled then e.recorded_at end as recorded_at, e.read
    from unnest(${cursors.map((c) => c.partition)}::smallint[], ${cursors.map((c) => c.tx)}::text[],
      ${cursors.map((c) => c.event_id)}::bigint[]) c(partition, tx, event_id)
    cross join lateral (
      select r.*, r.name = any(${[...handled]}::text[]) as handled,
        row_number() over w = count(*) over w as last, (count(*) over w)::int as read
      from (
        select id, tx, name, key, payload, recorded_at from domain_event
        where partition = c.partition and (tx, id) > (c.tx::xid8, c.event_id) and tx < ${horizon}
        order by tx, id
        limit ${limit}
      ) r
      window w as (order by r.tx, r.id rows between unbounded preceding and unbounded following)
    ) e
    where e.handled or e.last
    order by c.partition, e.tx, e.id`,
  );
  return rows;
}

/** A timestamp as text for an array parameter: a cursor's default next attempt reads as -Infinity. */
const timestampText = (at: Date | number): string => (at instanceof Date ? at.toISOString() : String(at));

/** Moves several cursors of one consumer (position, failure count, next attempt) in one statement. */
export async function updateCursors(
  trx: Trx,
  consumer: string,
  states: readonly {
    partition: number;
    tx: string;
    event_id: number;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
  }[],
): Promise<void> {
  const col = <T>(pick: (s: (typeof states)[number]) => T): T[] => states.map(pick);
  await executePreparedSql(
    trx,
    sql`update event_cursor c set tx = v.tx::xid8, event_id = v.event_id, attempts = v.attempts,
      last_error = v.last_error, next_attempt_at = v.next_attempt_at
    from unnest(${col((s) => s.partition)}::smallint[], ${col((s) => s.tx)}::text[],
      ${col((s) => s.event_id)}::bigint[], ${col((s) => s.attempts)}::integer[],
      ${col((s) => s.last_error)}::text[], ${col((s) => timestampText(s.next_attempt_at))}::timestamptz[])
      v(partition, tx, event_id, attempts, last_error, next_attempt_at)
    where c.consumer = ${consumer} and c.partition = v.partition`,
  );
}

/** Dead-letters an event for a consumer (adding the attempts when it was dead-lettered before). */
export async function upsertDeadLetter(
  trx: Trx,
  row: { consumer: string; eventId: number; attempts: number; lastError: string; now: Date },
): Promise<void> {
  const { attempts, lastError, now } = row;
  await trx
    .insertInto('event_dead_letter')
    .values({
      consumer: row.consumer,
      event_id: row.eventId,
      status: 'dead',
      attempts,
      last_error: lastError,
      dead_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['consumer', 'event_id']).doUpdateSet({
        status: 'dead',
        attempts: (eb) => eb('event_dead_letter.attempts', '+', attempts),
        last_error: lastError,
        dead_at: now,
      }),
    )
    .execute();
}

/** Dead letters asked to be re-driven, locked (skipping those another node holds), in event order. */
export function claimRedrives(trx: Trx, consumers: string[], limit: number) {
  return trx
    .selectFrom('event_dead_letter as d')
    .innerJoin('domain_event as e', 'e.id', 'd.event_id')
    .select(['d.consumer', 'd.attempts', 'e.id', 'e.name', 'e.key', 'e.payload', 'e.recorded_at'])
    .where('d.consumer', 'in', consumers)
    .where('d.status', '=', 'redrive')
    .orderBy('e.tx')
    .orderBy('e.id')
    .limit(limit)
    .forUpdate('d')
    .skipLocked()
    .execute();
}

export async function markRedriven(trx: Trx, consumer: string, eventId: number, now: Date): Promise<void> {
  await trx
    .updateTable('event_dead_letter')
    .where('consumer', '=', consumer)
    .where('event_id', '=', eventId)
    .set({ status: 'redriven', resolved_at: now })
    .execute();
}

export async function markRedriveFailed(
  trx: Trx,
  consumer: string,
  eventId: number,
  failure: { attempts: number; lastError: string; now: Date },
): Promise<void> {
  await trx
    .updateTable('event_dead_letter')
    .where('consumer', '=', consumer)
    .where('event_id', '=', eventId)
    .set({ status: 'dead', attempts: failure.attempts, last_error: failure.lastError, dead_at: failure.now })
    .execute();
}

/** The (consumer, partition) cursors that are due and have events to read: one cheap query. */
export async function selectDueCursors(db: Db, consumers: string[], now: Date) {
  const { rows } = await executePrepared(
    db,
    db
      .selectFrom('event_cursor as c')
      .select(['c.consumer', 'c.partition'])
      .where('c.consumer', 'in', consumers)
      .where('c.next_attempt_at', '<=', now)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('domain_event as e')
            .select('e.id')
            .whereRef('e.partition', '=', 'c.partition')
            .where(sql<boolean>`(e.tx, e.id) > (c.tx, c.event_id)`)
            .where(sql<boolean>`e.tx < ${horizon}`),
        ),
      )
      .orderBy('c.partition')
      .orderBy('c.consumer'),
  );
  return rows;
}

/** Whether any of these consumers has a dead letter waiting to be re-driven. */
export async function hasRedriveDue(db: Db, consumers: string[]): Promise<boolean> {
  const [row] = (
    await executePrepared(
      db,
      db
        .selectFrom('event_dead_letter')
        .select('event_id')
        .where('consumer', 'in', consumers)
        .where('status', '=', 'redrive')
        .limit(1),
    )
  ).rows;
  return !!row;
}

/** Committed events that an older, still running transaction keeps from being dispatched yet. */
export async function hasEventsBehindHorizon(db: Db): Promise<boolean> {
  return !!(await db
    .selectFrom('domain_event')
    .select('id')
    .where(sql<boolean>`tx >= ${horizon}`)
    .limit(1)
    .executeTakeFirst());
}

/** Operator action: run dead-lettered events of a consumer again (all of them, or the listed ids). */
export async function redriveDeadLetters<DB extends EventTables>(
  dbOrTrx: Kysely<DB> | Transaction<DB>,
  consumer: string,
  eventIds?: readonly number[],
): Promise<number> {
  const db = dbOrTrx as unknown as Kysely<EventTables>;
  let query = db
    .updateTable('event_dead_letter')
    .set({ status: 'redrive' })
    .where('consumer', '=', consumer)
    .where('status', '=', 'dead');
  if (eventIds) {
    if (eventIds.length === 0) return 0;
    query = query.where('event_id', 'in', [...eventIds]);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Dead letters of a consumer, oldest first, for an operator to look at. */
export const listDeadLetters = <DB extends EventTables>(
  dbOrTrx: Kysely<DB> | Transaction<DB>,
  consumer: string,
) =>
  (dbOrTrx as unknown as Kysely<EventTables>)
    .selectFrom('event_dead_letter as d')
    .innerJoin('domain_event as e', 'e.id', 'd.event_id')
    .select(['d.event_id', 'd.status', 'd.attempts', 'd.last_error', 'd.dead_at', 'e.name', 'e.key'])
    .where('d.consumer', '=', consumer)
    .orderBy('d.event_id')
    .execute();
