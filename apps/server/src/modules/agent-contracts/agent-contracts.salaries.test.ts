import { MEMBER_TYPE, type ContractOfferBody, type ContractProduct } from '@banca/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUsername, insertAccounts } from '../../test/auth-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { startApp, type RunningApp } from '../../test/test-app.ts';
import { recordEvent } from '../../platform/events/event-catalogue.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { roundSettled } from '../games/index.ts';
import { moveMember } from '../member/index.ts';
import {
  createWalletSettings,
  ensureMemberWallet,
  houseAccount,
  memberBalances,
  transfer,
} from '../wallet/index.ts';
import { settlementsOf } from './agent-contracts.repository.ts';
import { acceptContract, offerContract } from './agent-contracts.service.ts';
import { settleKind, type SettlementDeps } from './agent-contracts.settlement.ts';

/*
 * Hourly and real-time salaries against a plain reference calculation over random trees, tiers,
 * products and rounds (fast-check): the amounts equal the reference period by period, the ledger's sum
 * is unchanged, and a second run moves nothing. The rounds go in as settled-round events through the
 * real dispatcher, each recorded twice (the reports' hour rollups and this module's round table must
 * count it once).
 */

// A half-hour zone: the merchant's hours begin at :30 UTC.
const ZONE = 'Asia/Kolkata';
let db: TestDatabase;
let server: RunningApp;
beforeAll(async () => {
  db = await createTestDatabase();
  await createWalletSettings(db.db).update(db.db, 'banca', { timeZone: ZONE });
  server = await startApp(db.db, {}, { socket: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await db?.close();
});

/** Settled rounds as the vendor wallet records them, each twice, then every consumer caught up. */
async function settle(
  rounds: { ref: string; memberId: number; game: string; stake: number; payout: number; at: number }[],
) {
  await db.db.transaction().execute(async (trx) => {
    for (const r of [...rounds, ...rounds]) {
      await recordEvent(
        trx,
        roundSettled,
        {
          roundId: `SANDBOX:${r.ref}`,
          memberId: r.memberId,
          account: `m${r.memberId}`,
          nodeId: 'SANDBOX-x',
          gameType: r.game,
          currency: 'BRL',
          stake: r.stake,
          payout: r.payout,
          settledAt: new Date(r.at).toISOString(),
        },
        { key: r.memberId },
      );
    }
  });
  await server.app.events.drain();
}

const OFFSET_MS = 5.5 * 3_600_000;
const T0 = Date.parse('2026-02-03T10:30:00Z');
const AT = new Date(T0 + 3 * 3_600_000 + 60_000);
const ACTIVE_MIN = 1_000;

const deps = (): SettlementDeps => ({
  db: db.db,
  clock: () => new Date(),
  merchantCode: 'banca',
  merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
  timeZone: async () => ZONE,
});
const auth = (memberId: number): RouteAuth => ({
  memberId,
  merchantCode: 'banca',
  type: MEMBER_TYPE.AGENT,
  tokenHash: 'x',
  loginType: 'password',
});
const cdeps = () => ({ db: db.db, clock: () => new Date() });
const ledgerSum = async () =>
  Number(
    (await sql<{ s: string }>`select coalesce(sum(balance), 0)::text as s from ledger_account`.execute(db.db))
      .rows[0]!.s,
  );

async function agent(parentId: number | null): Promise<number> {
  const [id] = await insertAccounts(db.db, [{ account: freshUsername('sal'), type: MEMBER_TYPE.AGENT }]);
  if (parentId !== null) expect(await moveMember(db.db, id!, parentId)).toBe(true);
  return id!;
}

async function fund(memberId: number, amount: number, key: string) {
  if (amount <= 0) return;
  const house = await houseAccount(db.db, 'banca', 'ADJUSTMENTS', 'BRL');
  const w = await ensureMemberWallet(db.db, memberId, 'banca', 'BRL');
  await transfer(db.db, {
    idempotencyKey: key,
    debitAccountId: house.id,
    creditAccountId: w.id,
    amount,
    kind: 'ADJUSTMENT',
  });
}

interface Tree {
  ids: number[];
  parentOf: Map<number, number>;
  teamOf: (id: number) => number[];
}

async function tree(parents: number[]): Promise<Tree> {
  const ids = [await agent(null)];
  const parentOf = new Map<number, number>();
  for (const [i, p] of parents.entries()) {
    const parent = ids[p % (i + 1)]!;
    const id = await agent(parent);
    ids.push(id);
    parentOf.set(id, parent);
  }
  const teamOf = (id: number): number[] => [
    id,
    ...ids.filter((x) => parentOf.get(x) === id).flatMap((x) => teamOf(x)),
  ];
  return { ids, parentOf, teamOf };
}

/** Offers from the top down, each tier's rates clamped to the upline's best (the cap), accepted. */
async function contracts<T extends { rate?: number; profitRateBp?: number; lossRateBp?: number }>(
  t: Tree,
  kind: 'HOURLY' | 'REALTIME',
  product: ContractProduct,
  tierSets: T[][],
): Promise<{ id: number; downline: number; tiers: T[] }[]> {
  const best = new Map<number, { bp: number; fixed: number }>([[t.ids[0]!, { bp: 200, fixed: 100_000 }]]);
  const out: { id: number; downline: number; tiers: T[] }[] = [];
  for (let i = 1; i < t.ids.length; i++) {
    const down = t.ids[i]!;
    const cap = best.get(t.parentOf.get(down)!)!;
    const tiers = tierSets[(i - 1) % tierSets.length]!.map((x) => {
      if (kind === 'REALTIME')
        return {
          ...x,
          profitRateBp: Math.min(x.profitRateBp!, cap.bp),
          lossRateBp: Math.min(x.lossRateBp!, cap.bp),
        };
      const s = x as unknown as { rateType: 'PERCENT' | 'FIXED'; rate: number };
      return { ...x, rate: Math.min(s.rate, s.rateType === 'FIXED' ? cap.fixed : cap.bp) };
    });
    const c = await offerContract(cdeps(), auth(t.parentOf.get(down)!), {
      downlineId: down,
      product,
      kind,
      period: kind === 'HOURLY' ? 'HOUR' : 'RT',
      tiers,
    } as unknown as ContractOfferBody);
    await acceptContract(cdeps(), auth(down), { contractId: c.id, confirm: true });
    if (kind === 'REALTIME') {
      const bp = Math.max(0, ...tiers.map((x) => Math.max(x.profitRateBp!, x.lossRateBp!)));
      best.set(down, { bp, fixed: 0 });
    } else {
      const s = tiers as unknown as { rateType: 'PERCENT' | 'FIXED'; rate: number }[];
      best.set(down, {
        bp: Math.max(0, ...s.filter((x) => x.rateType === 'PERCENT').map((x) => x.rate)),
        fixed: Math.max(0, ...s.filter((x) => x.rateType === 'FIXED').map((x) => x.rate)),
      });
    }
    out.push({ id: c.id, downline: down, tiers });
  }
  await sql`update agent_contract set accepted_at = '2026-01-01'
            where id in (${sql.join(out.map((c) => c.id))})`.execute(db.db);
  return out;
}

const endContracts = (ids: number[]) =>
  sql`update agent_contract set status = 'terminated' where id in (${sql.join(ids)})`.execute(db.db);

const roundArb = (games: string[]) =>
  fc.record({
    member: fc.nat(),
    // Within the three merchant hours before AT's (minus the grace), to the millisecond.
    offset: fc.integer({ min: 0, max: 3 * 3_600_000 - 1 }),
    game: fc.constantFrom(...games),
    stake: fc.integer({ min: 0, max: 30_000 }),
    payout: fc.integer({ min: 0, max: 60_000 }),
  });

const salaryTiersArb = fc.array(
  fc.record({
    validBet: fc.integer({ min: 0, max: 40_000 }),
    activeMembers: fc.integer({ min: 0, max: 3 }),
    rateType: fc.constantFrom('PERCENT' as const, 'FIXED' as const),
    rate: fc.integer({ min: 0, max: 200 }),
  }),
  { minLength: 1, maxLength: 3 },
);

const realtimeTiersArb = fc.array(
  fc.record({
    minBet: fc.integer({ min: 0, max: 20_000 }),
    profitRateBp: fc.integer({ min: 0, max: 200 }),
    lossRateBp: fc.integer({ min: 0, max: 200 }),
  }),
  { minLength: 1, maxLength: 3 },
);

const PRODUCT_OF: Record<string, string> = {
  LIVE: 'LIVE',
  RNG: 'RNG',
  LOTT: 'LOTT',
  ELOTT: 'ELOTT',
  COCKFIGHT: 'OTHER',
};
const covers = (product: ContractProduct, game: string) => product === 'CONS' || PRODUCT_OF[game] === product;

let run = 0;
/** Periods paid something across all runs: the properties were not met vacuously. */
let paidPeriods = 0;

describe('hourly salary settlement (property)', () => {
  it('equals the reference hour by hour, keeps the ledger at zero and moves nothing when re-run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.array(salaryTiersArb, { minLength: 3, maxLength: 3 }),
        fc.constantFrom<ContractProduct>('CONS', 'LIVE', 'LOTT'),
        fc.array(roundArb(['LIVE', 'RNG', 'LOTT', 'COCKFIGHT']), { minLength: 0, maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 5, maxLength: 5 }),
        async (parents, tierSets, product, rounds, funds) => {
          run += 1;
          const t = await tree(parents);
          const cs = await contracts(t, 'HOURLY', product, tierSets);
          const facts = rounds.map((r, i) => ({
            ...r,
            ref: `H${run}:${i}`,
            memberId: t.ids[r.member % t.ids.length]!,
            at: T0 + r.offset,
          }));
          await settle(facts);
          for (const [i, id] of t.ids.entries())
            await fund(id, funds[i % funds.length]!, `sal-fund:${run}:${id}`);

          const sum0 = await ledgerSum();
          await settleKind(deps(), 'HOURLY', AT);
          for (const c of cs) {
            const team = new Set(t.teamOf(c.downline));
            const got = new Map(
              (await settlementsOf(db.db, c.id)).map((s) => [new Date(s.period_from).getTime(), s]),
            );
            for (let h = 0; h < 3; h++) {
              // The plain reference: the hour cut by the zone's fixed offset, the team's stakes per member.
              const start = T0 + h * 3_600_000;
              const mine = rounds
                .map((r, i) => ({ ...r, memberId: facts[i]!.memberId }))
                .filter(
                  (r) =>
                    team.has(r.memberId) &&
                    covers(product, r.game) &&
                    Math.floor((T0 + r.offset + OFFSET_MS) / 3_600_000) ===
                      Math.floor((start + OFFSET_MS) / 3_600_000),
                );
              const s = got.get(start);
              if (mine.length === 0) {
                expect(s).toBeUndefined();
                continue;
              }
              const perMember = new Map<number, number>();
              for (const r of mine) perMember.set(r.memberId, (perMember.get(r.memberId) ?? 0) + r.stake);
              const bet = mine.reduce((a, r) => a + r.stake, 0);
              const active = [...perMember.values()].filter((x) => x > 0 && x >= ACTIVE_MIN).length;
              let expected = 0;
              for (const tier of c.tiers) {
                if (bet > 0 && bet >= tier.validBet && active >= tier.activeMembers)
                  expected = Math.max(
                    expected,
                    tier.rateType === 'FIXED' ? tier.rate : Math.floor((bet * tier.rate) / 10_000),
                  );
              }
              expect(s, `hour ${h} of contract ${c.id}`).toBeDefined();
              expect(Number(s!.team_valid_bet)).toBe(bet);
              expect(Number(s!.team_pnl)).toBe(mine.reduce((a, r) => a + r.payout - r.stake, 0));
              expect(s!.active_members).toBe(active);
              expect(s!.rounds).toBe(mine.length);
              expect(Number(s!.amount)).toBe(expected);
              expect(Number(s!.paid) + Number(s!.debt)).toBe(expected);
              if (expected > 0) paidPeriods += 1;
            }
          }
          expect(await ledgerSum()).toBe(sum0);
          const before = await memberBalances(db.db, t.ids, 'BRL');
          const again = await settleKind(deps(), 'HOURLY', AT);
          expect(again.settled).toBe(0);
          expect(await memberBalances(db.db, t.ids, 'BRL')).toEqual(before);
          await endContracts(cs.map((c) => c.id));
        },
      ),
      // Ten random cases may all pay nothing (high thresholds, no rounds in a team): this one always
      // pays, so the guard below holds whatever the seed.
      {
        numRuns: 10,
        examples: [
          [
            [0],
            Array.from({ length: 3 }, () => [
              { validBet: 0, activeMembers: 0, rateType: 'PERCENT' as const, rate: 100 },
            ]),
            'CONS',
            [{ member: 1, offset: 1_800_000, game: 'LIVE', stake: 10_000, payout: 0 }],
            [3_000, 3_000, 3_000, 3_000, 3_000],
          ],
        ],
      },
    );
    expect(paidPeriods).toBeGreaterThan(0);
    paidPeriods = 0;
  });
});

