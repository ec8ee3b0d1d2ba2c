// Domain-events benchmark (issue 8): what recording an event costs a transaction, and how many
// events per second the dispatcher delivers, beside a reference transaction in the same run.
// Run from the repository root: `node bench/events.mjs`. On BENCH_DATABASE_URL / TEST_DATABASE_URL
// it uses a throw-away schema; otherwise an in-memory PGlite. Every loop is bounded by time.
import './lib/one-line-failure.mjs';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register(); // load the server's TypeScript directly
const { openDatabase, migrateToLatest } = await import('../apps/server/src/platform/db/db.ts');
const { DATABASE_FUNCTIONS } = await import('../apps/server/src/database-functions.ts');
const { dropSchema, newSchemaName } = await import('../apps/server/src/test/test-db.ts');
const { defineConsumer, defineEvent, on, recordEvent } =
  await import('../apps/server/src/platform/events/event-catalogue.ts');
const { createDispatcher } = await import('../apps/server/src/platform/events/event-dispatcher.ts');
const { sql } = await import('kysely');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const schema = url ? newSchemaName() : undefined;
const handle = await openDatabase(url ? { kind: 'postgres', url, schema, max: 10 } : { kind: 'pglite' });
const db = handle.db;
const betSettled = defineEvent('bench.bet-settled');

try {
  await migrateToLatest(handle, DATABASE_FUNCTIONS);
  await sql`create table bench_wallet (id int primary key, balance bigint not null)`.execute(db);
  await sql`insert into bench_wallet select g, 0 from generate_series(1, 1000) g`.execute(db);
  await sql`create table bench_rollup (event_id bigint primary key, member int not null)`.execute(db);

  /** The reference: a wallet update in its own transaction, optionally recording one event. */
  const walletTx = (withEvent) => async (i) => {
    const member = (i % 1000) + 1;
    await db.transaction().execute(async (trx) => {
      await sql`update bench_wallet set balance = balance + 1 where id = ${member}`.execute(trx);
      if (withEvent) await recordEvent(trx, betSettled, { member, stake: 100 }, { key: member });
    });
  };

  /** Transactions per second for SECONDS with `clients` running at once. */
  const measure = async (work, clients) => {
    let n = 0;
    const until = performance.now() + SECONDS * 1000;
    const begun = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) await work(n++);
      }),
    );
    return n / ((performance.now() - begun) / 1000);
  };

  const clients = url ? 8 : 1; // PGlite has one session: more clients only queue
  const reference = await measure(walletTx(false), clients);
  const recording = await measure(walletTx(true), clients);
  const recorded = Number((await sql`select count(*) as n from domain_event`.execute(db)).rows[0].n);

  // Dispatch: a consumer writing one rollup row per event in the dispatcher's transaction.
  const dispatcher = createDispatcher({
    db,
    batchSize: 100,
    consumers: [
      defineConsumer('bench.rollups', [
        on(betSettled, async (event, trx) => {
          await sql`insert into bench_rollup values (${event.id}, ${event.payload.member})`.execute(trx);
        }),
      ]),
    ],
  });
  const t0 = performance.now();
  const result = await dispatcher.drain();
  const dispatchSeconds = (performance.now() - t0) / 1000;
  if (result.handled !== recorded) throw new Error(`handled ${result.handled} of ${recorded} events`);

  const f = (n) => n.toFixed(0).padStart(7);
  console.log(`events bench (${handle.kind}, ${clients} client(s), ${SECONDS} s each)`);
  console.log(`${f(reference)} tx/s     wallet update transaction (reference)`);
  console.log(
    `${f(recording)} tx/s     same transaction recording one event ` +
      `(${((recording / reference) * 100).toFixed(0)}% of the reference)`,
  );
  console.log(
    `${f(recorded / dispatchSeconds)} events/s dispatched to one consumer writing a row each ` +
      `(${recorded} events in ${dispatchSeconds.toFixed(1)} s, batches of 100)`,
  );
} finally {
  await handle.close();
  if (url && schema) await dropSchema(url, schema);
}
