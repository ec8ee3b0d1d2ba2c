import { sql, type Kysely, type Transaction } from 'kysely';
import {
  EVENT_PARTITIONS,
  type Consumer,
  type DeliveredEvent,
  type EventHandler,
} from './event-catalogue.ts';
import type { EventTables } from './event.table.ts';
import { executePreparedSql } from '../db/prepared.ts';

/**
 * Delivers recorded events to consumers after the commit, on any number of gateway nodes.
 *
 * Each consumer has one cursor row per partition. A pass first reads, taking no lock, which
 * (consumer, partition) cursors have due work and whether a re-drive was asked for: one statement,
 * and an idle pass ends there. Then one transaction serves all those cursors: one statement claims
 * them with `FOR UPDATE SKIP LOCKED` and reads their next events (a LATERAL join, batchSize per
 * cursor, passSize events and cursors per pass at most), the handlers run in (partition, consumer,
 * tx, id) order, one UPDATE moves every cursor that read events, and the transaction commits. So a
 * busy pass costs five round trips (due read, BEGIN, claim, move, COMMIT) plus the handlers' own
 * statements and savepoints, however many cursors it serves; it was five per cursor.
 *
 * Two nodes never hold one cursor, so never handle one event at the same time: a cursor another node
 * holds is skipped and counted `busy` (as is a due cursor left over because the pass was full), and
 * a node's pass holds the cursors it claimed until it commits, so nodes share the work pass by pass.
 * A crash rolls the cursor moves back with everything the handlers wrote, so the events come again
 * (at least once). Only events whose recording transaction is older than every running transaction
 * are read (`tx < pg_snapshot_xmin(...)`), so a slow transaction can never commit an event behind a
 * cursor that already moved on. Events of one key share a partition and are read in (tx, id) order.
 *
 * A failing handler is rolled back to a savepoint and retried with backoff; its partition waits for
 * it (that is what keeps the order) until maxAttempts, then the event goes to event_dead_letter for
 * that consumer and the cursor moves on. Other partitions and other consumers are not held up: the
 * pass goes on with their events and moves their cursors. A consumer declared `writes: false` runs
 * without savepoints; should one of its handlers break the transaction after all (an SQL error), the
 * pass fails and rolls back as a whole (before, the cursors from that one on did).
 *
 * The pass's transaction commits with `synchronous_commit = off`, set (transaction-local) by the
 * claim statement itself, so it costs no round trip: the COMMIT does not wait for the WAL flush. A
 * server crash a moment later may lose the pass, but only all of it: handler writes, dead letters
 * and cursor moves are one transaction, and the events it read committed earlier in the WAL, so a
 * lost pass is simply delivered again, as after a crash before its commit. Whatever commits later
 * synchronously flushes it too. Re-drives keep their own ordinary transaction.
 *
 * PGlite has one session, shared with requests: passSize keeps a pass's transaction short, and the
 * loop runs the next pass at once while there is work.
 */

export interface DispatcherLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DispatcherOptions<DB extends EventTables> {
  db: Kysely<DB>;
  consumers: readonly Consumer<DB>[];
  /** Tries of one event before it is dead-lettered for that consumer. */
  maxAttempts?: number;
  /** Wait after the n-th failed try (n from 1), in ms. */
  backoffMs?: (attempt: number) => number;
  /** Events handled per claimed cursor and pass. */
  batchSize?: number;
  /**
   * Events handled per pass, all cursors together (one transaction): small, since PGlite has one
   * session shared with requests. A pass that had work is followed by another at once.
   */
  passSize?: number;
  clock?: () => Date;
  log?: DispatcherLog;
}

export interface PassResult {
  /** Events a handler accepted (re-drives included). */
  handled: number;
  /** Failed tries that will be retried. */
  failed: number;
  deadLettered: number;
  /** Events passed over because the consumer does not handle their name. */
  skipped: number;
  /**
   * Cursors with due work this pass did not claim: another node held them at that moment, or the
   * pass already had passSize cursors. drain() looks again while there are any.
   */
  busy: number;
}

