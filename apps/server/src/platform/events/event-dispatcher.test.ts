import fc from 'fast-check';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../database.ts';
import { openDatabase, type DatabaseHandle } from '../db/db.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db.ts';
import {
  defineConsumer,
  defineEvent,
  on,
  onBatch,
  partitionOf,
  recordEvent,
  type DeliveredEvent,
  type EventHandler,
} from './event-catalogue.ts';
import {
  createDispatcher,
  nextPassDelay,
  listDeadLetters,
  redriveDeadLetters,
  type DispatcherOptions,
} from './event-dispatcher.ts';
import { selectNextEventsOf } from './event-dispatch.repository.ts';
import type { EventTables } from './event.table.ts';
import { eventPruneJob } from './event.jobs.ts';

const credited = defineEvent<{ member: string; seq: number }>('test.deposit-credited');
const registered = defineEvent<{ member: string }>('test.member-registered');

type Payload = { member: string; seq: number };
type Handler = EventHandler<Payload, Database>;

const T0 = new Date('2026-11-23T09:00:00Z');
const HOUR = 3_600_000;

describe(`domain events (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let db: Db;
  /** A second gateway node: its own pool on the same schema (PostgreSQL), or the same PGlite. */
  let otherNode: DatabaseHandle<Database> | undefined;
  let now: Date;
  const clock = () => now;
  let consumerSeq = 0;
  /** Each test gets consumers of its own, so earlier tests' events are just history to it. */
  const consumerName = (what: string) => `test.${what}-${++consumerSeq}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    if (TEST_DATABASE_URL) {
      otherNode = await openDatabase<Database>({
        kind: 'postgres',
        url: TEST_DATABASE_URL,
        schema: database.schema,
      });
    }
  });
  afterAll(async () => {
    await otherNode?.close();
    await database.close();
  });
  beforeEach(async () => {
    now = T0;
    // Events of earlier tests are history: new consumers would replay them, so start clean.
    await db.deleteFrom('event_dead_letter').execute();
    await db.deleteFrom('event_cursor').execute();
    await db.deleteFrom('domain_event').execute();
  });

  const dispatcher = (handler: Handler, options: Partial<DispatcherOptions<Database>> = {}) =>
    createDispatcher<Database>({
      db,
      consumers: [defineConsumer(consumerName('consumer'), [on(credited, handler)])],
      clock,
      ...options,
    });

  /** Records the events, each in its own committed transaction, in the given order. */
  const recordAll = async (stream: readonly { member: string; seq: number }[]) => {
    const ids: number[] = [];
    for (const payload of stream) {
      ids.push(
        await db.transaction().execute((trx) => recordEvent(trx, credited, payload, { key: payload.member })),
      );
    }
    return ids;
  };

  /** n events for each member, interleaved member by member. */
  const interleaved = (members: readonly string[], n: number) =>
    Array.from({ length: n }, (_, seq) => members.map((member) => ({ member, seq }))).flat();

  it('delivers an event only if the transaction that recorded it commits', async () => {
    const seen: number[] = [];
    const d = dispatcher(async (e) => {
      seen.push(e.id);
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await recordEvent(trx, credited, { member: 'm1', seq: 0 }, { key: 'm1' });
        throw new Error('the deposit failed');
      }),
    ).rejects.toThrow('the deposit failed');
    const [kept] = await recordAll([{ member: 'm1', seq: 1 }]);

    const result = await d.drain();
    expect(seen).toEqual([kept]);
    expect(result.handled).toBe(1);
    expect(await db.selectFrom('domain_event').select('id').execute()).toEqual([{ id: kept }]);
  });

  it('returns the events a consumer handles whole, and of the others only the last one read, by its place', async () => {
    const [first] = await recordAll([{ member: 'm1', seq: 0 }]);
    const registration = () =>
      db.transaction().execute((trx) => recordEvent(trx, registered, { member: 'm1' }, { key: 'm1' }));
    const second = await registration();
    const third = await registration();
    const cursor = { partition: partitionOf('m1'), tx: '0', event_id: 0 };
    const readOnce = (handled: readonly string[]) =>
      db
        .transaction()
        .execute((trx) =>
          selectNextEventsOf(trx as unknown as Transaction<EventTables>, [cursor], 10, handled),
        );
    // The three events are read once every older transaction on the server has ended (the horizon):
    // the other test files' transactions on the shared server may hold it back for a moment.
    const read = async (handled: readonly string[]) => {
      for (let attempt = 0; ; attempt++) {
        const rows = await readOnce(handled);
        if (rows[0]?.read === 3 || attempt === 3000) {
          return rows.map((r) => [r.id, r.name, r.key, r.payload, r.recorded_at instanceof Date, r.read]);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    expect(await read([credited.name])).toEqual([
      [first, credited.name, 'm1', { member: 'm1', seq: 0 }, true, 3],
      [third, registered.name, null, null, false, 3],
    ]);
    expect(await read([registered.name, credited.name])).toEqual([
      [first, credited.name, 'm1', { member: 'm1', seq: 0 }, true, 3],
      [second, registered.name, 'm1', { member: 'm1' }, true, 3],
      [third, registered.name, 'm1', { member: 'm1' }, true, 3],
    ]);
    expect(await read([registered.name])).toEqual([
      [second, registered.name, 'm1', { member: 'm1' }, true, 3],
      [third, registered.name, 'm1', { member: 'm1' }, true, 3],
    ]);
  });

  it('gives the handler the typed event and its transaction; what it writes commits with the cursor', async () => {
    await sql`create table if not exists event_test_effect (consumer text, event_id bigint)`.execute(db);
    const name = consumerName('typed');
    const received: DeliveredEvent<{ member: string }>[] = [];
    const d = createDispatcher<Database>({
      db,
      clock,
      consumers: [
        defineConsumer(name, [
          on(registered, async (event, trx) => {
            received.push(event);
            await sql`insert into event_test_effect values (${name}, ${event.id})`.execute(trx);
          }),
        ]),
      ],
    });
    const id = await db
      .transaction()
      .execute((trx) => recordEvent(trx, registered, { member: 'm7' }, { key: 'm7' }));
    await recordAll([{ member: 'm7', seq: 0 }]); // another event type: passed over
    const result = await d.drain();
    expect(result).toMatchObject({ handled: 1, skipped: 1, failed: 0 });
    expect(received).toEqual([
      {
        id,
        name: 'test.member-registered',
        key: 'm7',
        payload: { member: 'm7' },
        recordedAt: expect.any(Date),
      },
    ]);
    const effects = await sql<{
      event_id: number;
    }>`select event_id from event_test_effect where consumer = ${name}`.execute(db);
    expect(effects.rows.map((r) => Number(r.event_id))).toEqual([id]);
  });

  it('a consumer that fails twice per event still handles every event exactly once', async () => {
    await sql`create table if not exists event_test_effect (consumer text, event_id bigint)`.execute(db);
    const name = consumerName('flaky');
    const tries = new Map<number, number>();
    const successes = new Map<number, number>();
    const d = createDispatcher<Database>({
      db,
      clock,
      maxAttempts: 5,
      consumers: [
        defineConsumer(name, [
          on(credited, async (event, trx) => {
            // Writes first, then fails: the savepoint must drop the write of a failed try.
            await sql`insert into event_test_effect values (${name}, ${event.id})`.execute(trx);
            const n = (tries.get(event.id) ?? 0) + 1;
            tries.set(event.id, n);
            if (n <= 2) throw new Error(`try ${n} fails`);
            successes.set(event.id, (successes.get(event.id) ?? 0) + 1);
          }),
        ]),
      ],
    });
    const ids = await recordAll(interleaved(['a', 'b', 'c'], 4));

    let failed = 0;
    for (let round = 0; round < 100 && successes.size < ids.length; round++) {
      failed += (await d.drain()).failed;
      now = new Date(now.getTime() + HOUR); // past any backoff
    }
    expect([...successes.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...successes.values()].every((n) => n === 1)).toBe(true);
    expect([...tries.values()].every((n) => n === 3)).toBe(true);
    expect(failed).toBe(2 * ids.length);
    const effects = await sql<{
      event_id: number;
    }>`select event_id from event_test_effect where consumer = ${name} order by event_id`.execute(db);
    expect(effects.rows.map((r) => Number(r.event_id))).toEqual(ids);
    expect(await listDeadLetters(db, name)).toEqual([]);
  });

  it('a batch handler takes runs of one type; a failing run is delivered again one event at a time', async () => {
    await sql`create table if not exists event_test_effect (consumer text, event_id bigint)`.execute(db);
    const name = consumerName('runs');
    const runs: number[][] = [];
    const registrations: number[] = [];
    let poisoned = -1;
    const d = createDispatcher<Database>({
      db,
      clock,
      maxAttempts: 2,
      consumers: [
        defineConsumer(
          name,
          [
            onBatch(credited, async (events, trx) => {
              runs.push(events.map((e) => e.id));
              // Writes the whole run first, then fails if it holds the poisoned event: the run's
              // savepoint must drop every write of it.
              for (const e of events) {
                await sql`insert into event_test_effect values (${name}, ${e.id})`.execute(trx);
              }
              if (events.some((e) => e.id === poisoned)) throw new Error('poisoned');
            }),
            on(registered, async (event) => {
              registrations.push(event.id);
            }),
          ],
          { batchSize: 7 },
        ),
      ],
    });
    // One key, so one partition and one order: 10 credits, a registration, 10 more credits.
    const first = await recordAll(Array.from({ length: 10 }, (_, seq) => ({ member: 'k', seq })));
    const reg = await db
      .transaction()
      .execute((trx) => recordEvent(trx, registered, { member: 'k' }, { key: 'k' }));
    const second = await recordAll(Array.from({ length: 10 }, (_, seq) => ({ member: 'k', seq: 10 + seq })));
    poisoned = second[3]!;

    let dead = 0;
    for (let round = 0; round < 20; round++) {
      dead += (await d.drain()).deadLettered;
      now = new Date(now.getTime() + HOUR); // past any backoff
    }
    const effects = await sql<{
      event_id: number;
    }>`select event_id from event_test_effect where consumer = ${name} order by event_id`.execute(db);
    expect(effects.rows.map((r) => Number(r.event_id))).toEqual(
      [...first, ...second].filter((id) => id !== poisoned),
    );
    expect(registrations).toEqual([reg]);
    expect(dead).toBe(1);
    expect((await listDeadLetters(db, name)).map((l) => Number(l.event_id))).toEqual([poisoned]);
    // Runs of several events happened, none longer than the consumer's batch or across the registration.
    expect(runs.some((r) => r.length > 1)).toBe(true);
    expect(Math.max(...runs.map((r) => r.length))).toBeLessThanOrEqual(7);
    for (const r of runs) expect(r.every((id) => id < reg) || r.every((id) => id > reg)).toBe(true);
    // The poisoned event was retried alone (a run of one) until dead-lettered.
    expect(runs.filter((r) => r.length === 1 && r[0] === poisoned)).toHaveLength(2);
  });

  it('events a consumer does not handle neither split its runs nor stay ahead of its cursor', async () => {
    const runs: number[][] = [];
    const d = createDispatcher<Database>({
      db,
      clock,
      consumers: [
        defineConsumer(consumerName('passes-over'), [
          onBatch(credited, async (events) => {
            runs.push(events.map((e) => e.id));
          }),
        ]),
      ],
    });
    // One key, so one partition: credit, registration, credit, registration, credit, registration.
    const credits: number[] = [];
    for (let seq = 0; seq < 3; seq++) {
      credits.push(...(await recordAll([{ member: 'k', seq }])));
      await db.transaction().execute((trx) => recordEvent(trx, registered, { member: 'k' }, { key: 'k' }));
    }
    const first = await d.drain();
    expect(first).toMatchObject({ handled: 3, skipped: 3, failed: 0 });
    // The three credits in one run, though a registration stood between each.
    expect(runs).toEqual([credits]);
    // The cursor went past the last registration too: nothing is read again.
    expect(await d.drain()).toMatchObject({ handled: 0, skipped: 0 });
  });

  it('a consumer that never writes runs without savepoints, and its failures are retried the same way', async () => {
    const name = consumerName('publisher');
    const tries = new Map<number, number>();
    const published: number[] = [];
    const d = createDispatcher<Database>({
      db,
      clock,
      consumers: [
        defineConsumer(
          name,
          [
            on(credited, async (event) => {
              const n = (tries.get(event.id) ?? 0) + 1;
              tries.set(event.id, n);
              if (n === 1) throw new Error('the channel is down');
              published.push(event.id);
            }),
          ],
          { writes: false },
        ),
      ],
    });
    const ids = await recordAll(interleaved(['a', 'b'], 3));
    let failed = 0;
    for (let round = 0; round < 100 && published.length < ids.length; round++) {
      failed += (await d.drain()).failed;
      now = new Date(now.getTime() + HOUR);
    }
    expect([...published].sort((x, y) => x - y)).toEqual(ids);
    expect(failed).toBe(ids.length);
    expect([...tries.values()].every((n) => n === 2)).toBe(true);
    expect(await listDeadLetters(db, name)).toEqual([]);
  });

  it('waits out the backoff before trying a failed event again', async () => {
    let tries = 0;
    const d = dispatcher(
      async () => {
        tries++;
        throw new Error('rollups unavailable');
      },
      { backoffMs: (attempt) => attempt * 60_000, maxAttempts: 10 },
    );
    await recordAll([{ member: 'm1', seq: 0 }]);
    expect(await d.drain()).toMatchObject({ handled: 0, failed: 1 });
    expect(await d.drain()).toMatchObject({ failed: 0 }); // backoff: not due yet
    now = new Date(T0.getTime() + 59_999);
    expect(await d.drain()).toMatchObject({ failed: 0 });
    now = new Date(T0.getTime() + 60_000);
    expect(await d.drain()).toMatchObject({ failed: 1 });
    expect(tries).toBe(2);
    const cursors = await db
      .selectFrom('event_cursor')
      .select(['attempts', 'last_error'])
      .where('attempts', '>', 0)
      .execute();
    expect(cursors).toEqual([{ attempts: 2, last_error: 'rollups unavailable' }]);
  });

  it('keeps each key in recording order, and a failing key holds up only its own partition', async () => {
    const members = Array.from({ length: 40 }, (_, i) => `member-${i}`);
    const bad = 'member-7';
    const badPartition = partitionOf(bad);
    const seen = new Map<string, number[]>();
    const d = dispatcher(
      async (e) => {
        if (e.key === bad && e.payload.seq === 1) throw new Error('cannot roll up this bet');
        seen.set(e.key, [...(seen.get(e.key) ?? []), e.payload.seq]);
      },
      { maxAttempts: 3 },
    );
    await recordAll(interleaved(members, 5));

    await d.drain();
    // Every member hashed elsewhere is complete although member-7 is failing right now.
    const others = members.filter((m) => partitionOf(m) !== badPartition);
    expect(others.length).toBeGreaterThan(20);
    for (const m of others) expect(seen.get(m)).toEqual([0, 1, 2, 3, 4]);
    expect(seen.get(bad)).toEqual([0]);

    for (let round = 0; round < 10; round++) {
      now = new Date(now.getTime() + HOUR);
      await d.drain();
    }
    // After its last try the event is dead-lettered and the key goes on, still in order.
    expect(seen.get(bad)).toEqual([0, 2, 3, 4]);
    for (const m of members.filter((x) => x !== bad)) expect(seen.get(m)).toEqual([0, 1, 2, 3, 4]);
  });

  it('dead-letters an event after maxAttempts, shows it, and re-drives it on request', async () => {
    let broken = true;
    const handled: number[] = [];
    const name = consumerName('dead');
    const d = createDispatcher<Database>({
      db,
      clock,
      maxAttempts: 2,
      backoffMs: () => 0,
      consumers: [
        defineConsumer(name, [
          on(credited, async (e) => {
            if (broken && e.payload.seq === 0) throw new Error('vip table missing');
            handled.push(e.id);
          }),
        ]),
      ],
    });
    const [first, second] = await recordAll([
      { member: 'm1', seq: 0 },
      { member: 'm1', seq: 1 },
    ]);
    expect(await d.drain()).toMatchObject({ handled: 1, failed: 1, deadLettered: 1 });
    expect(handled).toEqual([second]);
    expect(await listDeadLetters(db, name)).toEqual([
      {
        event_id: first,
        status: 'dead',
        attempts: 2,
        last_error: 'vip table missing',
        dead_at: T0,
        name: 'test.deposit-credited',
        key: 'm1',
      },
    ]);

    // A re-drive that fails again leaves it dead, counting the try.
    expect(await redriveDeadLetters(db, name)).toBe(1);
    expect(await d.drain()).toMatchObject({ handled: 0, deadLettered: 1 });
    expect(await listDeadLetters(db, name)).toMatchObject([{ event_id: first, status: 'dead', attempts: 3 }]);

    broken = false;
    expect(await redriveDeadLetters(db, name, [first!])).toBe(1);
    expect(await d.drain()).toMatchObject({ handled: 1 });
    expect(handled).toEqual([second, first]);
    expect(await listDeadLetters(db, name)).toMatchObject([{ event_id: first, status: 'redriven' }]);
    expect(await d.drain()).toMatchObject({ handled: 0 });
  });

  it.each([
    ['a quarter of the partitions per transaction', 4],
    ['every partition in one transaction (the default)', undefined],
  ])(
    'two nodes draining at once never both handle one event, and together miss none: %s',
    async (_, share) => {
      const name = consumerName('shared');
      const handledBy: { id: number; key: string; seq: number; node: string }[] = [];
      const inFlight = new Set<number>();
      // On PostgreSQL node a holds its first event until node b has handled one (or b's drain ended):
      // otherwise a fast node a may drain everything before b asks, and the run proves no sharing.
      let bHandledOne = (): void => {};
      const bWorked = new Promise<void>((resolve) => (bHandledOne = resolve));
      let bDone = (): void => {};
      const bFinished = new Promise<void>((resolve) => (bDone = resolve));
      let aHeld = false;
      const node = (label: string, nodeDb: Db) =>
        createDispatcher<Database>({
          db: nodeDb,
          clock,
          batchSize: 5,
          // A quarter at a time lets node b take other partitions while node a holds its first event.
          partitionsPerTransaction: share,
          consumers: [
            defineConsumer(name, [
              on(credited, async (e) => {
                expect(inFlight.has(e.id)).toBe(false);
                inFlight.add(e.id);
                // (With whole claims node b can take nothing while a holds: no wait then.)
                if (otherNode && share && label === 'a' && !aHeld) {
                  aHeld = true;
                  await Promise.race([bWorked, bFinished]);
                }
                // Let the other node run in between (its pool has its own connections on PostgreSQL).
                await new Promise((resolve) => setImmediate(resolve));
                handledBy.push({ id: e.id, key: e.key, seq: e.payload.seq, node: label });
                inFlight.delete(e.id);
                if (label === 'b') bHandledOne();
              }),
            ]),
          ],
        });
      const ids = await recordAll(
        interleaved(
          Array.from({ length: 30 }, (_, i) => `k${i}`),
          10,
        ),
      );
      const a = node('a', db);
      const b = node('b', otherNode?.db ?? db);

      await Promise.all([a.drain(), b.drain().finally(bDone)]);
      const handledIds = handledBy.map((h) => h.id);
      expect(new Set(handledIds).size).toBe(handledIds.length); // no duplicates
      expect([...handledIds].sort((x, y) => x - y)).toEqual(ids); // no gaps
      for (let k = 0; k < 30; k++) {
        const seqs = handledBy.filter((h) => h.key === `k${k}`).map((h) => h.seq);
        expect(seqs).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      }
      if (otherNode && share) expect(new Set(handledBy.map((h) => h.node))).toEqual(new Set(['a', 'b']));
    },
  );

  it('prunes old events once every cursor has passed them, keeping dead letters and the rest', async () => {
    const d = dispatcher(
      async (e) => {
        if (e.payload.seq === 1) throw new Error('broken');
      },
      { maxAttempts: 1 },
    );
    const slowName = consumerName('slow');
    const slow = createDispatcher<Database>({
      db,
      clock,
      batchSize: 1,
      consumers: [defineConsumer(slowName, [on(credited, async () => {})])],
    });
    const [, dead, notYetBySlow] = await recordAll([
      { member: 'm1', seq: 0 },
      { member: 'm1', seq: 1 },
      { member: 'm1', seq: 2 },
    ]);
    await d.drain();
    await slow.runOnce(); // batch of one: the slow consumer has passed only the first event
    const [recent] = await recordAll([{ member: 'm1', seq: 3 }]);
    await db
      .updateTable('domain_event')
      .set({ recorded_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', '!=', recent!)
      .execute();
    const job = eventPruneJob<Database>(7);
    expect(await job.run(db, T0)).toMatch(/^removed 1 events/);
    const left = await db.selectFrom('domain_event').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual([dead, notYetBySlow, recent]);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'never dispatches past a transaction still running, so a late commit is not skipped',
    async () => {
      const seen: number[] = [];
      const d = dispatcher(async (e) => {
        seen.push(e.payload.seq);
      });
      // The slow transaction records first (older transaction id) but commits last.
      const slow = await db.startTransaction().execute();
      await recordEvent(slow, credited, { member: 'm1', seq: 0 }, { key: 'm1' });
      await recordAll([{ member: 'm1', seq: 1 }]);
      expect(await d.runOnce()).toMatchObject({ handled: 0 });
      expect(seen).toEqual([]);
      await slow.commit().execute();
      await d.drain();
      expect(seen).toEqual([0, 1]);
    },
  );

  it('any stream of events and failures: each key in order, every event handled once or dead', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ member: fc.constantFrom('p', 'q', 'r', 's'), fails: fc.nat(4) }), {
          minLength: 1,
          maxLength: 25,
        }),
        async (stream) => {
          await db.deleteFrom('event_dead_letter').execute();
          await db.deleteFrom('event_cursor').execute();
          await db.deleteFrom('domain_event').execute();
          now = T0;
          const payloads = stream.map((s, seq) => ({ member: s.member, seq }));
          const tries = new Map<number, number>();
          const successes: { key: string; seq: number }[] = [];
          const d = dispatcher(
            async (e) => {
              const n = (tries.get(e.payload.seq) ?? 0) + 1;
              tries.set(e.payload.seq, n);
              if (n <= stream[e.payload.seq]!.fails) throw new Error('not yet');
              successes.push({ key: e.key, seq: e.payload.seq });
            },
            { maxAttempts: 3 },
          );
          await recordAll(payloads);
          // Each event takes at most 3 tries, each try after the previous one's backoff.
          for (let round = 0; round <= 3 * payloads.length; round++) {
            await d.drain();
            now = new Date(now.getTime() + HOUR);
          }
          // maxAttempts 3: an event failing 3 or more times is dead, the rest succeed exactly once.
          const expectedOk = payloads.filter((p) => stream[p.seq]!.fails < 3);
          for (const member of ['p', 'q', 'r', 's']) {
            expect(successes.filter((s) => s.key === member).map((s) => s.seq)).toEqual(
              expectedOk.filter((p) => p.member === member).map((p) => p.seq),
            );
          }
          const dead = await db.selectFrom('event_dead_letter').select('event_id').execute();
          expect(dead).toHaveLength(payloads.length - expectedOk.length);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('the background loop', () => {
  const options = { pollMs: 500, followUpMs: 100 };

  it('plans the next pass: at once for a lone commit, gathered after busy passes, never later than planned', () => {
    // After a pass: work found, a commit nudged during it, or work expected and none found (events
    // let through between its read and its horizon check) -> soon; nothing -> the idle poll.
    const afterPass = (foundWork: boolean, nudgedDuringPass: boolean, expectedWork: boolean) =>
      nextPassDelay({ kind: 'after-pass', foundWork, nudgedDuringPass, expectedWork }, options);
    expect(afterPass(true, false, false)).toBe(100);
    expect(afterPass(false, true, false)).toBe(100);
    expect(afterPass(false, false, true)).toBe(100);
    expect(afterPass(false, false, false)).toBe(500);
    // A nudge on an idle node (no pass yet, or the last long ago) starts one at once, even with the
    // idle poll planned.
    expect(nextPassDelay({ kind: 'nudge', sinceLastPassMs: Infinity, plannedInMs: undefined }, options)).toBe(
      0,
    );
    expect(nextPassDelay({ kind: 'nudge', sinceLastPassMs: 2_000, plannedInMs: 450 }, options)).toBe(0);
    // Right after a pass, a nudge waits out the follow-up instead of starting a pass per commit...
    expect(nextPassDelay({ kind: 'nudge', sinceLastPassMs: 30, plannedInMs: undefined }, options)).toBe(70);
    expect(nextPassDelay({ kind: 'nudge', sinceLastPassMs: 30, plannedInMs: 70 }, options)).toBe(70);
    // ...and never puts off a pass planned sooner.
    expect(nextPassDelay({ kind: 'nudge', sinceLastPassMs: 30, plannedInMs: 10 }, options)).toBe(10);
  });

  it('a started loop delivers a nudged commit without waiting for its poll', async () => {
    const database = await createTestDatabase();
    try {
      let delivered!: (e: DeliveredEvent<Payload>) => void;
      const arrived = new Promise<DeliveredEvent<Payload>>((resolve) => (delivered = resolve));
      const loop = createDispatcher<Database>({
        db: database.db,
        consumers: [defineConsumer('test.loop', [on(credited, async (e) => delivered(e))])],
      });
      // The poll is an hour away: only the nudge can bring the event within the test's time.
      loop.start({ pollMs: HOUR, followUpMs: 0 });
      await database.db
        .transaction()
        .execute((trx) => recordEvent(trx, credited, { member: 'loop', seq: 1 }, { key: 'loop' }));
      loop.nudge();
      expect((await arrived).payload).toEqual({ member: 'loop', seq: 1 });
      await loop.stop();
    } finally {
      await database.close();
    }
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'a started loop delivers an event held behind an older transaction once that ends, with no nudge or poll',
    async () => {
      const database = await createTestDatabase();
      try {
        const arrivals = new Map<number, () => void>();
        const arrived = (seq: number) => new Promise<void>((resolve) => arrivals.set(seq, resolve));
        const first = arrived(1);
        const held = arrived(2);
        const loop = createDispatcher<Database>({
          db: database.db,
          consumers: [
            defineConsumer('test.loop-held', [on(credited, async (e) => arrivals.get(e.payload.seq)?.())]),
          ],
        });
        const record = (seq: number, key: string) =>
          database.db
            .transaction()
            .execute((trx) => recordEvent(trx, credited, { member: key, seq }, { key }));
        await record(1, 'free');
        // An older transaction, still running, that holds the horizon in front of the next event.
        const older = await database.db.startTransaction().execute();
        await sql`select pg_current_xact_id()`.execute(older);
        await record(2, 'held');
        loop.start({ pollMs: HOUR, followUpMs: 0 });
        loop.nudge();
        await first; // a pass has run; the second event waits behind the older transaction
        await older.commit().execute();
        // No nudge and an hour's poll: only the loop's looking again can bring it.
        await held;
        await loop.stop();
      } finally {
        await database.close();
      }
    },
  );
});
