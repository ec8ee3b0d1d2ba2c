/**
 * The back office's contract calls (issue 24 item 6). Role refusals of every call are walked in the
 * role-matrix test and generated bad input in ops.bad-input.test.ts; here: contracts with filters,
 * keyset pages and their detail; ending a contract (audited, both agents see it ended); settlement runs
 * with failed contracts and a re-run that pays only what was left out (nothing twice, ledger sum kept);
 * open debts with their settlements; the settings (validated, audited, in effect); and contract pay in
 * the agent's income report.
 */
import {
  agentContractOpsRoutes as r,
  agentContractRoutes,
  agentRoutes,
  contractAcceptValueSchema,
  contractListSchema,
  contractViewSchema,
  incomeValueSchema,
  MEMBER_TYPE,
  opsContractDetailSchema,
  opsContractSettingsValueSchema,
  opsContractsPageSchema,
  opsDebtsPageSchema,
  opsRerunValueSchema,
  opsRunsPageSchema,
  type ContractOfferBody,
} from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, loginFreshAccount } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { ensureMemberWallet, houseAccount, memberBalances, transfer } from '../wallet/index.ts';

let t: OpsTestServer;
let admin: string;
let finance: string;
let support: string;
beforeAll(async () => {
  t = await startOpsTestServer();
  admin = (await t.operator('admin')).token;
  finance = (await t.operator('finance')).token;
  support = (await t.operator('support')).token;
}, 180_000);
afterAll(() => t?.close());

interface Agent {
  token: string;
  memberId: number;
  account: string;
}

const loginAs = (type: number, parentId?: number): Promise<Agent> =>
  loginFreshAccount(t, type, { prefix: 'cop', parentId });

const agentCall = (
  route: { path: string; method: string },
  token: string,
  init: { query?: Record<string, string>; body?: unknown } = {},
) =>
  t.client.call(`${route.path}${init.query ? `?${new URLSearchParams(init.query).toString()}` : ''}`, {
    method: route.method,
    token,
    ...(init.body !== undefined ? { body: init.body } : {}),
  });

const ops = (
  route: { path: string; method: string },
  init: { token?: string; query?: Record<string, string>; body?: unknown; id?: number } = {},
) =>
  t.ops(
    `${route.path.replace(':id', String(init.id ?? 0))}${init.query ? `?${new URLSearchParams(init.query).toString()}` : ''}`,
    {
      method: route.method,
      token: init.token ?? admin,
      ...(init.body !== undefined ? { body: init.body } : {}),
    },
  );

const daily = (downlineId: number, rateBp: number): ContractOfferBody => ({
  downlineId,
  product: 'CONS',
  kind: 'DAILY',
  period: 'D',
  tiers: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: rateBp }],
});

