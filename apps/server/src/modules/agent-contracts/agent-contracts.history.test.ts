/**
 * The contracts' status history (agent_contract_status_history, migration
 * 202611281000-agent-contract-history): every change of status writes exactly one row in its own
 * transaction — offer, accept, reject, the upline's withdrawal, a termination asked, kept and
 * confirmed, the higher-rate rule's terminations, the operator's end — with who acted (side and id)
 * and the reason; refused steps write none. The parties' list carries each contract's history (the
 * operator's own words replaced by `ended_by_operator`), the back office's detail the full steps.
 * The migration's backfill rebuilds, from the rows, what the live writes recorded.
 */
import {
  agentContractOpsRoutes,
  agentContractRoutes,
  contractListSchema,
  contractViewSchema,
  MEMBER_TYPE,
  opsContractDetailSchema,
  type ContractOfferBody,
} from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillContractStatusHistory } from '../../platform/db/migrations/202611281000-agent-contract-history.ts';
import { loginFreshAccount } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';

let t: OpsTestServer;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await startOpsTestServer();
  admin = await t.operator('admin');
}, 180_000);
afterAll(() => t?.close());

interface Agent {
  token: string;
  memberId: number;
}

const loginAs = (parentId?: number): Promise<Agent> =>
  loginFreshAccount(t, MEMBER_TYPE.AGENT, { prefix: 'hst', parentId });

const call = (route: { path: string; method: string }, token: string, body?: unknown) =>
  t.client.call(route.path, { method: route.method, token, ...(body !== undefined ? { body } : {}) });

const daily = (downlineId: number, rateBp: number): ContractOfferBody => ({
  downlineId,
  product: 'CONS',
  kind: 'DAILY',
  period: 'D',
  tiers: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: rateBp }],
});