describe('real-time salary settlement (property)', () => {
  it('equals the reference per 5-minute period, keeps the ledger at zero and moves nothing when re-run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.array(realtimeTiersArb, { minLength: 3, maxLength: 3 }),
        fc.constantFrom<ContractProduct>('CONS', 'LOTT', 'ELOTT', 'LIVE'),
        fc.array(roundArb(['LOTT', 'ELOTT']), { minLength: 0, maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 5, maxLength: 5 }),
        async (parents, tierSets, product, rounds, funds) => {
          run += 1;
          const t = await tree(parents);
          const cs = await contracts(t, 'REALTIME', product, tierSets);
          // Real-time looks back 2 hours: the rounds fall in the last 100 minutes before AT.
          const placed = rounds.map((r, i) => ({
            ...r,
            ref: `R${run}:${i}`,
            memberId: t.ids[r.member % t.ids.length]!,
            at: AT.getTime() - 30_000 - 100 * 60_000 + (r.offset % (100 * 60_000)),
          }));
          await settle(placed);
          for (const [i, id] of t.ids.entries())
            await fund(id, funds[i % funds.length]!, `sal-fund:${run}:${id}`);

          const sum0 = await ledgerSum();
          await settleKind(deps(), 'REALTIME', AT);
          const lastEnd = Math.floor((AT.getTime() - 30_000) / 300_000) * 300_000;
          for (const c of cs) {
            const team = new Set(t.teamOf(c.downline));
            const got = new Map(
              (await settlementsOf(db.db, c.id)).map((s) => [new Date(s.period_from).getTime(), s]),
            );
            for (let from = lastEnd - 24 * 300_000; from < lastEnd; from += 300_000) {
              const mine = placed.filter(
                (r) =>
                  team.has(r.memberId) && covers(product, r.game) && r.at >= from && r.at < from + 300_000,
              );
              const s = got.get(from);
              if (mine.length === 0) {
                expect(s).toBeUndefined();
                continue;
              }
              // The plain reference: per tier, the rounds at or above its minimum single bet, the profit
              // rate on the stakes of rounds won and the loss rate on the others; the best tier.
              let expected = 0;
              for (const tier of c.tiers) {
                const counted = mine.filter((r) => r.stake > 0 && r.stake >= tier.minBet!);
                const won = counted.filter((r) => r.payout > r.stake).reduce((a, r) => a + r.stake, 0);
                const lost = counted.filter((r) => r.payout <= r.stake).reduce((a, r) => a + r.stake, 0);
                if (counted.length > 0)
                  expected = Math.max(
                    expected,
                    Math.floor((won * tier.profitRateBp! + lost * tier.lossRateBp!) / 10_000),
                  );
              }
              expect(s, `period ${new Date(from).toISOString()} of contract ${c.id}`).toBeDefined();
              expect(Number(s!.amount)).toBe(expected);
              expect(Number(s!.paid) + Number(s!.debt)).toBe(expected);
              if (expected > 0) paidPeriods += 1;
            }
          }
          expect(await ledgerSum()).toBe(sum0);
          const before = await memberBalances(db.db, t.ids, 'BRL');
          const again = await settleKind(deps(), 'REALTIME', AT);
          expect(again.settled).toBe(0);
          expect(await memberBalances(db.db, t.ids, 'BRL')).toEqual(before);
          await endContracts(cs.map((c) => c.id));
        },
      ),
      // As above: one case that always pays, whatever the seed.
      {
        numRuns: 10,
        examples: [
          [
            [0],
            Array.from({ length: 3 }, () => [{ minBet: 0, profitRateBp: 100, lossRateBp: 100 }]),
            'CONS',
            [{ member: 1, offset: 60_000, game: 'LOTT', stake: 10_000, payout: 0 }],
            [3_000, 3_000, 3_000, 3_000, 3_000],
          ],
        ],
      },
    );
    expect(paidPeriods).toBeGreaterThan(0);
    paidPeriods = 0;
  });
});

