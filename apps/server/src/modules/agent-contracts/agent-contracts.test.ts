import {
  agentContractRoutes,
  consolidatedValueSchema,
  contractAcceptValueSchema,
  contractListSchema,
  contractPreviewValueSchema,
  contractViewSchema,
  MEMBER_TYPE,
  settlementListSchema,
  type ContractOfferBody,
} from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  startAuthTestServer,
  type AuthTestServer,
  loginFreshAccount,
} from '../../test/auth-client.ts';
import { ensureMemberWallet, houseAccount, memberBalances, transfer } from '../wallet/index.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { previewContract, settleKind, type SettlementDeps } from './agent-contracts.settlement.ts';

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
});
afterAll(() => t?.close());

interface Agent {
  token: string;
  memberId: number;
}

const loginAs = (type: number, parentId?: number): Promise<Agent> =>
  loginFreshAccount(t, type, { prefix: 'ctr', parentId });

const call = (
  route: { path: string; method: string },
  token: string,
  init: { query?: Record<string, string>; body?: unknown } = {},
) => {
  const qs = init.query ? `?${new URLSearchParams(init.query).toString()}` : '';
  return t.client.call(`${route.path}${qs}`, {
    method: route.method,
    token,
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
};

const daily = (
  downlineId: number,
  rateBp: number,
  validBet = 0,
): Extract<ContractOfferBody, { kind: 'DAILY' }> => ({
  downlineId,
  product: 'CONS',
  kind: 'DAILY',
  period: 'D',
  tiers: [{ validBet, activeMembers: 0, rateType: 'PERCENT', rate: rateBp }],
});

async function offer(upline: Agent, body: ContractOfferBody) {
  const res = await call(agentContractRoutes.offer, upline.token, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return contractViewSchema.parse(res.body.value);
}

async function accept(down: Agent, contractId: number, confirm?: boolean) {
  const res = await call(agentContractRoutes.accept, down.token, {
    body: confirm === undefined ? { contractId } : { contractId, confirm },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return contractAcceptValueSchema.parse(res.body.value);
}

describe('contract lifecycle', () => {
  it('offer -> accept -> request termination -> keep -> request -> confirm; reject; withdraw', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT_2, top.memberId);
    const c = await offer(top, daily(sub.memberId, 150));
    expect(c).toMatchObject({ status: 'offered', role: 'upline', kind: 'DAILY', product: 'CONS' });

    // The downline sees it as pending in the consolidated flags.
    const flags = consolidatedValueSchema.parse(
      (await call(agentContractRoutes.consolidated, sub.token)).body.value,
    );
    expect(flags.dailysalreqtype).toBe(true);
    expect(flags.divtypereq).toBe(false);
    expect(flags.pending.map((p) => [p.id, p.role])).toEqual([[c.id, 'downline']]);

    // The upline cannot accept its own offer; a second open offer for the pair is refused.
    expectFailure(
      await call(agentContractRoutes.accept, top.token, { body: { contractId: c.id } }),
      409,
      'contract_state',
    );
    expectFailure(
      await call(agentContractRoutes.offer, top.token, { body: daily(sub.memberId, 100) }),
      409,
      'contract_exists',
    );

    const accepted = await accept(sub, c.id);
    expect(accepted.contract.status).toBe('active');
    expect(accepted.terminated).toEqual([]);
    expectFailure(
      await call(agentContractRoutes.reject, sub.token, { body: { contractId: c.id } }),
      409,
      'contract_state',
    );
    // Nothing to confirm or keep while active.
    expectFailure(
      await call(agentContractRoutes.keep, top.token, { body: { contractId: c.id } }),
      409,
      'contract_state',
    );

    const asked = await call(agentContractRoutes.requestTermination, sub.token, {
      body: { contractId: c.id },
    });
    expect(contractViewSchema.parse(asked.body.value)).toMatchObject({
      status: 'termination_requested',
      terminationRequestedBy: 'downline',
    });
    // The asking side cannot answer its own request; the other side sees it pending.
    expectFailure(
      await call(agentContractRoutes.confirmTermination, sub.token, { body: { contractId: c.id } }),
      409,
      'contract_state',
    );
    const topFlags = consolidatedValueSchema.parse(
      (await call(agentContractRoutes.consolidated, top.token)).body.value,
    );
    expect(topFlags.pending.map((p) => p.id)).toEqual([c.id]);
    const kept = await call(agentContractRoutes.keep, top.token, { body: { contractId: c.id } });
    expect(contractViewSchema.parse(kept.body.value)).toMatchObject({
      status: 'active',
      terminationRequestedBy: null,
    });

    await call(agentContractRoutes.requestTermination, top.token, { body: { contractId: c.id } });
    const ended = await call(agentContractRoutes.confirmTermination, sub.token, {
      body: { contractId: c.id },
    });
    expect(contractViewSchema.parse(ended.body.value)).toMatchObject({
      status: 'terminated',
      endedReason: 'terminated_by_upline',
    });
    expectFailure(
      await call(agentContractRoutes.requestTermination, sub.token, { body: { contractId: c.id } }),
      409,
      'contract_state',
    );

    // A new offer is possible once the pair is free; rejected; then another withdrawn by the upline.
    const again = await offer(top, daily(sub.memberId, 100));
    const rejected = await call(agentContractRoutes.reject, sub.token, { body: { contractId: again.id } });
    expect(contractViewSchema.parse(rejected.body.value).status).toBe('rejected');
    const third = await offer(top, daily(sub.memberId, 100));
    const withdrawn = await call(agentContractRoutes.requestTermination, top.token, {
      body: { contractId: third.id },
    });
    expect(contractViewSchema.parse(withdrawn.body.value)).toMatchObject({
      status: 'terminated',
      endedReason: 'offer_withdrawn',
    });

    const mine = contractListSchema.parse(
      (await call(agentContractRoutes.list, sub.token, { query: { role: 'downline' } })).body.value,
    );
    expect(mine.list.map((l) => [l.id, l.status])).toEqual([
      [third.id, 'terminated'],
      [again.id, 'rejected'],
      [c.id, 'terminated'],
    ]);
  });

  it('answers through the relay calls of the contract kind only', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const c = await offer(top, daily(sub.memberId, 100));
    // A dividend relay does not see a daily-wage contract.
    expectFailure(
      await call(agentContractRoutes.relayDividend, sub.token, {
        body: { contractId: c.id, action: 'ACCEPT' },
      }),
      404,
      'contract_not_found',
    );
    const res = await call(agentContractRoutes.relayDaily, sub.token, {
      body: { contractId: c.id, action: 'ACCEPT' },
    });
    expect(contractViewSchema.parse(res.body.value).status).toBe('active');
  });

  it('caps rates by the upline’s own contract, or by the operator at the top of the chain', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const leaf = await loginAs(MEMBER_TYPE.AGENT, sub.memberId);
    // The operator's default daily cap is 2 %.
    const over = expectFailure(
      await call(agentContractRoutes.offer, top.token, { body: daily(sub.memberId, 201) }),
      409,
      'contract_rate_above_cap',
    );
    expect(over.value).toEqual({ maxRateBp: 200, maxFixed: 100_000 });
    await accept(sub, (await offer(top, daily(sub.memberId, 120))).id);
    expectFailure(
      await call(agentContractRoutes.offer, sub.token, { body: daily(leaf.memberId, 121) }),
      409,
      'contract_rate_above_cap',
    );
    expect((await offer(sub, daily(leaf.memberId, 120))).status).toBe('offered');
  });

  it('higher-rate rule: 409 listing the downline contracts, then confirm ends them in the same step', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const leaf = await loginAs(MEMBER_TYPE.AGENT, sub.memberId);
    // sub grants leaf 1.5 % while sub has no contract (operator cap 2 %).
    const below = await offer(sub, daily(leaf.memberId, 150));
    await accept(leaf, below.id);
    // top offers sub only 1 %.
    const c = await offer(top, daily(sub.memberId, 100));
    const refused = expectFailure(
      await call(agentContractRoutes.accept, sub.token, { body: { contractId: c.id } }),
      409,
      'contract_downline_rate_higher',
    );
    expect(refused.value).toMatchObject({ contracts: [{ id: below.id, bestRateBp: 150, status: 'active' }] });
    // Nothing changed.
    const still = contractListSchema.parse((await call(agentContractRoutes.list, leaf.token)).body.value);
    expect(still.list[0]).toMatchObject({ id: below.id, status: 'active' });

    const done = await accept(sub, c.id, true);
    expect(done.contract.status).toBe('active');
    expect(done.terminated).toEqual([below.id]);
    const after = contractListSchema.parse((await call(agentContractRoutes.list, leaf.token)).body.value);
    expect(after.list[0]).toMatchObject({
      id: below.id,
      status: 'terminated',
      endedReason: 'upline_rate_lowered',
    });
  });
});

