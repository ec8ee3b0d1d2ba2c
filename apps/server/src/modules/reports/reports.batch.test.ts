/**
 * The settled-round rollups written a run at a time (the consumer's batch handler) equal a plain
 * reference summed in TypeScript, however the rounds are split into runs, with rounds repeated
 * inside a run and whole runs delivered twice. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { productOfGameType } from '@banca/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { applyRounds, lockAndClearRollups, type RoundFact } from './reports.repository.ts';

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** Members 1-6 and their uplines (agents 100-102). */
const UPLINES: Record<number, number[]> = {
  1: [],
  2: [100],
  3: [100],
  4: [101, 100],
  5: [102, 101, 100],
  6: [102],
};
const DAYS = ['2026-04-28', '2026-04-30', '2026-05-04'];

const roundArb = fc.record({
  n: fc.integer({ min: 0, max: 40 }),
  memberId: fc.integer({ min: 1, max: 6 }),
  day: fc.constantFrom(...DAYS),
  gameType: fc.constantFrom('RNG', 'LIVE'),
  stake: fc.integer({ min: 0, max: 50_000 }),
  payout: fc.integer({ min: 0, max: 90_000 }),
});

type Drawn = { n: number; memberId: number; day: string; gameType: string; stake: number; payout: number };

const fact = (r: Drawn): RoundFact => ({
  // The same n is the same round (same ref, same figures): a repeat must count once.
  ref: `V:${r.n}`,
  currency: 'BRL',
  day: r.day,
  // Three hours of the day, so the hour rollups have rows of their own per hour.
  hour: `${r.day}T1${r.n % 3}:00:00.000Z`,
  shard: r.memberId % 16,
  memberId: r.memberId,
  vendor: 'V',
  gameType: r.gameType,
  stake: r.stake,
  payout: r.payout,
  uplines: UPLINES[r.memberId]!,
});

const sum = (
  rows: Record<string, unknown>[],
  key: (r: Record<string, unknown>) => string,
  fields: string[],
) => {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const k = key(r);
    const acc = out.get(k) ?? fields.map(() => 0);
    fields.forEach((f, i) => (acc[i]! += Number(r[f])));
    out.set(k, acc);
  }
  return Object.fromEntries([...out].sort(([a], [b]) => a.localeCompare(b)));
};

const select = async (table: string) =>
  (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db())).rows.map(
    (r): Record<string, unknown> => ({
      ...r,
      day: r.day instanceof Date ? r.day.toISOString().slice(0, 10) : r.day,
      period_start:
        r.period_start instanceof Date ? r.period_start.toISOString().slice(0, 10) : r.period_start,
      hour: r.hour instanceof Date ? r.hour.toISOString() : r.hour,
    }),
  );

it('runs of any split, with repeats, sum to the reference', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(roundArb, { minLength: 1, maxLength: 60 }),
      fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 }),
      fc.nat(),
      async (drawn, cuts, again) => {
        await db()
          .transaction()
          .execute((trx) => lockAndClearRollups(trx));
        // A round's figures follow from its n: the first drawing of each n is the round.
        const byN = new Map<number, (typeof drawn)[number]>();
        for (const r of drawn) if (!byN.has(r.n)) byN.set(r.n, r);
        const stream = drawn.map((r) => fact(byN.get(r.n)!));
        const runs: RoundFact[][] = [];
        for (let i = 0, c = 0; i < stream.length; c++) {
          const len = cuts[c % cuts.length]!;
          runs.push(stream.slice(i, i + len));
          i += len;
        }
        for (const run of runs) await applyRounds(db(), run);
        await applyRounds(db(), runs[again % runs.length]!); // a run delivered again
        const unique = [...byN.values()].map(fact);

        const ref = unique.map((r) => ({ ...r, rounds: 1, member_id: r.memberId }));
        const day = (r: Record<string, unknown>) => `${r.day}`;
        expect(sum(await select('report_day'), day, ['rounds', 'stake', 'payout', 'active_players'])).toEqual(
          sum(
            [...new Map(ref.map((r) => [`${r.day}|${r.memberId}`, r])).values()]
              .map((r) => ({
                day: r.day,
                rounds: 0,
                stake: 0,
                payout: 0,
                active_players: 1,
              }))
              .concat(ref.map((r) => ({ ...r, active_players: 0 }))),
            day,
            ['rounds', 'stake', 'payout', 'active_players'],
          ),
        );
        const memberDay = (r: Record<string, unknown>) => `${r.member_id}|${r.day}`;
        expect(sum(await select('report_member_day'), memberDay, ['rounds', 'stake', 'payout'])).toEqual(
          sum(ref, memberDay, ['rounds', 'stake', 'payout']),
        );
        const gameDay = (r: Record<string, unknown>) => `${r.game_type}|${r.day}`;
        expect(sum(await select('report_game_day'), gameDay, ['rounds', 'stake', 'payout'])).toEqual(
          sum(
            ref.map((r) => ({ ...r, game_type: r.gameType })),
            gameDay,
            ['rounds', 'stake', 'payout'],
          ),
        );
        const teamRef = ref.flatMap((r) => r.uplines.map((agent_id) => ({ ...r, agent_id })));
        const agentDay = (r: Record<string, unknown>) => `${r.agent_id}|${r.day}`;
        expect(sum(await select('report_team_day'), agentDay, ['rounds', 'stake', 'payout'])).toEqual(
          sum(teamRef, agentDay, ['rounds', 'stake', 'payout']),
        );
        // The hour rollups: under each upline and under the member itself, per hour and product.
        const hourRef = ref.flatMap((r) =>
          [r.memberId, ...r.uplines].map((agent_id) => ({
            ...r,
            agent_id,
            product: productOfGameType(r.gameType),
          })),
        );
        const agentHour = (r: Record<string, unknown>) =>
          `${r.agent_id}|${r.hour}|${r.product}|${r.currency}|${r.member_id}`;
        expect(sum(await select('report_team_hour'), agentHour, ['rounds', 'stake', 'payout'])).toEqual(
          sum(hourRef, agentHour, ['rounds', 'stake', 'payout']),
        );
        // Every (agent, period, start) count equals the active rows it counts.
        const activeAll = await select('report_team_active');
        const periodKey = (r: Record<string, unknown>) => `${r.agent_id}|${r.period}|${r.period_start}`;
        expect(sum(await select('report_team_active_count'), periodKey, ['members'])).toEqual(
          sum(
            activeAll.map((r) => ({ ...r, members: 1 })),
            periodKey,
            ['members'],
          ),
        );
        const active = activeAll.filter((r) => r.period === 'D');
        expect(active.map((r) => `${r.agent_id}|${r.period_start}|${r.member_id}`).sort()).toEqual(
          [...new Set(teamRef.map((r) => `${r.agent_id}|${r.day}|${r.memberId}`))].sort(),
        );
      },
    ),
    { numRuns: 25 },
  );
});
