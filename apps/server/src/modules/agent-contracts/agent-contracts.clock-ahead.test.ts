import { MEMBER_TYPE, type ContractOfferBody } from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUsername, insertAccounts } from '../../test/auth-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { periodStartOf, runDueJobs } from '../../platform/jobs/scheduler.ts';
import { moveMember } from '../member/index.ts';
import { memberBalances } from '../wallet/index.ts';
import { createSettlementClockAhead } from './agent-contracts.clock-ahead.ts';
import { agentContractJobs } from './agent-contracts.jobs.ts';
import { settlementsOf } from './agent-contracts.repository.ts';
import { acceptContract, offerContract } from './agent-contracts.service.ts';

/*
 * The scheduled settlement with a contract set ahead of the jobs' clock (the dev route's setting, what
 * the e2e journey uses): the scheduler's run pays THAT contract's today at once, leaves the others to
 * the real clock, claims its periods by the scheduler's own clock (the same period is not run twice,
 * the next one runs), and the day settled ahead is not paid again when the real clock reaches it.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => db?.close());

const auth = (memberId: number): RouteAuth => ({
  memberId,
  merchantCode: 'banca',
  type: MEMBER_TYPE.AGENT,
  tokenHash: 'x',
  loginType: 'password',
});
const cdeps = () => ({ db: db.db, clock: () => new Date() });
/** A contract's settlements as (period, amount, paid, payer): bigint columns read as numbers on both databases. */
const settled = async (contractId: number) =>
  (await settlementsOf(db.db, contractId)).map((s) => ({
    period: s.period_key,
    amount: Number(s.amount),
    paid: Number(s.paid),
    payer: s.payer,
  }));

async function agent(parentId: number | null): Promise<number> {
  const [id] = await insertAccounts(db.db, [{ account: freshUsername('ahd'), type: MEMBER_TYPE.AGENT }]);
  if (parentId !== null) expect(await moveMember(db.db, id!, parentId)).toBe(true);
  return id!;
}

const daily = (downlineId: number): Extract<ContractOfferBody, { kind: 'DAILY' }> => ({
  downlineId,
  product: 'CONS',
  kind: 'DAILY',
  period: 'D',
  tiers: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: 200 }],
});

/** What the reports consumer writes for a round: the member's hour under itself and each upline. */
const play = (memberId: number, hour: string, stake: number) =>
  sql`insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
      select a, ${hour}::timestamptz, 'LIVE', 'BRL', ${memberId}::integer, 1, ${stake}::bigint, 0
      from unnest(array[${memberId}::integer] || array(select ancestor_id from member_tree
        where descendant_id = ${memberId}::integer)) a`.execute(db.db);

describe('settlement clock ahead', () => {
  it('pays the contract set ahead by the schedule, only it, once, with claims on the scheduler clock', async () => {
    const top = await agent(null);
    const a = await agent(top);
    const b = await agent(top);
    const contracts: number[] = [];
    for (const down of [a, b]) {
      const c = await offerContract(cdeps(), auth(top), daily(down));
      await acceptContract(cdeps(), auth(down), { contractId: c.id });
      contracts.push(c.id);
    }
    const [ca, cb] = contracts as [number, number];
    // Accepted this morning; both teams bet 100.00 today.
    await sql`update agent_contract set accepted_at = '2026-03-10T08:00:00Z' where id in (${ca}, ${cb})`.execute(
      db.db,
    );
    await play(a, '2026-03-10T10:00:00Z', 10_000);
    await play(b, '2026-03-10T10:00:00Z', 10_000);

    const ahead = createSettlementClockAhead();
    const [job] = agentContractJobs(
      {
        clock: () => new Date(),
        merchantCode: 'banca',
        merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
        timeZone: async () => 'UTC',
      },
      10,
      300,
      ahead,
    );
    const settle = [job!];
    const now = new Date('2026-03-10T12:00:03Z');

    // Nothing ahead: today is open, yesterday was before the contracts: nothing to pay.
    expect(await runDueJobs(db.db, settle, now, 'n1')).toMatchObject([{ outcome: 'done' }]);
    expect(await settlementsOf(db.db, ca)).toEqual([]);

    // a's contract a day ahead: the next period's run pays a's today (2 % of 100.00), not b's.
    ahead.set([ca], 86_400);
    expect(ahead.groups()).toEqual([{ aheadMs: 86_400_000, contractIds: [ca] }]);
    const next = new Date(now.getTime() + 10_000);
    const ran = await runDueJobs(db.db, settle, next, 'n1');
    expect(ran).toMatchObject([{ outcome: 'done', periodStart: periodStartOf(next, 10) }]);
    expect(ran[0]!.detail).toContain('86400 s ahead');
    expect(await settled(ca)).toEqual([{ period: '2026-03-10', amount: 200, paid: 200, payer: 'HOUSE' }]);
    expect(await settlementsOf(db.db, cb)).toEqual([]);
    const balances = async () => {
      const m = await memberBalances(db.db, [a, b], 'BRL');
      return [m.get(a) ?? 0, m.get(b) ?? 0];
    };
    expect(await balances()).toEqual([200, 0]);

    // The same period is not run again; the next one runs and pays nothing twice.
    expect(await runDueJobs(db.db, settle, next, 'n2')).toEqual([]);
    expect(await runDueJobs(db.db, settle, new Date(next.getTime() + 10_000), 'n2')).toHaveLength(1);
    expect(await settlementsOf(db.db, ca)).toHaveLength(1);
    // The claims are the scheduler's periods (its clock), never the settlement's shifted one.
    const claims = await sql<{ period_start: Date }>`select period_start from job_run
      where name = 'agent-contracts.settle' order by period_start`.execute(db.db);
    expect(claims.rows.map((r) => new Date(r.period_start).toISOString())).toEqual([
      '2026-03-10T12:00:00.000Z',
      '2026-03-10T12:00:10.000Z',
      '2026-03-10T12:00:20.000Z',
    ]);

    // Tomorrow by the real clock: b's day is paid; a's, settled ahead, is not paid again.
    ahead.set([ca], 0);
    expect(ahead.groups()).toEqual([]);
    await runDueJobs(db.db, settle, new Date('2026-03-11T00:10:00Z'), 'n1');
    expect(await settlementsOf(db.db, ca)).toHaveLength(1);
    expect(await settled(cb)).toEqual([{ period: '2026-03-10', amount: 200, paid: 200, payer: 'HOUSE' }]);
    expect(await balances()).toEqual([200, 200]);
  });
});
