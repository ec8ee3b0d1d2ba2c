import { MEMBER_TYPE, type ContractOfferBody, type SalaryTier } from '@banca/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUsername, insertAccounts } from '../../test/auth-client.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { moveMember } from '../member/index.ts';
import { ensureMemberWallet, houseAccount, memberBalances, transfer } from '../wallet/index.ts';
import { acceptContract, offerContract } from './agent-contracts.service.ts';
import { settleKind, type SettlementDeps } from './agent-contracts.settlement.ts';
import { settlementsOf } from './agent-contracts.repository.ts';

/*
 * Settlement against a plain reference calculation over random trees, tiers and rounds (fast-check),
 * and two settlement runs of one period at once (real PostgreSQL when TEST_DATABASE_URL is set; on
 * PGlite the two runs interleave on one connection). No HTTP: the services are called directly.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

const DAY = '2026-02-03';
const AT = new Date('2026-02-04T12:00:00Z');
const deps = (): SettlementDeps => ({
  db: db.db,
  clock: () => new Date(),
  merchantCode: 'banca',
  merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
  timeZone: async () => 'UTC',
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
const balances = async (ids: number[]) => memberBalances(db.db, ids, 'BRL');

async function agent(parentId: number | null): Promise<number> {
  const [id] = await insertAccounts(db.db, [{ account: freshUsername('ps'), type: MEMBER_TYPE.AGENT }]);
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

/** What the reports consumer writes for a round: the member's hour under itself and each upline. */
const playHour = (memberId: number, hour: string, product: string, stake: number, payout: number) =>
  sql`insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
      select a, ${hour}::timestamptz, ${product}, 'BRL', ${memberId}::integer, 1, ${stake}::bigint,
        ${payout}::bigint
      from unnest(array[${memberId}::integer] || array(select ancestor_id from member_tree
        where descendant_id = ${memberId}::integer)) a
      on conflict (agent_id, hour, product, currency, member_id) do update set
        rounds = report_team_hour.rounds + 1, stake = report_team_hour.stake + excluded.stake,
        payout = report_team_hour.payout + excluded.payout`.execute(db.db);

const tiersArb = fc.array(
  fc.record({
    validBet: fc.integer({ min: 0, max: 50_000 }),
    activeMembers: fc.integer({ min: 0, max: 3 }),
    rateType: fc.constantFrom('PERCENT' as const, 'FIXED' as const),
    rate: fc.integer({ min: 0, max: 200 }),
  }),
  { minLength: 1, maxLength: 3 },
);

/** The plain reference: the team's stakes, the met tier paying most, rounded down. */
function reference(
  tiers: { validBet: number; activeMembers: number; rateType: 'PERCENT' | 'FIXED'; rate: number }[],
  stakes: number[],
  activeMin: number,
): number {
  const bet = stakes.reduce((a, b) => a + b, 0);
  const active = stakes.filter((s) => s > 0 && s >= activeMin).length;
  let best = 0;
  for (const t of tiers) {
    if (bet > 0 && bet >= t.validBet && active >= t.activeMembers) {
      best = Math.max(best, t.rateType === 'FIXED' ? t.rate : Math.floor((bet * t.rate) / 10_000));
    }
  }
  return best;
}

