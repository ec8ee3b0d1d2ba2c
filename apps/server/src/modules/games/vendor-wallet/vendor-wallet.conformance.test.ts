/**
 * The vendor wallet conformance suite (npm run vendor:conformance) against our own gateway: the app on
 * a real port, the suite's scenarios over HTTP, then the ledger's and the bet record's invariants. Runs
 * on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { runConformance, SCENARIOS } from '../../../vendor-conformance/conformance.ts';
import { devPlayers, vendorClient } from '../../../platform/vendor-api/vendor-client.ts';
import { rotateVendorSecret, vendorSealKey } from '../index.ts';

let database: TestDatabase;
let server: RunningApp;
let secret: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  await seedDemoLobby(database.db);
  server = await startApp(database.db);
  secret = await rotateVendorSecret(database.db, await vendorSealKey(database.db), 'BANCA');
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe(`vendor wallet conformance (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('passes every scenario', async () => {
    const results = await runConformance({
      client: vendorClient(server.url, 'BANCA', secret),
      players: devPlayers(server.url, 'BANCA'),
      gameCode: 'SLOT5X3',
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.length).toBe(Object.keys(SCENARIOS).length);
  }, 120_000);

  it('left the ledger balanced and every round equal to its money', async () => {
    const { rows: sums } = await sql<{ total: number }>`
      select coalesce(sum(balance), 0)::bigint as total from ledger_account`.execute(database.db);
    expect(Number(sums[0]!.total)).toBe(0);
    const { rows: negative } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_account where kind = 'MEMBER' and balance < 0`.execute(
      database.db,
    );
    expect(negative[0]!.n).toBe(0);
    // Each round's payout - stake equals what the ledger moved for it (references round:<vendor>:<id>).
    const { rows: mismatches } = await sql<{ round_id: string }>`
      select b.round_id from bet_record b
      left join (
        select reference,
          sum(case when kind = 'BET' then -amount else amount end)::bigint as net
        from ledger_transfer where kind in ('BET', 'BET_PAYOUT', 'BET_REFUND') group by reference
      ) l on l.reference = 'round:' || b.vendor || ':' || b.round_id
      where coalesce(l.net, 0) <> b.payout - b.stake`.execute(database.db);
    expect(mismatches).toEqual([]);
  });
});
