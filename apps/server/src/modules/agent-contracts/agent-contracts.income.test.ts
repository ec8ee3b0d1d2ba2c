/**
 * Debt repayments in the agent's income report (GET /wps/agent/income): an upline short of funds
 * leaves a debt to its downline, settled first from its next contract credit. The downline (creditor)
 * sees the late money as DEBT_REPAID, the upline (debtor) the part of its credit withheld to repay as
 * DEBT_WITHHELD (negative); each period's total is the sum of its sources; the period filter applies
 * as to the other sources, and a re-run changes nothing.
 */
import {
  agentContractOpsRoutes,
  agentContractRoutes,
  agentRoutes,
  contractViewSchema,
  incomeValueSchema,
  MEMBER_TYPE,
  type ContractOfferBody,
} from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFreshAccount } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { ensureMemberWallet, houseAccount, memberBalances, transfer } from '../wallet/index.ts';

let t: OpsTestServer;
let admin: string;
beforeAll(async () => {
  t = await startOpsTestServer();
  admin = (await t.operator('admin')).token;
}, 180_000);
afterAll(() => t?.close());

interface Agent {
  token: string;
  memberId: number;
}

const loginAs = (type: number, parentId?: number): Promise<Agent> =>
  loginFreshAccount(t, type, { prefix: 'inc', parentId });

const call = (route: { path: string; method: string }, token: string, body?: unknown, query = '') =>
  t.client.call(`${route.path}${query}`, { method: route.method, token, ...(body ? { body } : {}) });

const daily = (downlineId: number, rateBp: number): ContractOfferBody => ({
  downlineId,
  product: 'CONS',
  kind: 'DAILY',
  period: 'D',
  tiers: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: rateBp }],
});

async function contract(upline: Agent, down: Agent, body: ContractOfferBody): Promise<number> {
  const res = await call(agentContractRoutes.offer, upline.token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = contractViewSchema.parse(res.body.value).id;
  const a = await call(agentContractRoutes.accept, down.token, { contractId: id });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return id;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const income = async (agent: Agent, from: string, to: string) => {
  const res = await call(agentRoutes.income, agent.token, undefined, `?period=day&from=${from}&to=${to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return incomeValueSchema.parse(res.body.value);
};

describe('debt repayments in the income report', () => {
  it('the creditor sees the late money received, the debtor what was withheld; totals add up', async () => {
    // top (top level) > sub > leaf > player. sub -> leaf 1 %, top -> sub 2 % (daily wages).
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const leaf = await loginAs(MEMBER_TYPE.AGENT, sub.memberId);
    const player = await loginAs(MEMBER_TYPE.MEMBER, leaf.memberId);
    // sub -> leaf first: in the page (contract id order) sub pays leaf before the house pays sub.
    const below = await contract(sub, leaf, daily(leaf.memberId, 100));
    const above = await contract(top, sub, daily(sub.memberId, 200));
    await sql`update agent_contract set accepted_at = '2026-01-01' where id in (${below}, ${above})`.execute(
      t.database.db,
    );
    // sub holds R$ 3: it pays leaf 300 of the 1 000 it owes, the 700 left is its debt.
    const house = await houseAccount(t.database.db, 'banca', 'ADJUSTMENTS', 'BRL');
    const w = await ensureMemberWallet(t.database.db, sub.memberId, 'banca', 'BRL');
    await transfer(t.database.db, {
      idempotencyKey: `test-fund:${sub.memberId}`,
      debitAccountId: house.id,
      creditAccountId: w.id,
      amount: 300,
      kind: 'ADJUSTMENT',
    });
    // The player's day: R$ 1 000 staked (what the reports consumer writes for it).
    await sql`insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
      select a, '2026-02-10T15:00:00Z'::timestamptz, 'RNG', 'BRL', ${player.memberId}::integer, 1, 100000, 100000
      from unnest(array[${player.memberId}::integer] || array(select ancestor_id from member_tree
        where descendant_id = ${player.memberId}::integer)) a`.execute(t.database.db);
    const rerun = () =>
      t.ops(agentContractOpsRoutes.opsRerun.path, {
        method: 'POST',
        token: admin,
        body: { kind: 'DAILY', day: '2026-02-11', reason: 'settle the test day' },
      });
    expect((await rerun()).status).toBe(200);
    // The house paid sub 2 000; 700 of it went straight to leaf, clearing the debt.
    const balances = await memberBalances(t.database.db, [sub.memberId, leaf.memberId], 'BRL');
    expect([balances.get(sub.memberId), balances.get(leaf.memberId)]).toEqual([1_300, 1_000]);

    const [from, to] = [day(-1), day(1)];
    const creditor = await income(leaf, from, to);
    expect(creditor.totals.sources).toEqual({
      UPLINE_TRANSFER: 0,
      DOWNLINE_TRANSFER: 0,
      CONTRACT: 300,
      DEBT_REPAID: 700,
      DEBT_WITHHELD: 0,
    });
    expect(creditor.totals.total).toBe(1_000);
    const debtor = await income(sub, from, to);
    expect(debtor.totals.sources).toEqual({
      UPLINE_TRANSFER: 0,
      DOWNLINE_TRANSFER: 0,
      CONTRACT: 2_000,
      DEBT_REPAID: 0,
      DEBT_WITHHELD: -700,
    });
    expect(debtor.totals.total).toBe(1_300);
    // Per period: today's row carries it, and every row's total is the sum of its sources.
    const today = debtor.periods.find((p) => p.sources.DEBT_WITHHELD !== 0)!;
    expect(today.sources.DEBT_WITHHELD).toBe(-700);
    for (const r of [...debtor.periods, ...creditor.periods])
      expect(r.total).toBe(Object.values(r.sources).reduce((a, b) => a + b, 0));
    expect(creditor.periods.filter((p) => p.sources.DEBT_REPAID === 700)).toHaveLength(1);

    // The period filter: a range before the repayment shows none of it.
    const before = await income(sub, '2026-01-01', '2026-01-31');
    expect([before.totals.sources.DEBT_WITHHELD, before.totals.total]).toEqual([0, 0]);
    // A re-run moves nothing, so the report stays the same.
    expect((await rerun()).status).toBe(200);
    expect(await income(sub, from, to)).toEqual(debtor);
    expect(await income(leaf, from, to)).toEqual(creditor);
  });
});