describe('two salary runs at once', () => {
  it(`pay each hour and each 5-minute period once (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    run += 1;
    const t = await tree([0, 0]);
    const hourly = await contracts(t, 'HOURLY', 'CONS', [
      [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT' as const, rate: 100 }],
    ]);
    const realtime = await contracts(t, 'REALTIME', 'CONS', [
      [{ minBet: 0, profitRateBp: 100, lossRateBp: 100 }],
    ]);
    // Each downline plays 1 000.00 in two hours and in two 5-minute periods (lottery).
    const rounds = t.ids.slice(1).flatMap((memberId, i) => [
      { ref: `P${run}:${i}:a`, memberId, game: 'LOTT', stake: 100_000, payout: 0, at: T0 + 10 * 60_000 },
      { ref: `P${run}:${i}:b`, memberId, game: 'LOTT', stake: 100_000, payout: 0, at: T0 + 70 * 60_000 },
      {
        ref: `P${run}:${i}:c`,
        memberId,
        game: 'ELOTT',
        stake: 100_000,
        payout: 0,
        at: AT.getTime() - 20 * 60_000,
      },
      {
        ref: `P${run}:${i}:d`,
        memberId,
        game: 'ELOTT',
        stake: 100_000,
        payout: 0,
        at: AT.getTime() - 40 * 60_000,
      },
    ]);
    await settle(rounds);
    const sum0 = await ledgerSum();
    const [a, b] = await Promise.all([settleKind(deps(), 'HOURLY', AT), settleKind(deps(), 'HOURLY', AT)]);
    const [c, d] = await Promise.all([
      settleKind(deps(), 'REALTIME', AT),
      settleKind(deps(), 'REALTIME', AT),
    ]);
    // Hourly: three hours with play (10.00 at 1 %, 10.00, then 20.00 from the two lottery rounds);
    // real-time: the three 5-minute periods of the last two hours with a round (10.00 each).
    expect(a.settled + b.settled).toBe(3 * hourly.length);
    expect(c.settled + d.settled).toBe(3 * realtime.length);
    for (const [x, total] of [
      ...hourly.map((h) => [h, 4_000] as const),
      ...realtime.map((r) => [r, 3_000] as const),
    ]) {
      const rows = await settlementsOf(db.db, x.id);
      expect(new Set(rows.map((r) => r.period_key)).size).toBe(rows.length);
      expect(rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(total);
    }
    const got = await memberBalances(db.db, t.ids.slice(1), 'BRL');
    expect([...got.values()]).toEqual([7_000, 7_000]);
    expect(await ledgerSum()).toBe(sum0);
    await endContracts([...hourly, ...realtime].map((x) => x.id));
  });
});

describe('a page of many salary contracts', () => {
  it('of mixed teams and products settles as one contract at a time does', async () => {
    // A tree of 13 agents, four levels; every downline holds an hourly and a real-time contract of a
    // product that varies along the tree, so one page mixes teams that overlap (a team includes its
    // downlines') and product filters (real-time LIVE: nothing to settle). The same play twice: once
    // settled in pages of one contract (the reference), once in one page; every settlement's inputs
    // and amounts, and every balance, the same.
    const parents = [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7];
    const hourlyProducts: ContractProduct[] = ['CONS', 'LIVE', 'LOTT', 'RNG'];
    const realtimeProducts: ContractProduct[] = ['CONS', 'LOTT', 'ELOTT', 'LIVE'];
    const games = ['LIVE', 'RNG', 'LOTT', 'ELOTT', 'COCKFIGHT'];
    const snapshots = [];
    for (const pageSize of [1, undefined]) {
      run += 1;
      const t = await tree(parents);
      const ids: number[] = [];
      for (const [i, down] of t.ids.slice(1).entries()) {
        const up = t.parentOf.get(down)!;
        for (const [kind, product, tiers] of [
          [
            'HOURLY',
            hourlyProducts[i % 4]!,
            [
              { validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: 100 },
              { validBet: 20_000, activeMembers: 2, rateType: 'PERCENT', rate: 150 },
            ],
          ],
          [
            'REALTIME',
            realtimeProducts[i % 4]!,
            [
              { minBet: 0, profitRateBp: 50, lossRateBp: 100 },
              { minBet: 5_000, profitRateBp: 100, lossRateBp: 150 },
            ],
          ],
        ] as const) {
          const c = await offerContract(cdeps(), auth(up), {
            downlineId: down,
            product,
            kind,
            period: kind === 'HOURLY' ? 'HOUR' : 'RT',
            tiers,
          } as unknown as ContractOfferBody);
          await acceptContract(cdeps(), auth(down), { contractId: c.id, confirm: true });
          ids.push(c.id);
        }
      }
      await sql`update agent_contract set accepted_at = '2026-01-01'
                where id in (${sql.join(ids)})`.execute(db.db);
      // 60 rounds spread over the members, the games, the three hours before AT and the real-time
      // look-back (deterministic: both runs play the same).
      const rounds = Array.from({ length: 60 }, (_, i) => ({
        ref: `PG${run}:${i}`,
        memberId: t.ids[(i * 7) % t.ids.length]!,
        game: games[i % games.length]!,
        stake: 1_000 + ((i * 3_717) % 29_000),
        payout: i % 3 === 0 ? 0 : (i * 5_113) % 50_000,
        at:
          i % 2 === 0
            ? T0 + ((i * 1_234_567) % (3 * 3_600_000))
            : AT.getTime() - 30_000 - ((i * 97_003) % 7_000_000),
      }));
      await settle(rounds);
      for (const [i, id] of t.ids.entries()) await fund(id, (i * 913) % 4_000, `pg-fund:${run}:${id}`);

      const sum0 = await ledgerSum();
      const size = pageSize ? { pageSize } : {};
      const hourly = await settleKind({ ...deps(), ...size }, 'HOURLY', AT);
      const realtime = await settleKind({ ...deps(), ...size }, 'REALTIME', AT);
      expect(await ledgerSum()).toBe(sum0);
      expect(hourly.contracts).toBe(12);
      expect(realtime.contracts).toBe(12);
      const settlements = [];
      for (const id of ids)
        settlements.push(
          (await settlementsOf(db.db, id)).map((s) => ({
            period: s.period_key,
            tier: s.tier_index,
            teamValidBet: Number(s.team_valid_bet),
            teamPnl: Number(s.team_pnl),
            activeMembers: s.active_members,
            rounds: s.rounds,
            rate: Number(s.rate),
            amount: Number(s.amount),
            paid: Number(s.paid),
            debt: Number(s.debt),
            payer: s.payer,
          })),
        );
      const balances = await memberBalances(db.db, t.ids, 'BRL');
      snapshots.push({
        hourly: { ...hourly },
        realtime: { ...realtime },
        settlements,
        balances: t.ids.map((id) => balances.get(id) ?? 0),
      });
      await endContracts(ids);
    }
    const [one, page] = snapshots;
    // Not vacuous: hours and 5-minute periods of several products paid, some by the house, some by uplines.
    const rows = one!.settlements.flat();
    expect(rows.filter((s) => s.period.startsWith('HOUR:') && s.amount > 0).length).toBeGreaterThan(5);
    expect(rows.filter((s) => s.period.startsWith('RT:') && s.amount > 0).length).toBeGreaterThan(5);
    expect(new Set(rows.map((s) => s.payer))).toEqual(new Set(['HOUSE', 'UPLINE']));
    expect(page).toEqual(one);
  });
});