export interface Dispatcher {
  /**
   * One pass: the cursors with due work (passSize at most) are claimed and get one batch each, in one
   * transaction; then asked-for re-drives run.
   */
  runOnce(): Promise<PassResult>;
  /**
   * Passes until every event committed before the call is handled, failed into backoff or
   * dead-lettered (backoff itself is not waited for). What tests and scripts call.
   */
  drain(options?: { horizonWaitMs?: number }): Promise<PassResult>;
  /** Background loop: a pass every pollMs, at once again while there is work. */
  start(options?: { pollMs?: number }): void;
  /** Asks a started loop for a pass soon (e.g. after a commit that recorded events). */
  nudge(): void;
  /** Waits for a pass in progress, then stops the loop. */
  stop(): Promise<void>;
}

const defaultBackoffMs = (attempt: number): number => Math.min(1_000 * 2 ** (attempt - 1), 300_000);

const emptyResult = (): PassResult => ({ handled: 0, failed: 0, deadLettered: 0, skipped: 0, busy: 0 });
const add = (a: PassResult, b: PassResult): PassResult => ({
  handled: a.handled + b.handled,
  failed: a.failed + b.failed,
  deadLettered: a.deadLettered + b.deadLettered,
  skipped: a.skipped + b.skipped,
  busy: a.busy + b.busy,
});
const progressed = (r: PassResult) => r.handled + r.failed + r.deadLettered + r.skipped > 0;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/** Every transaction older than this has ended: rows they wrote are final. */
const horizon = sql<string>`pg_snapshot_xmin(pg_current_snapshot())`;

/** A (consumer, partition) cursor with due work. */
interface DueCursor {
  consumer: string;
  partition: number;
}

/**
 * Cursors of `names` whose backoff is over and that have events under the horizon, and one more row
 * with partition null if a dead letter of theirs waits to be re-driven: what a pass has to do, in
 * one statement that takes no lock (most passes under load find nothing yet).
 */
const dueStatement = (names: readonly string[], now: Date) =>
  sql<{ consumer: string; partition: number | null }>`select c.consumer, c.partition
from event_cursor c
where c.consumer = any(${names}::text[]) and c.next_attempt_at <= ${now}
  and exists (select from domain_event e
    where e.partition = c.partition and (e.tx, e.id) > (c.tx, c.event_id) and e.tx < ${horizon})
union all
(select d.consumer, null::smallint from event_dead_letter d
  where d.consumer = any(${names}::text[]) and d.status = 'redrive' limit 1)`;

/** One row of the claim: a claimed cursor and one of its next events (event columns null if none). */
interface ClaimRow {
  consumer: string;
  partition: number;
  cursor_tx: string;
  cursor_event_id: number;
  attempts: number;
  last_error: string | null;
  /** Cursors this statement claimed, on every row. */
  claimed: number;
  id: number | null;
  tx: string | null;
  name: string | null;
  key: string | null;
  payload: unknown;
  recorded_at: Date | null;
}

type ClaimedEvent = ClaimRow & { id: number; tx: string; name: string; key: string; recorded_at: Date };

/** The claim's rows as one entry per claimed cursor (its first row, its events), in their order. */
function byCursor(rows: readonly ClaimRow[]): { cursor: ClaimRow; events: ClaimedEvent[] }[] {
  const cursors: { cursor: ClaimRow; events: ClaimedEvent[] }[] = [];
  for (const row of rows) {
    let last = cursors.at(-1);
    if (!last || last.cursor.consumer !== row.consumer || last.cursor.partition !== row.partition) {
      last = { cursor: row, events: [] };
      cursors.push(last);
    }
    if (row.id !== null) last.events.push(row as ClaimedEvent);
  }
  return cursors;
}

/**
 * Claims up to `perPass` of the listed cursors that are still due and that no other node holds (`for
 * update skip locked`; the others stay free for another node) and reads, in the same statement and
 * snapshot, up to `perCursor` of each one's next events under the horizon, at most `perPass` in all:
 * the cap takes every cursor's first event, then every cursor's second, and so on, so one long
 * partition cannot crowd out the others. Rows are ordered (partition, consumer, tx, id); a claimed
 * cursor without events read has one row with the event columns null. The select also makes this
 * transaction's commit asynchronous (`synchronous_commit = off`, transaction-local, no round trip of
 * its own; set whenever a row comes back, i.e. whenever the pass can write): see the header comment.
 */