async function offer(upline: Agent, body: ContractOfferBody): Promise<number> {
  const res = await call(agentContractRoutes.offer, upline.token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return contractViewSchema.parse(res.body.value).id;
}

/** Every history row of the contracts, oldest first. */
const rowsOf = async (ids: number[]) =>
  (
    await sql<{
      contract_id: number;
      from_status: string | null;
      to_status: string;
      by_side: string;
      by_member_id: number | null;
      by_operator_id: number | null;
      reason: string | null;
      at: Date | null;
    }>`select contract_id, from_status, to_status, by_side, by_member_id, by_operator_id, reason, at
      from agent_contract_status_history where contract_id in (${sql.join(ids)}) order by id`.execute(
      t.database.db,
    )
  ).rows;
const stepsOf = async (id: number) =>
  (await rowsOf([id])).map((r) => [r.from_status, r.to_status, r.by_side, r.by_member_id, r.reason]);

/** Runs one step and checks it wrote exactly one history row of the contract (and none elsewhere). */
async function oneStep(id: number, step: () => Promise<{ status: number; body: unknown }>, status = 200) {
  const before = await sql<{
    n: number;
  }>`select count(*)::int as n from agent_contract_status_history`.execute(t.database.db);
  const mine = (await rowsOf([id])).length;
  const res = await step();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const after = await sql<{
    n: number;
  }>`select count(*)::int as n from agent_contract_status_history`.execute(t.database.db);
  const written = status === 200 ? 1 : 0;
  expect(after.rows[0]!.n - before.rows[0]!.n).toBe(written);
  expect((await rowsOf([id])).length - mine).toBe(written);
}

describe('status history', () => {
  it('every transition writes exactly one row with who acted and why; refused steps write none', async () => {
    const top = await loginAs();
    const sub = await loginAs(top.memberId);
    const r = agentContractRoutes;

    // offer -> accept -> ask (downline) -> keep (upline) -> ask (upline) -> confirm (downline)
    const c = await offer(top, daily(sub.memberId, 150));
    expect(await stepsOf(c)).toEqual([[null, 'offered', 'upline', top.memberId, null]]);
    await oneStep(c, () => call(r.accept, top.token, { contractId: c }), 409);
    await oneStep(c, () => call(r.accept, sub.token, { contractId: c }));
    await oneStep(c, () => call(r.requestTermination, sub.token, { contractId: c }));
    await oneStep(c, () => call(r.confirmTermination, sub.token, { contractId: c }), 409);
    await oneStep(c, () => call(r.keep, top.token, { contractId: c }));
    await oneStep(c, () => call(r.requestTermination, top.token, { contractId: c }));
    await oneStep(c, () => call(r.confirmTermination, sub.token, { contractId: c }));
    expect(await stepsOf(c)).toEqual([
      [null, 'offered', 'upline', top.memberId, null],
      ['offered', 'active', 'downline', sub.memberId, null],
      ['active', 'termination_requested', 'downline', sub.memberId, null],
      ['termination_requested', 'active', 'upline', top.memberId, null],
      ['active', 'termination_requested', 'upline', top.memberId, null],
      ['termination_requested', 'terminated', 'downline', sub.memberId, 'terminated_by_upline'],
    ]);

    // reject; the upline withdraws an offer.
    const rejected = await offer(top, daily(sub.memberId, 120));
    await oneStep(rejected, () => call(r.reject, sub.token, { contractId: rejected }));
    const withdrawn = await offer(top, daily(sub.memberId, 110));
    await oneStep(withdrawn, () => call(r.requestTermination, top.token, { contractId: withdrawn }));
    expect((await stepsOf(rejected)).at(-1)).toEqual(['offered', 'rejected', 'downline', sub.memberId, null]);
    expect((await stepsOf(withdrawn)).at(-1)).toEqual([
      'offered',
      'terminated',
      'upline',
      top.memberId,
      'offer_withdrawn',
    ]);

    // The parties' list carries each contract's history, oldest first, with every step's moment.
    const list = contractListSchema.parse((await call(r.list, sub.token)).body.value).list;
    const seen = list.find((x) => x.id === c)!;
    expect(seen.history.map((h) => [h.from, h.status, h.by, h.reason])).toEqual([
      [null, 'offered', 'upline', null],
      ['offered', 'active', 'downline', null],
      ['active', 'termination_requested', 'downline', null],
      ['termination_requested', 'active', 'upline', null],
      ['active', 'termination_requested', 'upline', null],
      ['termination_requested', 'terminated', 'downline', 'terminated_by_upline'],
    ]);
    expect(seen.history.every((h) => h.at !== null)).toBe(true);
  });

  it("the higher-rate rule's terminations: one row per ended contract, beside the acceptance's", async () => {
    const top = await loginAs();
    const mid = await loginAs(top.memberId);
    const leaf = await loginAs(mid.memberId);
    const below = await offer(mid, daily(leaf.memberId, 150));
    await call(agentContractRoutes.accept, leaf.token, { contractId: below });
    const above = await offer(top, daily(mid.memberId, 100));
    // Refused without confirm: nothing written.
    await oneStep(above, () => call(agentContractRoutes.accept, mid.token, { contractId: above }), 409);
    expect(await rowsOf([below])).toHaveLength(2);
    const res = await call(agentContractRoutes.accept, mid.token, { contractId: above, confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stepsOf(above)).at(-1)).toEqual(['offered', 'active', 'downline', mid.memberId, null]);
    expect(await stepsOf(below)).toEqual([
      [null, 'offered', 'upline', mid.memberId, null],
      ['offered', 'active', 'downline', leaf.memberId, null],
      ['active', 'terminated', 'upline', mid.memberId, 'upline_rate_lowered'],
    ]);
  });

  it("the operator's end: one row with the operator and its words; the parties see ended_by_operator", async () => {
    const top = await loginAs();
    const sub = await loginAs(top.memberId);
    const c = await offer(top, daily(sub.memberId, 150));
    await call(agentContractRoutes.accept, sub.token, { contractId: c });
    await oneStep(c, () =>
      t.ops(agentContractOpsRoutes.opsEndContract.path, {
        method: 'POST',
        token: admin.token,
        body: { contractId: c, reason: 'fraud suspected' },
      }),
    );
    const last = (await rowsOf([c])).at(-1)!;
    expect(last).toMatchObject({
      from_status: 'active',
      to_status: 'terminated',
      by_side: 'operator',
      by_member_id: null,
      by_operator_id: admin.id,
      reason: 'fraud suspected',
    });
    const detail = opsContractDetailSchema.parse(
      (
        await t.ops(agentContractOpsRoutes.opsContract.path.replace(':id', String(c)), {
          token: admin.token,
        })
      ).body.value,
    );
    expect(detail.history.map((h) => [h.from, h.status, h.by, h.memberId, h.operatorId, h.reason])).toEqual([
      [null, 'offered', 'upline', top.memberId, null, null],
      ['offered', 'active', 'downline', sub.memberId, null, null],
      ['active', 'terminated', 'operator', null, admin.id, 'fraud suspected'],
    ]);
    for (const party of [top, sub]) {
      const list = contractListSchema.parse((await call(agentContractRoutes.list, party.token)).body.value);
      expect(list.list.find((x) => x.id === c)!.history.at(-1)).toMatchObject({
        from: 'active',
        status: 'terminated',
        by: 'operator',
        reason: 'ended_by_operator',
      });
    }
  });

  it("the migration's backfill rebuilds from the rows what the live writes recorded", async () => {
    const top = await loginAs();
    const subs = [await loginAs(top.memberId), await loginAs(top.memberId), await loginAs(top.memberId)];
    const [a, b, d] = subs as [Agent, Agent, Agent];
    const r = agentContractRoutes;
    const offered = await offer(top, daily(a.memberId, 100));
    const active = await offer(top, daily(b.memberId, 100));
    await call(r.accept, b.token, { contractId: active });
    const confirmed = await offer(top, { ...daily(d.memberId, 100), product: 'LIVE' });
    await call(r.accept, d.token, { contractId: confirmed });
    await call(r.requestTermination, d.token, { contractId: confirmed });
    await call(r.confirmTermination, top.token, { contractId: confirmed });
    const asked = await offer(top, { ...daily(d.memberId, 100), product: 'RNG' });
    await call(r.accept, d.token, { contractId: asked });
    await call(r.requestTermination, top.token, { contractId: asked });
    const ended = await offer(top, { ...daily(a.memberId, 100), product: 'SPORTS' });
    await call(r.accept, a.token, { contractId: ended });
    await t.ops(agentContractOpsRoutes.opsEndContract.path, {
      method: 'POST',
      token: admin.token,
      body: { contractId: ended, reason: 'duplicate contract' },
    });
    const refused = await offer(top, { ...daily(b.memberId, 100), product: 'FISH' });
    await call(r.reject, b.token, { contractId: refused });
    const withdrawn = await offer(top, { ...daily(b.memberId, 100), product: 'PVP' });
    await call(r.requestTermination, top.token, { contractId: withdrawn });

    const ids = [offered, active, confirmed, asked, ended, refused, withdrawn];
    // The moment of a termination request is not on the row: the backfill leaves it null.
    const shape = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
      rows.map((x) => ({
        ...x,
        at: x.to_status === 'termination_requested' ? null : new Date(x.at!).toISOString(),
      }));
    const live = shape(await rowsOf(ids));
    await sql`delete from agent_contract_status_history where contract_id in (${sql.join(ids)})`.execute(
      t.database.db,
    );
    await backfillContractStatusHistory(t.database.db as never);
    expect(shape(await rowsOf(ids))).toEqual(live);
    // Again: contracts that have a history are left alone.
    await backfillContractStatusHistory(t.database.db as never);
    expect(shape(await rowsOf(ids))).toEqual(live);
  });
});
