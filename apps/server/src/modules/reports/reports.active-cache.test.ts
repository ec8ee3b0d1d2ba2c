/**
 * The dashboard's active players over a range (reports.active-cache.ts) equal a direct
 * `count(distinct member_id)` over report_active_player: over random ranges, after late rounds on
 * past days and today's, and after a rebuild that puts other members on the same days in the same
 * numbers (only the generation tells the cached sets are stale). Runs on PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { dashboard, rebuildReports } from './index.ts';
import { ActivePlayersCache, unionSize } from './reports.active-cache.ts';
import { applyRounds, distinctActivePlayers } from './reports.repository.ts';

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAYS = Array.from({ length: 20 }, (_, i) => `2026-05-${String(i + 1).padStart(2, '0')}`);
let ref = 0;
async function play(memberId: number, day: string) {
  await applyRounds(db(), [
    {
      ref: `T:${ref++}`,
      currency: 'BRL',
      day,
      hour: `${day}T12:00:00.000Z`,
      shard: memberId % 16,
      memberId,
      vendor: 'TV',
      gameType: 'RNG',
      uplines: [],
      stake: 100,
      payout: 50,
    },
  ]);
}

async function expectExact(rnd: () => number, ranges: number) {
  for (let i = 0; i < ranges; i++) {
    const a = Math.floor(rnd() * DAYS.length);
    const b = Math.floor(rnd() * DAYS.length);
    const from = DAYS[Math.min(a, b)]!;
    const to = DAYS[Math.max(a, b)]!;
    const report = await dashboard(db(), { from, to }, 'BRL', 'UTC');
    expect(report.totals.activePlayers, `${from}..${to}`).toBe(
      await distinctActivePlayers(db(), 'BRL', from, to),
    );
  }
}

describe('unionSize', () => {
  it('counts distinct ids through the bitset and through the sort for huge ids', () => {
    const rnd = random(7);
    for (const spread of [500, 2 ** 31 - 1]) {
      const sets = Array.from({ length: 6 }, () =>
        Int32Array.from(
          [...new Set(Array.from({ length: 200 }, () => Math.floor(rnd() * spread)))].sort((x, y) => x - y),
        ),
      );
      expect(unionSize(sets)).toBe(new Set(sets.flatMap((s) => [...s])).size);
    }
    expect(unionSize([])).toBe(0);
  });

  it('evicts the least recently used days beyond its budget and still counts exactly', async () => {
    const cache = new ActivePlayersCache(5);
    const read = async (days: readonly string[]) =>
      days.map((day) => ({ day, ids: [1, 2, 100 + Number(day.slice(-2))], generation: 0 }));
    const counts = new Map(DAYS.slice(0, 4).map((d) => [d, 3]));
    expect(await cache.count('BRL', counts, 0, read)).toBe(2 + 4);
    expect(cache.size).toBeLessThanOrEqual(2);
  });
});

describe('active players over a range', () => {
  it('equal the direct distinct count over random ranges, with late rounds and after a rebuild', async () => {
    const rnd = random(42);
    // 600 rounds of 80 members over 20 days: members recur across days.
    for (let i = 0; i < 600; i++)
      await play(1 + Math.floor(rnd() * 80), DAYS[Math.floor(rnd() * DAYS.length)]!);
    await expectExact(rnd, 25);
    // Late rounds on past days and on the last ("today"): new members and known ones.
    for (let i = 0; i < 60; i++) {
      const day = i % 3 === 0 ? DAYS[DAYS.length - 1]! : DAYS[Math.floor(rnd() * DAYS.length)]!;
      await play(1 + Math.floor(rnd() * 120), day);
    }
    await expectExact(rnd, 25);
    const whole = { from: DAYS[0]!, to: DAYS[DAYS.length - 1]! };
    const perDay = (await dashboard(db(), whole, 'BRL', 'UTC')).days.map((d) => d.activePlayers);

    // A rebuild (nothing in the sources here: it empties the rollups and bumps the generation),
    // then the same number of members per day, every one different: the cached sets have the
    // current sizes but the wrong members.
    await rebuildReports(db(), 'banca');
    let next = 10_000;
    for (const [i, n] of perDay.entries()) for (let k = 0; k < n; k++) await play(next++, DAYS[i]!);
    expect((await dashboard(db(), whole, 'BRL', 'UTC')).days.map((d) => d.activePlayers)).toEqual(perDay);
    expect((await dashboard(db(), whole, 'BRL', 'UTC')).totals.activePlayers).toBe(next - 10_000);
    await expectExact(rnd, 25);
  }, 120_000);
});