const claimStatement = (
  consumers: readonly string[],
  partitions: readonly number[],
  now: Date,
  perCursor: number,
  perPass: number,
) =>
  sql<ClaimRow>`select x.consumer, x.partition, x.cursor_tx, x.cursor_event_id, x.attempts, x.last_error,
  x.claimed, x.id, x.tx, x.name, x.key, x.payload, x.recorded_at
from (
  select c.consumer, c.partition, c.tx as cursor_tx, c.event_id as cursor_event_id, c.attempts,
    c.last_error, c.claimed, e.id, e.tx, e.name, e.key, e.payload, e.recorded_at,
    set_config('synchronous_commit', 'off', true) as commit_mode
  from (
    select k.*, count(*) over () as claimed
    from (
      select consumer, partition, tx, event_id, attempts, last_error
      from event_cursor
      where (consumer, partition) in (
          select * from unnest(${consumers}::text[], ${partitions}::smallint[]) as d(consumer, partition))
        and next_attempt_at <= ${now}
      order by partition, consumer
      limit ${perPass}
      for update skip locked
    ) k
  ) c
  left join lateral (
    select id, tx, name, key, payload, recorded_at, row_number() over (order by tx, id) as rank
    from domain_event
    where partition = c.partition and (tx, id) > (c.tx, c.event_id) and tx < ${horizon}
    order by tx, id
    limit ${perCursor}
  ) e on true
  order by e.rank nulls first, c.partition, c.consumer
  limit ${perPass}
) x
order by x.partition, x.consumer, x.tx, x.id`;

/** Where a cursor goes at the end of a pass; next_attempt_at null keeps the one it has. */
interface CursorMove {
  consumer: string;
  partition: number;
  tx: string;
  event_id: number;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
}

/** Moves every cursor of a pass in one statement (one fixed text whatever their number). */
const moveStatement = (moves: readonly CursorMove[]) =>
  sql`update event_cursor c
set tx = m.tx, event_id = m.event_id, attempts = m.attempts, last_error = m.last_error,
  next_attempt_at = coalesce(m.next_attempt_at, c.next_attempt_at)
from unnest(${moves.map((m) => m.consumer)}::text[], ${moves.map((m) => m.partition)}::smallint[],
  ${moves.map((m) => m.tx)}::xid8[], ${moves.map((m) => m.event_id)}::bigint[],
  ${moves.map((m) => m.attempts)}::integer[], ${moves.map((m) => m.last_error)}::text[],
  ${moves.map((m) => m.next_attempt_at)}::timestamptz[])
  as m(consumer, partition, tx, event_id, attempts, last_error, next_attempt_at)
where c.consumer = m.consumer and c.partition = m.partition`;

/** Per dispatcher transaction: whether a handler's savepoint has been taken in it yet. */
interface SavepointMarks {
  taken: boolean;
}

/**
 * Runs fn in a savepoint of trx: a failed handler leaves no writes and the transaction usable. The
 * previous handler's savepoint is released and this one taken in one round trip (two statements in
 * one simple query), and the last one is left for the commit to release: one round trip per event
 * instead of two (they were most of a busy dispatcher's statements). After a rollback to it the
 * savepoint still exists, so the next event's release-and-take is right in every case.
 */
async function inSavepoint<DB>(
  trx: Transaction<DB>,
  marks: SavepointMarks,
  fn: () => Promise<void>,
): Promise<void> {
  await sql
    .raw(marks.taken ? 'release savepoint event_handler; savepoint event_handler' : 'savepoint event_handler')
    .execute(trx);
  marks.taken = true;
  try {
    await fn();
  } catch (err) {
    await sql`rollback to savepoint event_handler`.execute(trx);
    throw err;
  }
}

