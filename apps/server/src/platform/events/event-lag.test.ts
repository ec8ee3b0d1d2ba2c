import { sql } from 'kysely';
import type { Database } from '../../database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db.ts';
import { defineConsumer, defineEvent, on, recordEvent } from './event-catalogue.ts';
import { createDispatcher } from './event-dispatcher.ts';
import { consumerLag } from './event-lag.repository.ts';

const credited = defineEvent<{ member: string }>('test.lag-credited');

describe(`consumer lag for the metrics (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reports the age of the oldest unhandled event per consumer, 0 once handled, and dead letters', async () => {
    const { db } = database;
    const d = createDispatcher<Database>({
      db,
      maxAttempts: 1,
      consumers: [
        defineConsumer('test.lag-ok', [on(credited, async () => {})]),
        defineConsumer('test.lag-failing', [
          on(credited, async (e) => {
            if (e.payload.member === 'bad') throw new Error('refused');
          }),
        ]),
      ],
    });
    const names = ['test.lag-ok', 'test.lag-failing', 'test.lag-unknown'];
    await d.runOnce(); // creates the cursors
    expect(await consumerLag(db, names)).toEqual(
      names.map((consumer) => ({ consumer, lagSeconds: 0, deadLetters: 0 })),
    );

    for (const member of ['good', 'bad']) {
      await db.transaction().execute((trx) => recordEvent(trx, credited, { member }, { key: member }));
    }
    // As if recorded a minute ago and nothing had dispatched since.
    await sql`update domain_event set recorded_at = now() - interval '60 seconds'`.execute(db);
    const behind = await consumerLag(db, names);
    for (const row of behind.slice(0, 2)) expect(row.lagSeconds).toBeGreaterThanOrEqual(60);
    expect(behind[2]).toEqual({ consumer: 'test.lag-unknown', lagSeconds: 0, deadLetters: 0 });

    await d.drain();
    expect(await consumerLag(db, names)).toEqual([
      { consumer: 'test.lag-ok', lagSeconds: 0, deadLetters: 0 },
      { consumer: 'test.lag-failing', lagSeconds: 0, deadLetters: 1 },
      { consumer: 'test.lag-unknown', lagSeconds: 0, deadLetters: 0 },
    ]);
    expect(await consumerLag(db, [])).toEqual([]);
  });
});