describe('daily-wage settlement (property)', () => {
  it('equals the reference, keeps the ledger at zero and moves nothing when re-run', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        // parent index of each further agent (a random small tree under one top agent)
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.array(tiersArb, { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 80_000 }), { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 5, maxLength: 5 }),
        async (parents, tierSets, stakes, funds) => {
          run += 1;
          const ids = [await agent(null)];
          for (const p of parents) ids.push(await agent(ids[p % ids.length]!));
          const parentOf = new Map<number, number>();
          parents.forEach((p, i) => parentOf.set(ids[i + 1]!, ids[p % (i + 1)]!));
          // Offers from the top down; a downline never gets more than its upline's best (the cap):
          // clamp each tier to its upline's best rates.
          const best = new Map<number, { bp: number; fixed: number }>([
            [ids[0]!, { bp: 200, fixed: 100_000 }],
          ]);
          const contracts: { id: number; downline: number; tiers: ContractOfferBody['tiers'] }[] = [];
          for (let i = 1; i < ids.length; i++) {
            const down = ids[i]!;
            const up = parentOf.get(down)!;
            const cap = best.get(up)!;
            const tiers = tierSets[(i - 1) % tierSets.length]!.map((t) => ({
              ...t,
              rate: Math.min(t.rate, t.rateType === 'FIXED' ? cap.fixed : cap.bp),
            }));
            const c = await offerContract(cdeps(), auth(up), {
              downlineId: down,
              product: 'CONS',
              kind: 'DAILY',
              period: 'D',
              tiers,
            });
            await acceptContract(cdeps(), auth(down), { contractId: c.id, confirm: true });
            best.set(down, {
              bp: Math.max(0, ...tiers.filter((t) => t.rateType === 'PERCENT').map((t) => t.rate)),
              fixed: Math.max(0, ...tiers.filter((t) => t.rateType === 'FIXED').map((t) => t.rate)),
            });
            contracts.push({ id: c.id, downline: down, tiers });
          }
          await sql`update agent_contract set accepted_at = '2026-01-01'
                    where id in (${sql.join(contracts.map((c) => c.id))})`.execute(db.db);
          const stakeOf = new Map(ids.map((id, i) => [id, stakes[i % stakes.length]!]));
          for (const [id, stake] of stakeOf) {
            if (stake > 0) await playHour(id, `${DAY}T10:00:00Z`, 'LIVE', stake, 0);
          }
          for (const [i, id] of ids.entries())
            await fund(id, funds[i % funds.length]!, `ps-fund:${run}:${id}`);

          const sum0 = await ledgerSum();
          await settleKind(deps(), 'DAILY', AT);
          const teamOf = (id: number): number[] => [
            id,
            ...ids.filter((x) => parentOf.get(x) === id).flatMap((x) => teamOf(x)),
          ];
          for (const c of contracts) {
            const [s] = await settlementsOf(db.db, c.id);
            const expected = reference(
              c.tiers as never,
              teamOf(c.downline).map((m) => stakeOf.get(m)!),
              1_000,
            );
            expect(Number(s!.amount)).toBe(expected);
            expect(Number(s!.paid) + Number(s!.debt)).toBe(expected);
          }
          expect(await ledgerSum()).toBe(sum0);
          const before = await balances(ids);
          const again = await settleKind(deps(), 'DAILY', AT);
          expect(again.settled).toBe(0);
          expect(await balances(ids)).toEqual(before);
          // Keep later runs' work lists small.
          await sql`update agent_contract set status = 'terminated'
                    where id in (${sql.join(contracts.map((c) => c.id))})`.execute(db.db);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('two settlement runs of one period at once', () => {
  it(`pay once (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const top = await agent(null);
    const subs = [await agent(top), await agent(top), await agent(top)];
    const ids: number[] = [];
    for (const sub of subs) {
      const c = await offerContract(cdeps(), auth(top), {
        downlineId: sub,
        product: 'CONS',
        kind: 'DAILY',
        period: 'D',
        tiers: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: 100 }],
      });
      await acceptContract(cdeps(), auth(sub), { contractId: c.id });
      ids.push(c.id);
      await playHour(sub, `${DAY}T10:00:00Z`, 'LIVE', 100_000, 0);
    }
    await sql`update agent_contract set accepted_at = '2026-01-01' where id in (${sql.join(ids)})`.execute(
      db.db,
    );
    const sum0 = await ledgerSum();
    const [a, b] = await Promise.all([settleKind(deps(), 'DAILY', AT), settleKind(deps(), 'DAILY', AT)]);
    expect(a.settled + b.settled).toBe(3);
    for (const id of ids) expect(await settlementsOf(db.db, id)).toHaveLength(1);
    expect([...(await balances(subs)).values()]).toEqual([1_000, 1_000, 1_000]);
    expect(await ledgerSum()).toBe(sum0);
  });
});

describe('a page settles as one by one', () => {
  const DAYS = ['2026-03-10', '2026-03-11'];
  const ROLES = ['T', 'U', 'D1', 'D2', 'D3', 'E'] as const;
  type Role = (typeof ROLES)[number];
  const fixed = (amount: number): SalaryTier[] => [
    { validBet: 0, activeMembers: 0, rateType: 'FIXED', rate: amount },
  ];

  /**
   * T (top: the house pays it) > U > D1, D2, D3, and D1 > E. U holds 100 and owes its three downlines
   * 200 + 250 + 150 a day, D1 owes E 120; U's own contract (300 a day from the house) has the highest
   * id, so in a page U first leaves debts, then pays them from its credit later in the same page, and
   * on the next day pays the older ones first.
   */
  async function scenario(tag: string) {
    const m = {} as Record<Role, number>;
    m.T = await agent(null);
    m.U = await agent(m.T);
    m.D1 = await agent(m.U);
    m.D2 = await agent(m.U);
    m.D3 = await agent(m.U);
    m.E = await agent(m.D1);
    const offer = async (up: Role, down: Role, amount: number) => {
      const c = await offerContract(cdeps(), auth(m[up]), {
        downlineId: m[down],
        product: 'CONS',
        kind: 'DAILY',
        period: 'D',
        tiers: fixed(amount),
      });
      await acceptContract(cdeps(), auth(m[down]), { contractId: c.id, confirm: true });
      return c.id;
    };
    // U's contract first (its cap allows U's offers), ended and offered again last (the highest id).
    const first = await offer('T', 'U', 300);
    const c = {
      UD1: await offer('U', 'D1', 200),
      UD2: await offer('U', 'D2', 250),
      UD3: await offer('U', 'D3', 150),
      D1E: await offer('D1', 'E', 120),
      TU: 0,
    };
    await sql`update agent_contract set status = 'terminated' where id = ${first}`.execute(db.db);
    c.TU = await offer('T', 'U', 300);
    const ids = Object.values(c);
    await sql`update agent_contract set accepted_at = '2026-01-01' where id in (${sql.join(ids)})`.execute(
      db.db,
    );
    for (const day of DAYS) for (const r of ROLES) await playHour(m[r], `${day}T10:00:00Z`, 'LIVE', 500, 0);
    await fund(m.U, 100, `page-fund:${tag}:${m.U}`);
    return { m, c, ids };
  }

  /** Settlements, debts and balances of a scenario, by role (ids differ between the two). */
  async function snapshot({ m, c }: Awaited<ReturnType<typeof scenario>>) {
    const roleOf = new Map(ROLES.map((r) => [m[r], r]));
    const settlements: Record<string, unknown[]> = {};
    for (const [name, id] of Object.entries(c)) {
      settlements[name] = (await settlementsOf(db.db, id)).map((s) => ({
        period: s.period_key,
        amount: Number(s.amount),
        paid: Number(s.paid),
        debt: Number(s.debt),
        payer: s.payer,
      }));
    }
    const debts = (
      await sql<{
        debtor_id: number;
        creditor_id: number;
        amount: string;
        remaining: string;
        settled: boolean;
      }>`select debtor_id, creditor_id, amount, remaining, settled_at is not null as settled
        from agent_contract_debt where debtor_id in (${sql.join(Object.values(m))}) order by id`.execute(
        db.db,
      )
    ).rows.map((d) => ({
      debtor: roleOf.get(d.debtor_id),
      creditor: roleOf.get(d.creditor_id),
      amount: Number(d.amount),
      remaining: Number(d.remaining),
      settled: d.settled,
    }));
    const b = await balances(Object.values(m));
    return { settlements, debts, balances: Object.fromEntries(ROLES.map((r) => [r, b.get(m[r])])) };
  }

  it('leaves the same debts, payments and balances as settling one contract at a time', async () => {
    const runs = [];
    for (const pageSize of [1, undefined]) {
      const s = await scenario(String(pageSize));
      const sum0 = await ledgerSum();
      for (const day of DAYS) {
        const at = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000);
        const r = await settleKind({ ...deps(), ...(pageSize ? { pageSize } : {}) }, 'DAILY', at);
        expect(r.debt).toBeGreaterThan(0);
      }
      expect(await ledgerSum()).toBe(sum0);
      runs.push(await snapshot(s));
      await sql`update agent_contract set status = 'terminated' where id in (${sql.join(s.ids)})`.execute(
        db.db,
      );
    }
    const [one, page] = runs;
    expect(page).toEqual(one);
    // U short on day one: 100 of D1's 200, nothing of D2's 250 or D3's 150; its 300, later in the
    // same page, pays those debts oldest first (D1 100, D2 200 of 250); day two's 300 pays D2's 50 and
    // D3's 150 before the new debts of that day.
    expect(one!.debts.slice(0, 3)).toEqual([
      { debtor: 'U', creditor: 'D1', amount: 100, remaining: 0, settled: true },
      { debtor: 'U', creditor: 'D2', amount: 250, remaining: 0, settled: true },
      { debtor: 'U', creditor: 'D3', amount: 150, remaining: 0, settled: true },
    ]);
    expect(one!.debts.length).toBeGreaterThan(3);
  });
});
