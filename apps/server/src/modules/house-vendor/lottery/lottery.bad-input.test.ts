/**
 * Bad input to the house lottery's calls: 200+ generated bodies (or queries) per endpoint, each a 4xx
 * with a code, none a 5xx, and nothing written (tickets, periods drawn, ledger transfers).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { lotteryRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { authClient, type AuthClient } from '../../../test/auth-client.ts';
import { getJson, startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import {
  launchLotteryPlayer,
  openState,
  PERIOD_SECONDS,
  type LotteryPlayer,
} from '../../../test/lottery-player.ts';
import { badInputRuns } from '../../../test/bad-input-runs.ts';

let database: TestDatabase;
let server: RunningApp;
let client: AuthClient;
let player: LotteryPlayer;
let periodId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  server = await startApp(database.db, { TRUST_PROXY: 'true', LOTTERY_PERIOD_SECONDS: PERIOD_SECONDS });
  await seedDemoLobby(database.db);
  client = await authClient(server.url);
  player = await launchLotteryPlayer(client, database.db, { credit: 10_000 });
  periodId = (await openState(client, player.session)).current.periodId;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const RUNS = badInputRuns(220);

const written = async () => {
  const { rows } = await sql<{ tickets: number; drawn: number; transfers: number }>`
    select (select count(*)::int from house_lottery_ticket) as tickets,
           (select count(*)::int from house_lottery_period where digits is not null) as drawn,
           (select count(*)::int from ledger_transfer) as transfers`.execute(database.db);
  return rows[0]!;
};

const anything = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** A bet whose every field may be wrong: markets and selections absent from the table, bad stakes. */
const badBet = fc.record(
  {
    market: fc.oneof(fc.constantFrom('p1-digit', 'nope', 'P1-DIGIT', '', 'sum-range'), anything),
    selection: fc.oneof(fc.constantFrom('7', '10', 'big', '', '-1', '0-15x'), anything),
    stake: fc.oneof(
      fc.constantFrom(0, -1, 99, 1_000_001, 1.5, Number.MAX_SAFE_INTEGER + 2, 1e21),
      fc.integer({ max: 99 }),
      fc.integer({ min: 1_000_001 }),
      anything,
    ),
    extra: anything,
  },
  { requiredKeys: [] },
);

describe('house lottery bad input', () => {
  it(`buy: ${RUNS} generated bodies are 4xx with a code and write nothing`, async () => {
    const before = await written();
    const sessionArb = fc.oneof(
      fc.constant(player.session),
      fc.string({ minLength: 43, maxLength: 43 }),
      anything,
    );
    const periodArb = fc.oneof(
      fc.constant(periodId),
      fc.constantFrom('20261199-0001', '20260101-0000', '19990101-0001', '2026-11-23', ''),
      anything,
    );
    const body = fc.oneof(
      fc.record(
        {
          session: sessionArb,
          requestId: fc.oneof(
            fc.string({ minLength: 8, maxLength: 20 }).filter((s) => /^[A-Za-z0-9_-]+$/.test(s)),
            anything,
          ),
          periodId: periodArb,
          bets: fc.oneof(fc.array(badBet, { maxLength: 25 }), anything),
          extra: anything,
        },
        { requiredKeys: [] },
      ),
      anything,
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await client.call(lotteryRoutes.houseBuy.path, { body: b });
        expect(res.status, JSON.stringify({ b, res: res.body })).toBeGreaterThanOrEqual(400);
        expect(res.status, JSON.stringify({ b, res: res.body })).toBeLessThan(500);
        expect(typeof res.body.code).toBe('string');
      }),
      { numRuns: RUNS },
    );
    expect(await written()).toEqual(before);
  }, 300_000);

  it(`state and tickets: ${RUNS} generated bodies each are 4xx with a code`, async () => {
    const before = await written();
    for (const path of [lotteryRoutes.houseState.path, lotteryRoutes.houseTickets.path]) {
      const body = fc.oneof(
        fc.record(
          {
            session: fc.oneof(fc.string({ minLength: 43, maxLength: 43 }), anything),
            periodId: anything,
            status: fc.oneof(fc.constantFrom('PENDING', 'open', ''), anything),
            pageSize: fc.oneof(fc.constantFrom(0, 101, -1, 1.5), anything),
          },
          { requiredKeys: [] },
        ),
        anything,
      );
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          const res = await client.call(path, { body: b });
          expect(res.status, JSON.stringify({ path, b, res: res.body })).toBeGreaterThanOrEqual(400);
          expect(res.status, JSON.stringify({ path, b, res: res.body })).toBeLessThan(500);
          expect(typeof res.body.code).toBe('string');
        }),
        { numRuns: RUNS },
      );
    }
    expect(await written()).toEqual(before);
  }, 300_000);

  it(`gateway lottery calls: ${RUNS} generated queries each are 4xx with a code`, async () => {
    const before = await written();
    const text = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc.constantFrom('QUICK5D', 'NOPE', '', '20261199-0001'),
    );
    for (const path of [lotteryRoutes.openedNumbers.path, lotteryRoutes.openedNumero.path]) {
      const query = fc
        .record(
          {
            gameCode: fc.oneof(text, fc.constantFrom('NOPE', 'VN5D ')),
            periodId: fc.oneof(text, fc.constantFrom('20261199-0001', '20260101-9999')),
            pageSize: fc.oneof(
              fc.constantFrom('0', '101', '-1', '1.5', '1e2', ''),
              fc.string({ maxLength: 4 }),
            ),
            other: text,
          },
          { requiredKeys: [] },
        )
        // A query naming a real game and nothing wrong is a valid call: keep only broken ones.
        .filter(
          (q) =>
            !(
              q.gameCode === 'QUICK5D' &&
              q.other === undefined &&
              q.pageSize === undefined &&
              q.periodId === undefined
            ),
        );
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const params = new URLSearchParams(
            Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined),
          );
          const res = await getJson(`${server.url}${path}?${params}`);
          expect(res.status, JSON.stringify({ path, q, res: res.body })).toBeGreaterThanOrEqual(400);
          expect(res.status, JSON.stringify({ path, q, res: res.body })).toBeLessThan(500);
          expect(typeof res.body.code).toBe('string');
        }),
        { numRuns: RUNS },
      );
    }
    expect(await written()).toEqual(before);
  }, 300_000);
});