export function createDispatcher<DB extends EventTables>(options: DispatcherOptions<DB>): Dispatcher {
  const {
    consumers,
    maxAttempts = 5,
    backoffMs = defaultBackoffMs,
    batchSize = 20,
    passSize = 100,
    clock = () => new Date(),
    log,
  } = options;
  // Our own tables only; handlers get the caller's typed transaction back.
  const db = options.db as unknown as Kysely<EventTables>;
  const byName = new Map(consumers.map((c) => [c.name, c]));
  if (byName.size !== consumers.length) throw new Error('two event consumers share a name');
  if (maxAttempts < 1) throw new Error('maxAttempts must be at least 1');
  if (batchSize < 1 || passSize < 1) throw new Error('batchSize and passSize must be at least 1');
  const names = [...byName.keys()];

  let cursorsReady: Promise<void> | undefined;
  const ensureCursors = () =>
    (cursorsReady ??= (async () => {
      if (consumers.length === 0) return;
      const rows = consumers.flatMap((c) =>
        Array.from({ length: EVENT_PARTITIONS }, (_, partition) => ({ consumer: c.name, partition })),
      );
      await db
        .insertInto('event_cursor')
        .values(rows)
        .onConflict((oc) => oc.columns(['consumer', 'partition']).doNothing())
        .execute();
    })().catch((err: unknown) => {
      cursorsReady = undefined; // try again next pass
      throw err;
    }));

  const deliver = (
    handler: EventHandler<unknown, DB>,
    trx: Transaction<EventTables>,
    marks: SavepointMarks,
    writes: boolean,
    row: { id: number; name: string; key: string; payload: unknown; recorded_at: Date },
  ) => {
    const event: DeliveredEvent<unknown> = {
      id: row.id,
      name: row.name,
      key: row.key,
      payload: row.payload,
      recordedAt: row.recorded_at,
    };
    const run = () => handler(event, trx as unknown as Transaction<DB>);
    return writes ? inSavepoint(trx, marks, run) : run();
  };

  /** Runs one claimed cursor's events in order; what the cursor becomes, or none if it read none. */
  const runEvents = async (
    trx: Transaction<EventTables>,
    marks: SavepointMarks,
    consumer: Consumer<DB>,
    cursor: ClaimRow,
    events: readonly ClaimedEvent[],
    now: Date,
    result: PassResult,
  ): Promise<CursorMove | undefined> => {
    if (events.length === 0) return undefined;
    let position = { tx: cursor.cursor_tx, event_id: cursor.cursor_event_id };
    let attempts = cursor.attempts;
    let lastError: string | null = cursor.last_error;
    let nextAttemptAt: Date | null = null; // null: as it is
    for (const row of events) {
      const handler = consumer.handlers.get(row.name);
      if (!handler) {
        result.skipped++;
      } else {
        try {
          await deliver(handler, trx, marks, consumer.writes, row);
          result.handled++;
        } catch (err) {
          attempts++;
          lastError = errorText(err);
          if (attempts < maxAttempts) {
            result.failed++;
            nextAttemptAt = new Date(now.getTime() + backoffMs(attempts));
            log?.warn(
              { consumer: consumer.name, eventId: row.id, event: row.name, attempts, err },
              'event handler failed; will retry',
            );
            break; // the rest of the partition waits, so this key's order holds
          }
          await trx
            .insertInto('event_dead_letter')
            .values({
              consumer: consumer.name,
              event_id: row.id,
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
          result.deadLettered++;
          log?.error(
            { consumer: consumer.name, eventId: row.id, event: row.name, attempts, err },
            'event dead-lettered',
          );
        }
      }
      // Handled, skipped or dead-lettered: the head moves on and its failure count restarts.
      position = { tx: row.tx, event_id: row.id };
      attempts = 0;
      lastError = null;
    }
    return {
      consumer: consumer.name,
      partition: cursor.partition,
      ...position,
      attempts,
      last_error: lastError,
      next_attempt_at: nextAttemptAt,
    };
  };

  /**
   * One transaction for every due cursor: claims those no other node holds and reads their next
   * events in one statement, runs the handlers in (partition, consumer, tx, id) order, moves the
   * cursors in one statement and commits. `due` cursors it could not claim count as busy.
   */
  const runCursors = (due: readonly DueCursor[], now: Date): Promise<PassResult> =>
    db.transaction().execute(async (trx) => {
      const result = emptyResult();
      const marks: SavepointMarks = { taken: false };
      const { rows } = await executePreparedSql(
        trx,
        claimStatement(
          due.map((c) => c.consumer),
          due.map((c) => c.partition),
          now,
          batchSize,
          passSize,
        ),
      );
      const moves: CursorMove[] = [];
      for (const { cursor, events } of byCursor(rows)) {
        const consumer = byName.get(cursor.consumer);
        if (!consumer) continue; // cannot happen: due lists our consumers only
        const move = await runEvents(trx, marks, consumer, cursor, events, now, result);
        if (move) moves.push(move);
      }
      result.busy = due.length - (rows[0]?.claimed ?? 0);
      if (moves.length > 0) await executePreparedSql(trx, moveStatement(moves));
      return result;
    });

  /** Dead letters someone asked to re-drive: run the handler once more, outside the partition order. */
  const runRedrives = (now: Date): Promise<PassResult> =>
    db.transaction().execute(async (trx) => {
      const result = emptyResult();
      const marks: SavepointMarks = { taken: false };
      const rows = await trx
        .selectFrom('event_dead_letter as d')
        .innerJoin('domain_event as e', 'e.id', 'd.event_id')
        .select(['d.consumer', 'd.attempts', 'e.id', 'e.name', 'e.key', 'e.payload', 'e.recorded_at'])
        .where('d.consumer', 'in', [...byName.keys()])
        .where('d.status', '=', 'redrive')
        .orderBy('e.tx')
        .orderBy('e.id')
        .limit(batchSize)
        .forUpdate('d')
        .skipLocked()
        .execute();
      for (const row of rows) {
        const handler = byName.get(row.consumer)?.handlers.get(row.name);
        const where = trx
          .updateTable('event_dead_letter')
          .where('consumer', '=', row.consumer)
          .where('event_id', '=', row.id);
        try {
          if (!handler) throw new Error(`consumer ${row.consumer} no longer handles ${row.name}`);
          await deliver(handler, trx, marks, byName.get(row.consumer)?.writes ?? true, row);
          await where.set({ status: 'redriven', resolved_at: now }).execute();
          result.handled++;
        } catch (err) {
          await where
            .set({ status: 'dead', attempts: row.attempts + 1, last_error: errorText(err), dead_at: now })
            .execute();
          result.deadLettered++;
          log?.error({ consumer: row.consumer, eventId: row.id, err }, 'event re-drive failed');
        }
      }
      return result;
    });

  const runOnce = async (): Promise<PassResult> => {
    let result = emptyResult();
    if (consumers.length === 0) return result;
    await ensureCursors();
    const now = clock();
    // One cheap read finds the cursors with due work and whether a re-drive was asked for, so an
    // idle pass is a single query.
    const { rows } = await executePreparedSql(db, dueStatement(names, now));
    const due = rows.filter((r): r is DueCursor => r.partition !== null);
    if (due.length > 0) result = add(result, await runCursors(due, now));
    if (due.length < rows.length) result = add(result, await runRedrives(now));
    return result;
  };

  /** Committed events that an older, still running transaction keeps from being dispatched yet. */
  const behindHorizon = async (): Promise<boolean> =>
    !!(await db
      .selectFrom('domain_event')
      .select('id')
      .where(sql<boolean>`tx >= ${horizon}`)
      .limit(1)
      .executeTakeFirst());

  const drain = async (drainOptions: { horizonWaitMs?: number } = {}): Promise<PassResult> => {
    let total = emptyResult();
    const giveUpAt = Date.now() + (drainOptions.horizonWaitMs ?? 30_000);
    // Bounded: a pass either moves a cursor forward or puts it into backoff, so this ends; the
    // bound only guards against a handler that keeps recording events for its own consumer.
    for (let pass = 0; pass < 100_000; pass++) {
      const r = await runOnce();
      total = add(total, r);
      if (progressed(r)) continue;
      // Nothing moved. Still look again while another node holds a cursor with work, or while a
      // committed event waits for an older transaction elsewhere (on a shared server, any
      // session's) to end; give up on the latter after horizonWaitMs.
      const waiting = r.busy > 0 || (Date.now() < giveUpAt && (await behindHorizon()));
      if (!waiting) {
        // The horizon may have moved between this pass and that check (an older transaction ended
        // meanwhile, e.g. on a busy shared server): one more pass sees what it let through.
        const last = await runOnce();
        total = add(total, last);
        if (progressed(last)) continue;
        return total;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error('event drain did not settle');
  };

  // Background loop. PGlite shares the main thread and its single session with requests, so the
  // loop yields to the event loop between passes instead of running them back to back.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let pollMs = 500;
  const schedule = (delay: number) => {
    if (stopped || running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    timer = undefined;
    running = runOnce()
      .then(
        (r) => progressed(r),
        (err: unknown) => {
          log?.error({ err }, 'event dispatch pass failed');
          return false;
        },
      )
      .then((more) => {
        running = undefined;
        schedule(more ? 0 : pollMs);
      });
  };

  return {
    runOnce,
    drain,
    start(startOptions = {}) {
      if (!stopped || consumers.length === 0) return;
      stopped = false;
      pollMs = startOptions.pollMs ?? 500;
      schedule(pollMs);
    },
    nudge() {
      if (!stopped && !running) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
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
