import type { Kysely, Transaction } from 'kysely';
import {
  EVENT_PARTITIONS,
  type Consumer,
  type BatchEventHandler,
  type DeliveredEvent,
  type EventHandler,
} from './event-catalogue.ts';
import type { EventTables } from './event.table.ts';
import {
  claimCursors,
  claimRedrives,
  hasEventsBehindHorizon,
  hasRedriveDue,
  insertCursors,
  markRedriveFailed,
  markRedriven,
  rollbackHandlerSavepoint,
  selectDueCursors,
  selectNextEventsOf,
  takeHandlerSavepoint,
  updateCursors,
  upsertDeadLetter,
} from './event-dispatch.repository.ts';

// Operator actions on dead letters live with the rest of the dispatcher's SQL.
export { listDeadLetters, redriveDeadLetters } from './event-dispatch.repository.ts';

/**
 * Delivers recorded events to consumers after the commit, on any number of gateway nodes.
 *
 * Each consumer has one cursor row per partition. A node claims a (consumer, partition) cursor with
 * `FOR UPDATE SKIP LOCKED`, runs the handlers of the next events in that partition inside the same
 * transaction, moves the cursor and commits: two nodes never hold one cursor, so never handle one
 * event at the same time, and a crash rolls the cursor back so the events come again (at least
 * once). Only events whose recording transaction is older than every running transaction are read
 * (`tx < pg_snapshot_xmin(...)`), so a slow transaction can never commit an event behind a cursor
 * that already moved on. Events of one key share a partition and are read in (tx, id) order.
 *
 * A consumer may take consecutive events of one type as a run (`onBatch`): one call and one savepoint
 * for the run, and the consumer's own batch size per transaction. A run that fails is rolled back and
 * its events delivered again one at a time, so what follows holds for each event alone.
 *
 * A failing handler is rolled back to a savepoint and retried with backoff; its partition waits for
 * it (that is what keeps the order) until maxAttempts, then the event goes to event_dead_letter for
 * that consumer and the cursor moves on. Other partitions and other consumers are not held up.
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
  /** Events handled per claimed cursor and transaction; small, since PGlite has one session. */
  batchSize?: number;
  /**
   * At most this many partitions of one consumer per transaction (default: all of them, the fewest
   * statements). Smaller lets nodes passing at the same moment split a consumer's partitions.
   */
  partitionsPerTransaction?: number;
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
  /** Cursors with work that another node held at that moment. */
  busy: number;
}

export interface Dispatcher {
  /** The consumers' names, in the order given (what the lag metrics report on). */
  readonly consumers: readonly string[];
  /** One pass: every cursor with due work gets one batch, then asked-for re-drives run. */
  runOnce(): Promise<PassResult>;
  /**
   * Passes until every event committed before the call is handled, failed into backoff or
   * dead-lettered (backoff itself is not waited for). What tests and scripts call.
   */
  drain(options?: { horizonWaitMs?: number }): Promise<PassResult>;
  /**
   * Background loop: a pass every pollMs while idle; while passes find work, the next one starts
   * followUpMs after the last ended (see nextPassDelay).
   */
  start(options?: LoopOptions): void;
  /** Asks a started loop for a pass soon (e.g. after a commit that recorded events). */
  nudge(): void;
  /** Waits for a pass in progress, then stops the loop. */
  stop(): Promise<void>;
}

export interface LoopOptions {
  /** Idle: the wait between passes when nothing nudges (ms). */
  pollMs?: number;
  /** Busy: the wait after a pass that found work, or that a nudge came during (ms). */
  followUpMs?: number;
}

export const DEFAULT_POLL_MS = 500;
/**
 * Under the wallet bench's load, passes back to back (one per few commits) cost PostgreSQL 60-130 µs
 * more per transfer than passes 50 ms apart (PostgreSQL CPU per transfer 585-658 against 528-530 µs
 * in A/B runs; 150 ms apart, 542 µs): 100 ms, and a live balance still arrives well inside its second.
 */
export const DEFAULT_FOLLOW_UP_MS = 100;

/**
 * When the loop's next pass starts, in ms from now. After a pass: at followUpMs if it found work (or
 * left committed events waiting behind an older transaction), if a nudge came while it ran (that
 * commit's events may have been missed by it), or if it was expected to find work and did not (it
 * was planned by a nudge or after a pass that found work: events held behind an older transaction
 * while it read may have been let through before its horizon check, and no nudge comes for them);
 * else at pollMs. On a
 * nudge: at once if the last pass ended at least followUpMs ago, else when that much has passed, and
 * never later than a pass already planned. So an idle node answers a lone commit at once, and a busy
 * one gathers many commits' events into each pass instead of running one pass per few commits.
 */