describe('BOLA', () => {
  it('answers sibling, upline, unrelated, grandchild and missing ids with the same 404', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const a = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const sibling = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const grandchild = await loginAs(MEMBER_TYPE.AGENT, a.memberId);
    const unrelated = await loginAs(MEMBER_TYPE.AGENT);
    const bodies = [];
    for (const probe of [sibling.memberId, top.memberId, unrelated.memberId, 99_999_999, a.memberId]) {
      const res = await call(agentContractRoutes.offer, a.token, { body: daily(probe, 100) });
      bodies.push(expectFailure(res, 404, 'downline_not_found'));
    }
    // A grandchild of top is not its direct downline either.
    bodies.push(
      expectFailure(
        await call(agentContractRoutes.offer, top.token, { body: daily(grandchild.memberId, 100) }),
        404,
        'downline_not_found',
      ),
    );
    for (const b of bodies) expect(b).toEqual(bodies[0]);

    // A contract of others: the same 404 as a missing contract, for every action.
    const theirs = await offer(top, daily(sibling.memberId, 100));
    for (const route of [
      agentContractRoutes.accept,
      agentContractRoutes.reject,
      agentContractRoutes.requestTermination,
      agentContractRoutes.keep,
    ]) {
      const other = expectFailure(
        await call(route, a.token, { body: { contractId: theirs.id } }),
        404,
        'contract_not_found',
      );
      const missing = expectFailure(
        await call(route, a.token, { body: { contractId: 2_000_000_000 } }),
        404,
        'contract_not_found',
      );
      expect(other).toEqual(missing);
    }
    const status = await call(agentContractRoutes.list, sibling.token);
    expect(contractListSchema.parse(status.body.value).list[0]!.status).toBe('offered');
  });

  it('refuses members, bad bodies and offers to non-agents', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const member = await loginAs(MEMBER_TYPE.MEMBER, top.memberId);
    expectFailure(
      await call(agentContractRoutes.offer, top.token, { body: daily(member.memberId, 100) }),
      409,
      'contract_downline_not_agent',
    );
    expectFailure(
      await call(agentContractRoutes.offer, member.token, { body: daily(top.memberId, 100) }),
      403,
      'forbidden',
    );
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    for (const body of [
      { ...daily(sub.memberId, 100), tiers: [] },
      { ...daily(sub.memberId, 100), period: 'W' },
      { ...daily(sub.memberId, 100), product: 'NOPE' },
      {
        ...daily(sub.memberId, 100),
        tiers: [{ validBet: -1, activeMembers: 0, rateType: 'PERCENT', rate: 1 }],
      },
      {
        kind: 'DIVIDEND',
        period: 'D',
        downlineId: sub.memberId,
        product: 'LIVE',
        tiers: [{ validBet: 0, netLoss: 0, activeMembers: 0, rateBp: 10_001 }],
      },
    ]) {
      const res = await call(agentContractRoutes.offer, top.token, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // A plain member's flags are all off and nothing is pending.
    const flags = consolidatedValueSchema.parse(
      (await call(agentContractRoutes.consolidated, member.token)).body.value,
    );
    expect(flags).toMatchObject({ dailysalreqtype: false, dailysalinfotype: false, pending: [] });
  });
});