async function contract(upline: Agent, down: Agent, body: ContractOfferBody, accept = true) {
  const res = await agentCall(agentContractRoutes.offer, upline.token, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const c = contractViewSchema.parse(res.body.value);
  if (!accept) return c.id;
  const a = await agentCall(agentContractRoutes.accept, down.token, { body: { contractId: c.id } });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  contractAcceptValueSchema.parse(a.body.value);
  return c.id;
}

const backdate = (ids: number[]) =>
  sql`update agent_contract set accepted_at = '2026-01-01' where id in (${sql.join(ids)})`.execute(
    t.database.db,
  );
/** What the reports consumer writes for a round at 15:00Z of `day`: the member's hour under itself and each upline. */
const play = (memberId: number, day: string, stake: number, payout: number) =>
  sql`insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
      select a, ${`${day}T15:00:00Z`}::timestamptz, 'RNG', 'BRL', ${memberId}::integer, 1, ${stake}::bigint,
        ${payout}::bigint
      from unnest(array[${memberId}::integer] || array(select ancestor_id from member_tree
        where descendant_id = ${memberId}::integer)) a`.execute(t.database.db);
const balance = async (id: number) => (await memberBalances(t.database.db, [id], 'BRL')).get(id) ?? 0;
const ledgerSum = async () =>
  Number(
    (
      await sql<{ s: string }>`select coalesce(sum(balance), 0)::text as s from ledger_account`.execute(
        t.database.db,
      )
    ).rows[0]!.s,
  );
const auditOf = async (subjectType: string, subjectId: string) =>
  (await t.ops(`/ops/audit?subjectType=${subjectType}&subjectId=${subjectId}&limit=5`, { token: admin })).body
    .value.items as { action: string; before: unknown; after: unknown; reason: string }[];

describe('settlement runs and the re-run', () => {
  it('shows a partial run with its failed contract; a re-run pays only that one, and nothing twice', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub1 = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const sub2 = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const p1 = await loginAs(MEMBER_TYPE.MEMBER, sub1.memberId);
    const p2 = await loginAs(MEMBER_TYPE.MEMBER, sub2.memberId);
    const c1 = await contract(top, sub1, daily(sub1.memberId, 200));
    const c2 = await contract(top, sub2, daily(sub2.memberId, 100));
    await backdate([c1, c2]);
    await play(p1.memberId, '2026-01-10', 100_000, 50_000);
    await play(p2.memberId, '2026-01-10', 50_000, 0);
    const sum0 = await ledgerSum();

    // A run that left c2 out (as a node dying before its transaction committed would): c2 is out of
    // force for the first run only.
    await sql`update agent_contract set status = 'terminated' where id = ${c2}`.execute(t.database.db);
    const rerun = (token = admin, day = '2026-01-11') =>
      ops(r.opsRerun, { token, body: { kind: 'DAILY', day, reason: 'node died mid-run' } });
    const first = await rerun();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(opsRerunValueSchema.parse(first.body.value)).toMatchObject({ settled: 1, paid: 2_000 });
    await sql`update agent_contract set status = 'active' where id = ${c2}`.execute(t.database.db);

    const runs = async (token = admin) => {
      const res = await ops(r.opsRuns, { token, query: { kind: 'DAILY' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return opsRunsPageSchema.parse(res.body.value).items.find((x) => x.period === '2026-01-10')!;
    };
    // Finance reads the runs too.
    expect(await runs(finance)).toMatchObject({
      kind: 'DAILY',
      settled: 1,
      amount: 2_000,
      paid: 2_000,
      debt: 0,
      failed: 1,
      rerunDay: '2026-01-11',
    });
    // Only admin re-runs.
    expectFailure(await rerun(finance), 403, 'forbidden');

    const second = opsRerunValueSchema.parse((await rerun()).body.value);
    expect(second).toMatchObject({ settled: 1, skipped: 1, paid: 500 });
    expect(await balance(sub1.memberId)).toBe(2_000);
    expect(await balance(sub2.memberId)).toBe(500);
    // Re-running again moves nothing at all.
    const third = opsRerunValueSchema.parse((await rerun()).body.value);
    expect(third).toMatchObject({ settled: 0, skipped: 2, paid: 0, debt: 0 });
    expect(await balance(sub1.memberId)).toBe(2_000);
    expect(await balance(sub2.memberId)).toBe(500);
    expect(await ledgerSum()).toBe(sum0);
    const n = await sql<{ n: number }>`select count(*)::int8 as n from ledger_transfer
      where idempotency_key like ${`agent-contract:${c1}:%`} or idempotency_key like ${`agent-contract:${c2}:%`}`.execute(
      t.database.db,
    );
    expect(n.rows[0]!.n).toBe(2);
    expect(await runs()).toMatchObject({ settled: 2, paid: 2_500, failed: 0 });
    expect((await auditOf('agent_contract_run', 'DAILY:2026-01-11'))[0]).toMatchObject({
      action: 'agent_contract.rerun',
      reason: 'node died mid-run',
      after: { settled: 0, skipped: 2 },
    });

    // A period that has not ended cannot be re-run.
    expectFailure(await rerun(admin, '2099-01-01'), 409, 'contract_period_open');

    // The contract's detail shows the settlement with its inputs.
    const detail = opsContractDetailSchema.parse((await ops(r.opsContract, { id: c1 })).body.value);
    expect(detail.settlements).toEqual([
      expect.objectContaining({
        period: '2026-01-10',
        tier: 0,
        teamValidBet: 100_000,
        teamPnl: -50_000,
        activeMembers: 1,
        rateType: 'PERCENT',
        rate: 200,
        amount: 2_000,
        paid: 2_000,
        payer: 'HOUSE',
      }),
    ]);
    expect(detail.contract).toMatchObject({ settlements: 1, paid: 2_000 });

    // The downline's income report shows the wage as daily contract pay (paid today).
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const income = incomeValueSchema.parse(
      (await agentCall(agentRoutes.income, sub1.token, { query: { period: 'day', from, to: tomorrow } })).body
        .value,
    );
    expect(income.contractIncomeAvailable).toBe(true);
    expect(income.totals.contracts).toEqual({ DIVIDEND: 0, DAILY: 2_000, HOURLY: 0, REALTIME: 0 });
    expect(income.totals.sources.CONTRACT).toBe(2_000);
    expect(
      income.periods.some((p) => p.contracts.DAILY === 2_000 && p.label >= from && p.label <= today),
    ).toBe(true);
  });
});

describe('contracts', () => {
  it('lists by kind, status and party account with keyset pages; the detail has the history', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const subs = [
      await loginAs(MEMBER_TYPE.AGENT, top.memberId),
      await loginAs(MEMBER_TYPE.AGENT, top.memberId),
      await loginAs(MEMBER_TYPE.AGENT, top.memberId),
    ];
    const ids = [
      await contract(top, subs[0]!, daily(subs[0]!.memberId, 100)),
      await contract(top, subs[1]!, daily(subs[1]!.memberId, 100), false),
      await contract(top, subs[2]!, {
        downlineId: subs[2]!.memberId,
        product: 'LIVE',
        kind: 'DIVIDEND',
        period: 'W',
        tiers: [{ validBet: 0, netLoss: 0, activeMembers: 0, rateBp: 1_000 }],
      }),
    ];
    const page = async (query: Record<string, string>, token = admin) => {
      const res = await ops(r.opsContracts, { token, query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return opsContractsPageSchema.parse(res.body.value);
    };
    expect((await page({ account: top.account })).items.map((c) => c.id)).toEqual([...ids].reverse());
    expect((await page({ account: subs[1]!.account })).items.map((c) => c.id)).toEqual([ids[1]]);
    expect((await page({ account: top.account, kind: 'DIVIDEND' })).items.map((c) => c.id)).toEqual([ids[2]]);
    expect((await page({ account: top.account, status: 'offered' })).items.map((c) => c.id)).toEqual([
      ids[1],
    ]);
    const p1 = await page({ account: top.account, limit: '2' });
    expect(p1.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const p2 = await page({ account: top.account, limit: '2', after: String(p1.nextCursor) });
    expect([p2.items.map((c) => c.id), p2.nextCursor]).toEqual([[ids[0]], null]);

    const detail = opsContractDetailSchema.parse((await ops(r.opsContract, { id: ids[0] })).body.value);
    expect(detail.contract).toMatchObject({
      upline: { id: top.memberId, account: top.account },
      downline: { id: subs[0]!.memberId, account: subs[0]!.account },
      tiers: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: 100 }],
      bestRateBp: 100,
      status: 'active',
    });
    expect(detail.history.map((h) => [h.status, h.by])).toEqual([
      ['offered', 'upline'],
      ['active', 'downline'],
    ]);
    expectFailure(await ops(r.opsContract, { id: 999_999_999 }), 404, 'contract_not_found');
    // Contracts are admin's: finance and support are refused.
    expectFailure(await ops(r.opsContracts, { token: finance }), 403, 'forbidden');
    expectFailure(await ops(r.opsContract, { token: support, id: ids[0] }), 403, 'forbidden');
  });

  it('ends a contract with a reason: audited, both agents see it ended; refusals change nothing', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const id = await contract(top, sub, daily(sub.memberId, 100));
    const end = (body: unknown, token = admin) => ops(r.opsEndContract, { token, body });

    expectFailure(await end({ contractId: id, reason: 'x' }), 400, 'invalid_input');
    expectFailure(await end({ contractId: id, reason: 'fraud suspected' }, finance), 403, 'forbidden');
    expectFailure(
      await end({ contractId: 999_999_999, reason: 'fraud suspected' }),
      404,
      'contract_not_found',
    );
    const res = await end({ contractId: id, reason: 'fraud suspected' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({ id, status: 'terminated', endedReason: 'ended_by_operator' });
    expectFailure(await end({ contractId: id, reason: 'again please' }), 409, 'contract_state');

    for (const agent of [top, sub]) {
      const list = contractListSchema.parse(
        (await agentCall(agentContractRoutes.list, agent.token)).body.value,
      );
      expect(list.list.find((c) => c.id === id)).toMatchObject({
        status: 'terminated',
        endedReason: 'ended_by_operator',
      });
    }
    const audit = await auditOf('agent_contract', String(id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'agent_contract.end',
      before: { status: 'active', endedReason: null },
      after: { status: 'terminated', endedReason: 'ended_by_operator' },
      reason: 'fraud suspected',
    });
    const detail = opsContractDetailSchema.parse((await ops(r.opsContract, { id })).body.value);
    expect(detail.history.at(-1)).toMatchObject({ status: 'terminated', by: 'operator' });
    // The pair may sign a new contract now.
    await contract(top, sub, daily(sub.memberId, 100), false);
  });
});

describe('debts', () => {
  it('lists open debts per agent with the settlement that created each', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const leaf = await loginAs(MEMBER_TYPE.AGENT, sub.memberId);
    const player = await loginAs(MEMBER_TYPE.MEMBER, leaf.memberId);
    const c = await contract(sub, leaf, daily(leaf.memberId, 100));
    await backdate([c]);
    const house = await houseAccount(t.database.db, 'banca', 'ADJUSTMENTS', 'BRL');
    const w = await ensureMemberWallet(t.database.db, sub.memberId, 'banca', 'BRL');
    await transfer(t.database.db, {
      idempotencyKey: `test-fund:${sub.memberId}`,
      debitAccountId: house.id,
      creditAccountId: w.id,
      amount: 300,
      kind: 'ADJUSTMENT',
    });
    await play(player.memberId, '2026-01-20', 100_000, 100_000);
    const res = await ops(r.opsRerun, {
      body: { kind: 'DAILY', day: '2026-01-21', reason: 'settle day 20' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const debts = await ops(r.opsDebts, { token: finance, query: { account: sub.account } });
    expect(debts.status, JSON.stringify(debts.body)).toBe(200);
    const page = opsDebtsPageSchema.parse(debts.body.value);
    expect(page.agents).toEqual([
      { debtor: { id: sub.memberId, account: sub.account }, debts: 1, remaining: 700 },
    ]);
    expect(page.items).toEqual([
      expect.objectContaining({
        debtor: { id: sub.memberId, account: sub.account },
        creditor: { id: leaf.memberId, account: leaf.account },
        amount: 700,
        remaining: 700,
        settlement: expect.objectContaining({ contractId: c, kind: 'DAILY', period: '2026-01-20' }),
      }),
    ]);
    expectFailure(await ops(r.opsDebts, { token: support }), 403, 'forbidden');
  });
});

describe('runs pages', () => {
  it('pages the runs newest period first, keyset on (period, kind, key)', async () => {
    // The runs of 2026-01-10 and 2026-01-20 settled above.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await ops(r.opsRuns, {
        token: finance,
        query: { kind: 'DAILY', limit: '1', ...(after ? { after } : {}) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = opsRunsPageSchema.parse(res.body.value);
      seen.push(...page.items.map((i) => i.period));
      after = page.nextCursor;
    } while (after && seen.length < 10);
    expect(seen).toEqual(['2026-01-20', '2026-01-10']);
    expectFailure(await ops(r.opsRuns, { query: { after: 'not-a-cursor' } }), 400, 'invalid_input');
    expectFailure(await ops(r.opsRuns, { query: { after: '9999-99-99T|DAILY|x' } }), 400, 'invalid_input');
  });
});

describe('settings', () => {
  it('reads the defaults, replaces them (validated, audited) and they apply', async () => {
    const get = async () => opsContractSettingsValueSchema.parse((await ops(r.opsSettings)).body.value);
    const initial = await get();
    expect(initial).toMatchObject({
      enabledKinds: ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'],
      capBp: { DIVIDEND: 4000, DAILY: 200, HOURLY: 200, REALTIME: 200 },
      capFixed: 100_000,
      activeMemberMinBet: 1_000,
      updatedAt: null,
    });
    const valid = {
      enabledKinds: ['DIVIDEND', 'HOURLY', 'REALTIME'],
      capBp: { DIVIDEND: 3000, DAILY: 150, HOURLY: 100, REALTIME: 50 },
      capFixed: 50_000,
      activeMemberMinBet: 2_000,
      reason: 'new commercial policy',
    };
    const put = (body: unknown, token = admin) => ops(r.opsPutSettings, { token, body });
    for (const bad of [
      { ...valid, enabledKinds: ['DAILY', 'DAILY'] },
      { ...valid, enabledKinds: ['WEEKLY'] },
      { ...valid, capBp: { ...valid.capBp, DAILY: 10_001 } },
      { ...valid, capFixed: -1 },
      { ...valid, activeMemberMinBet: 1.5 },
      { ...valid, reason: '' },
      { ...valid, extra: 1 },
    ])
      expectFailure(await put(bad), 400, 'invalid_input');
    expectFailure(await put(valid, finance), 403, 'forbidden');
    expect(await get()).toEqual(initial);

    const res = await put(valid);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const now = await get();
    expect(now).toMatchObject({
      enabledKinds: ['DIVIDEND', 'HOURLY', 'REALTIME'],
      capBp: valid.capBp,
      capFixed: 50_000,
      activeMemberMinBet: 2_000,
    });
    expect(now.updatedAt).not.toBeNull();
    expect((await auditOf('agent_contract_settings', 'banca'))[0]).toMatchObject({
      action: 'agent_contract.settings',
      before: { enabledKinds: ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'], capFixed: 100_000 },
      after: { enabledKinds: ['DIVIDEND', 'HOURLY', 'REALTIME'], capFixed: 50_000 },
      reason: 'new commercial policy',
    });
    // In effect: daily wages cannot be offered now; the dividend cap is 30 %.
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    expectFailure(
      await agentCall(agentContractRoutes.offer, top.token, { body: daily(sub.memberId, 100) }),
      403,
      'contract_kind_disabled',
    );
    expectFailure(
      await agentCall(agentContractRoutes.offer, top.token, {
        body: {
          downlineId: sub.memberId,
          product: 'CONS',
          kind: 'DIVIDEND',
          period: 'M',
          tiers: [{ validBet: 0, netLoss: 0, activeMembers: 0, rateBp: 3_001 }],
        },
      }),
      409,
      'contract_rate_above_cap',
    );
    // Back to the defaults (audited too).
    const { currency: _c, updatedAt: _u, ...back } = initial;
    expect((await put({ ...back, reason: 'back to defaults' })).status).toBe(200);
  });
});