export function nextPassDelay(
  at:
    | { kind: 'after-pass'; foundWork: boolean; nudgedDuringPass: boolean; expectedWork: boolean }
    | { kind: 'nudge'; sinceLastPassMs: number; plannedInMs: number | undefined },
  options: Required<LoopOptions>,
): number {
  if (at.kind === 'after-pass') {
    return at.foundWork || at.nudgedDuringPass || at.expectedWork ? options.followUpMs : options.pollMs;
  }
  const wait = Math.max(0, options.followUpMs - at.sinceLastPassMs);
  return at.plannedInMs === undefined ? wait : Math.min(wait, at.plannedInMs);
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

/** An event row as the dispatcher reads it. */
interface EventRow {
  id: number;
  name: string;
  key: string;
  payload: unknown;
  recorded_at: Date;
}

const delivered = (row: EventRow): DeliveredEvent<unknown> => ({
  id: row.id,
  name: row.name,
  key: row.key,
  payload: row.payload,
  recordedAt: row.recorded_at,
});

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
  await takeHandlerSavepoint(trx, marks.taken);
  marks.taken = true;
  try {
    await fn();
  } catch (err) {
    await rollbackHandlerSavepoint(trx);
    throw err;
  }
}

export function createDispatcher<DB extends EventTables>(options: DispatcherOptions<DB>): Dispatcher {
  const {
    consumers,
    maxAttempts = 5,
    backoffMs = defaultBackoffMs,
    batchSize = 20,
    partitionsPerTransaction = EVENT_PARTITIONS,
    clock = () => new Date(),
    log,
  } = options;
  // Our own tables only; handlers get the caller's typed transaction back.
  const db = options.db as unknown as Kysely<EventTables>;
  const byName = new Map(consumers.map((c) => [c.name, c]));
  if (byName.size !== consumers.length) throw new Error('two event consumers share a name');
  /** The event names each consumer handles: it is sent the payloads of those only. */
  const handledBy = new Map(consumers.map((c) => [c.name, [...c.handlers.keys()]]));
  if (maxAttempts < 1) throw new Error('maxAttempts must be at least 1');
  if (partitionsPerTransaction < 1) throw new Error('partitionsPerTransaction must be at least 1');

  let cursorsReady: Promise<void> | undefined;
  const ensureCursors = () =>
    (cursorsReady ??= (async () => {
      if (consumers.length === 0) return;
      const rows = consumers.flatMap((c) =>
        Array.from({ length: EVENT_PARTITIONS }, (_, partition) => ({ consumer: c.name, partition })),
      );
      await insertCursors(db, rows);
    })().catch((err: unknown) => {
      cursorsReady = undefined; // try again next pass
      throw err;
    }));

  const deliver = (
    handler: EventHandler<unknown, DB>,
    trx: Transaction<EventTables>,
    marks: SavepointMarks,
    writes: boolean,
    row: EventRow,
  ) => {
    const run = () => handler(delivered(row), trx as unknown as Transaction<DB>);
    return writes ? inSavepoint(trx, marks, run) : run();
  };

  /** A run of consecutive events of one type to its batch handler, in one savepoint. */
  const deliverRun = (
    batch: BatchEventHandler<unknown, DB>,
    trx: Transaction<EventTables>,
    marks: SavepointMarks,
    writes: boolean,
    rows: readonly EventRow[],
  ) => {
    const run = () => batch(rows.map(delivered), trx as unknown as Transaction<DB>);
    return writes ? inSavepoint(trx, marks, run) : run();
  };

  /**
   * Claims a consumer's due cursors among some partitions and runs one batch of each, all in one
   * transaction: a fixed handful of statements per consumer and pass (claim, read, move) instead of
   * that many per partition. Each partition is a lane, the events it handles in order (the others are
   * passed over: the cursor moves past them with the rest); a step takes the name of the first lane's
   * head event and delivers every lane's leading events of that name: as one run when the consumer
   * takes runs of it, else one event at a time. An event is so delivered only after every earlier
   * event of its partition, and a failure stops only its own lane.
   */
  const runConsumer = (
    consumer: Consumer<DB>,
    partitions: readonly number[],
    now: Date,
  ): Promise<PassResult> =>
    db.transaction().execute(async (trx) => {
      const result = emptyResult();
      const marks: SavepointMarks = { taken: false };
      const cursors = await claimCursors(trx, consumer.name, partitions, now);
      result.busy += partitions.length - cursors.length;
      if (cursors.length === 0) return result;
      const rows = await selectNextEventsOf(
        trx,
        cursors,
        consumer.batchSize ?? batchSize,
        handledBy.get(consumer.name)!,
      );
      const lanes = cursors.map((cursor) => {
        const read = rows.filter((r) => r.partition === cursor.partition);
        // Events the consumer does not handle are passed over (the statement returns only the last
        // one read, for its place), before the steps below: left in, they split the runs (the
        // rollups took a run per round and partition instead of one per pass).
        const events = read.filter((r): r is (typeof read)[number] & EventRow =>
          consumer.handlers.has(r.name),
        );
        result.skipped += (read[0]?.read ?? 0) - events.length;
        const last = read.at(-1);
        return {
          cursor,
          events,
          /** Where the cursor goes once every handled event read is done: past the last event read. */
          end: last ? { tx: last.tx, event_id: last.id } : undefined,
          next: 0,
          /** Events before this index go one at a time: they were in a run that failed. */
          singlyUntil: 0,
          stopped: false,
          position: { tx: cursor.tx, event_id: cursor.event_id },
          attempts: cursor.attempts,
          lastError: cursor.last_error,
          nextAttemptAt: cursor.next_attempt_at,
        };
      });
      type Lane = (typeof lanes)[number];
      /** Done with the lane's next event (handled or dead-lettered): its failures restart. */
      const advance = (lane: Lane) => {
        const row = lane.events[lane.next++]!;
        lane.position = { tx: row.tx, event_id: row.id };
        lane.attempts = 0;
        lane.lastError = null;
      };
      const head = (lane: Lane) => lane.events[lane.next]!;
      /** How many of the lane's next events share the name. */
      const leading = (lane: Lane, name: string) => {
        let end = lane.next;
        while (end < lane.events.length && lane.events[end]!.name === name) end++;
        return end - lane.next;
      };

      for (;;) {
        const open = lanes.filter((l) => !l.stopped && l.next < l.events.length);
        if (open.length === 0) break;
        const name = head(open[0]!).name;
        const heads = open.filter((l) => head(l).name === name);
        const handler = consumer.handlers.get(name)!;
        const batch = consumer.batchHandlers.get(name);
        const runLanes = batch ? heads.filter((l) => l.next >= l.singlyUntil) : [];
        const run = runLanes.flatMap((l) => l.events.slice(l.next, l.next + leading(l, name)));
        if (batch && run.length > 1) {
          try {
            await deliverRun(batch, trx, marks, consumer.writes, run);
            for (const lane of runLanes) for (let n = leading(lane, name); n > 0; n--) advance(lane);
            result.handled += run.length;
            continue;
          } catch (err) {
            // Rolled back: the same events again one at a time, so only a failing one waits.
            log?.warn(
              { consumer: consumer.name, eventId: run[0]!.id, event: name, events: run.length, err },
              'event run failed; delivering its events one at a time',
            );
            for (const lane of runLanes) lane.singlyUntil = lane.next + leading(lane, name);
          }
        }
        // One event of each lane whose head has this name.
        for (const lane of heads) {
          const row = head(lane);
          try {
            await deliver(handler, trx, marks, consumer.writes, row);
            result.handled++;
          } catch (err) {
            lane.attempts++;
            lane.lastError = errorText(err);
            const attempts = lane.attempts;
            if (attempts < maxAttempts) {
              result.failed++;
              lane.nextAttemptAt = new Date(now.getTime() + backoffMs(attempts));
              lane.stopped = true; // the rest of the partition waits, so this key's order holds
              log?.warn(
                { consumer: consumer.name, eventId: row.id, event: row.name, attempts, err },
                'event handler failed; will retry',
              );
              continue;
            }
            await upsertDeadLetter(trx, {
              consumer: consumer.name,
              eventId: row.id,
              attempts,
              lastError: lane.lastError,
              now,
            });
            result.deadLettered++;
            log?.error(
              { consumer: consumer.name, eventId: row.id, event: row.name, attempts, err },
              'event dead-lettered',
            );
          }
          advance(lane);
        }
      }
      // A lane that got through every handled event it read also moves past the others it read; a
      // stopped lane stays at its last done event (what lies between is read and passed over again).
      for (const lane of lanes) {
        if (!lane.stopped && lane.end && lane.next === lane.events.length) {
          lane.position = lane.end;
          lane.attempts = 0;
          lane.lastError = null;
        }
      }
      await updateCursors(
        trx,
        consumer.name,
        lanes.map((l) => ({
          partition: l.cursor.partition,
          ...l.position,
          attempts: l.attempts,
          last_error: l.lastError,
          next_attempt_at: l.nextAttemptAt,
        })),
      );
      return result;
    });

  /** Dead letters someone asked to re-drive: run the handler once more, outside the partition order. */
  const runRedrives = (now: Date): Promise<PassResult> =>
    db.transaction().execute(async (trx) => {
      const result = emptyResult();
      const marks: SavepointMarks = { taken: false };
      const rows = await claimRedrives(trx, [...byName.keys()], batchSize);
      for (const row of rows) {
        const handler = byName.get(row.consumer)?.handlers.get(row.name);
        try {
          if (!handler) throw new Error(`consumer ${row.consumer} no longer handles ${row.name}`);
          await deliver(handler, trx, marks, byName.get(row.consumer)?.writes ?? true, row);
          await markRedriven(trx, row.consumer, row.id, now);
          result.handled++;
        } catch (err) {
          await markRedriveFailed(trx, row.consumer, row.id, {
            attempts: row.attempts + 1,
            lastError: errorText(err),
            now,
          });
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
    // One cheap read finds the cursors with due work, so an idle pass is a single query.
    const due = await selectDueCursors(db, [...byName.keys()], now);
    // Each consumer's due partitions in one transaction (or a few), consumers in the order given.
    for (const consumer of consumers) {
      const partitions = due.filter((d) => d.consumer === consumer.name).map((d) => d.partition);
      for (let i = 0; i < partitions.length; i += partitionsPerTransaction) {
        const share = partitions.slice(i, i + partitionsPerTransaction);
        result = add(result, await runConsumer(consumer, share, now));
      }
    }
    const redriveDue = await hasRedriveDue(db, [...byName.keys()]);
    if (redriveDue) result = add(result, await runRedrives(now));
    return result;
  };

  /** Committed events that an older, still running transaction keeps from being dispatched yet. */
  const behindHorizon = (): Promise<boolean> => hasEventsBehindHorizon(db);

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
  let plannedAt: number | undefined;
  let running: Promise<void> | undefined;
  let nudgedDuringPass = false;
  // The planned pass was planned by a nudge (a commit that recorded events, most likely) or after a
  // pass that found work: it is expected to find some.
  let plannedExpectingWork = false;
  let lastPassEndedAt = -Infinity;
  let stopped = true;
  let loop: Required<LoopOptions> = { pollMs: DEFAULT_POLL_MS, followUpMs: DEFAULT_FOLLOW_UP_MS };
  const plan = (delay: number) => {
    if (stopped || running) return;
    clearTimeout(timer);
    plannedAt = performance.now() + delay;
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    timer = undefined;
    plannedAt = undefined;
    nudgedDuringPass = false;
    const expectedWork = plannedExpectingWork;
    plannedExpectingWork = false;
    running = (async () => {
      let foundWork = false;
      try {
        // A pass that moved nothing while committed events wait behind an older transaction (on a
        // shared server, any session's) looks again at the follow-up, not the idle poll: the commit
        // that nudged it may be among them, and no second nudge comes.
        foundWork = progressed(await runOnce()) || (await behindHorizon());
      } catch (err) {
        // A failed pass or horizon check (the database away, say) must not end the loop.
        log?.error({ err }, 'event dispatch pass failed');
      }
      running = undefined;
      lastPassEndedAt = performance.now();
      // A pass expected to find work that found none looks once more at the follow-up: events may
      // have been held behind an older transaction that ended between the pass and the horizon
      // check (as drain's last look, above). That holds for the pass after a nudge and for every
      // pass after one that found work (a run of passes spinning on held events ends with exactly
      // this race). The look after that one, if it finds nothing either, waits for the poll.
      plannedExpectingWork = foundWork || nudgedDuringPass;
      plan(nextPassDelay({ kind: 'after-pass', foundWork, nudgedDuringPass, expectedWork }, loop));
    })();
  };

  return {
    consumers: consumers.map((c) => c.name),
    runOnce,
    drain,
    start(startOptions = {}) {
      if (!stopped || consumers.length === 0) return;
      stopped = false;
      loop = {
        pollMs: startOptions.pollMs ?? DEFAULT_POLL_MS,
        followUpMs: startOptions.followUpMs ?? DEFAULT_FOLLOW_UP_MS,
      };
      plan(loop.pollMs);
    },
    nudge() {
      if (stopped) return;
      if (running) {
        nudgedDuringPass = true;
        return;
      }
      const now = performance.now();
      plannedExpectingWork = true;
      plan(
        nextPassDelay(
          {
            kind: 'nudge',
            sinceLastPassMs: now - lastPassEndedAt,
            plannedInMs: plannedAt === undefined ? undefined : Math.max(0, plannedAt - now),
          },
          loop,
        ),
      );
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