describe('settlement', () => {
  const deps = (): SettlementDeps => ({
    db: t.database.db,
    clock: () => new Date(),
    merchantCode: 'banca',
    merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
    timeZone: async () => 'UTC',
  });
  const day = '2026-01-10';
  const settleAt = new Date('2026-01-11T12:00:00Z');
  // What the reports consumer writes for a round: the member's hour under itself and each upline.
  const play = (memberId: number, stake: number, payout: number) =>
    sql`insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
        select a, ${`${day}T10:00:00Z`}::timestamptz, 'LIVE', 'BRL', ${memberId}::integer, 1, ${stake}::bigint,
          ${payout}::bigint
        from unnest(array[${memberId}::integer] || array(select ancestor_id from member_tree
          where descendant_id = ${memberId}::integer)) a`.execute(t.database.db);
  const settlementCount = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from agent_contract_settlement`.execute(
        t.database.db,
      )
    ).rows[0]!.n;
  const authOf = (a: Agent): RouteAuth => ({
    memberId: a.memberId,
    merchantCode: 'banca',
    type: MEMBER_TYPE.AGENT,
    tokenHash: 'x',
    loginType: 'password',
  });
  const balance = async (id: number) => (await memberBalances(t.database.db, [id], 'BRL')).get(id) ?? 0;
  const ledgerSum = async () =>
    Number(
      (
        await sql<{ s: string }>`select coalesce(sum(balance), 0)::text as s from ledger_account`.execute(
          t.database.db,
        )
      ).rows[0]!.s,
    );

  it('pays daily wages: the house to the top of the chain, the upline below it, a shortfall as debt paid from the next income', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const leaf = await loginAs(MEMBER_TYPE.AGENT, sub.memberId);
    const player = await loginAs(MEMBER_TYPE.MEMBER, leaf.memberId);
    // Contracts accepted before the day settled (accepted_at is now: back-date it).
    const c1 = await offer(top, daily(sub.memberId, 200));
    await accept(sub, c1.id);
    const s2Tiers: Extract<ContractOfferBody, { kind: 'DAILY' }>['tiers'] = [
      { validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: 100 },
      { validBet: 50_000, activeMembers: 1, rateType: 'PERCENT', rate: 150 },
    ];
    const c2 = await offer(sub, { ...daily(leaf.memberId, 150), tiers: s2Tiers });
    await accept(leaf, c2.id);
    await sql`update agent_contract set accepted_at = '2026-01-01' where id in (${c1.id}, ${c2.id})`.execute(
      t.database.db,
    );
    // The player bets 1 000.00 and loses 400.00; its agent nothing.
    await play(player.memberId, 100_000, 60_000);

    const sum0 = await ledgerSum();
    await settleKind(deps(), 'DAILY', settleAt);
    // top -> sub from the house: 2 % of 1 000.00 = 20.00. sub -> leaf: tier 2 (1.5 %) = 15.00, paid from
    // sub's 20.00 received... but sub is paid in its own transaction: whichever ran first.
    const list = settlementListSchema.parse(
      (await call(agentContractRoutes.settlements, sub.token)).body.value,
    ).list;
    const byContract = new Map(list.map((s) => [s.contractId, s]));
    expect(byContract.get(c1.id)).toMatchObject({
      payer: 'HOUSE',
      teamValidBet: 100_000,
      teamPnl: -40_000,
      activeMembers: 1,
      tier: 0,
      rate: 200,
      amount: 2_000,
      paid: 2_000,
      debt: 0,
      period: day,
    });
    const s2 = byContract.get(c2.id)!;
    expect(s2).toMatchObject({ payer: 'UPLINE', tier: 1, rate: 150, amount: 1_500 });
    // c1 (lower id) settles first, so sub could pay in full.
    expect(s2.paid + s2.debt).toBe(1_500);
    expect(await balance(leaf.memberId)).toBe(1_500);
    expect(await balance(sub.memberId)).toBe(500);
    expect(await ledgerSum()).toBe(sum0);

    // Re-running moves nothing.
    const again = await settleKind(deps(), 'DAILY', settleAt);
    expect(again.settled).toBe(0);
    expect(await balance(leaf.memberId)).toBe(1_500);
    expect(await balance(sub.memberId)).toBe(500);

    // The offer form's preview: the same rule over the same figures, nothing written.
    const previewDeps = { ...deps(), clock: () => settleAt };
    const settled0 = await settlementCount();
    expect(
      await previewContract(previewDeps, authOf(sub), { ...daily(leaf.memberId, 150), tiers: s2Tiers }),
    ).toMatchObject({
      kind: 'DAILY',
      periods: 1,
      tier: 1,
      teamValidBet: 100_000,
      activeMembers: 1,
      amount: 1_500,
    });
    // By product: the player's round was LIVE; a lottery contract's figures are empty, a LIVE one's not.
    expect(
      await previewContract(previewDeps, authOf(sub), { ...daily(leaf.memberId, 150), product: 'LOTT' }),
    ).toMatchObject({ teamValidBet: 0, rounds: 0, amount: 0, tier: null });
    expect(
      await previewContract(previewDeps, authOf(top), { ...daily(sub.memberId, 200), product: 'LIVE' }),
    ).toMatchObject({ teamValidBet: 100_000, rounds: 1, amount: 2_000 });
    expect(await settlementCount()).toBe(settled0);
    // Through the route: a direct downline answers, a grandchild is the same 404 as a missing member.
    const ok = await call(agentContractRoutes.preview, top.token, { body: daily(sub.memberId, 200) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(contractPreviewValueSchema.parse(ok.body.value)).toMatchObject({ kind: 'DAILY', periods: 1 });
    const deep = await call(agentContractRoutes.preview, top.token, { body: daily(leaf.memberId, 200) });
    const missing = await call(agentContractRoutes.preview, top.token, { body: daily(2_000_000_000, 200) });
    expect(deep.status).toBe(404);
    expect(deep.body).toEqual(missing.body);
  });

  it('records a debt when the upline is short and pays it first from the upline’s next income', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const sub = await loginAs(MEMBER_TYPE.AGENT, top.memberId);
    const leaf = await loginAs(MEMBER_TYPE.AGENT, sub.memberId);
    const player = await loginAs(MEMBER_TYPE.MEMBER, leaf.memberId);
    const c1 = await offer(top, daily(sub.memberId, 100));
    await accept(sub, c1.id);
    const c2 = await offer(sub, daily(leaf.memberId, 100));
    await accept(leaf, c2.id);
    // Only c2 in force for the first day: sub earns nothing, owes leaf.
    await sql`update agent_contract set accepted_at = '2026-01-01' where id = ${c2.id}`.execute(
      t.database.db,
    );
    // sub has 3.00 of its own.
    const house = await houseAccount(t.database.db, 'banca', 'ADJUSTMENTS', 'BRL');
    const w = await ensureMemberWallet(t.database.db, sub.memberId, 'banca', 'BRL');
    await transfer(t.database.db, {
      idempotencyKey: `test-fund:${sub.memberId}`,
      debitAccountId: house.id,
      creditAccountId: w.id,
      amount: 300,
      kind: 'ADJUSTMENT',
    });
    await play(player.memberId, 100_000, 100_000);
    await sql`update agent_contract set status = 'terminated' where id = ${c1.id}`.execute(t.database.db);
    await settleKind(deps(), 'DAILY', settleAt);
    const s = settlementListSchema.parse((await call(agentContractRoutes.settlements, leaf.token)).body.value)
      .list[0]!;
    expect(s).toMatchObject({ contractId: c2.id, amount: 1_000, paid: 300, debt: 700, payer: 'UPLINE' });
    expect(await balance(sub.memberId)).toBe(0);
    expect(await balance(leaf.memberId)).toBe(300);

    // Next: a fresh contract top -> sub pays sub 10.00 for the next day; 7.00 go to leaf first.
    const c3 = await offer(top, daily(sub.memberId, 100));
    await accept(sub, c3.id);
    await sql`update agent_contract set accepted_at = '2026-01-01' where id = ${c3.id}`.execute(
      t.database.db,
    );
    await sql`update agent_contract set status = 'terminated' where id = ${c2.id}`.execute(t.database.db);
    await settleKind(deps(), 'DAILY', settleAt);
    expect(await balance(sub.memberId)).toBe(300);
    expect(await balance(leaf.memberId)).toBe(1_000);
  });
});
