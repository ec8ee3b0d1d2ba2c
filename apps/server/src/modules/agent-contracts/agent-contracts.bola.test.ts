/**
 * BOLA probes on every agent-contracts call that names a member or a contract (issue 24, Reliability
 * and security: "tests probe sibling, upline and unrelated ids and expect the same refusal as a
 * missing id"). The caller `me` sits in a tree beside a sibling, below an upline and its upline, above
 * a downline agent and its own downline; an unrelated tree stands apart. Every pair the caller is not
 * a party of holds contracts of each kind in each state a party could act on (offered, active,
 * termination requested by either side), so a missing ownership check would show as a success. For
 * each call and each such id the answer is byte-for-byte the missing id's answer, nothing changes (a
 * digest of the tables), and the lists and the settlements' keyset cursor never reach another's rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentContractRoutes,
  CONTRACT_KINDS,
  contractListSchema,
  loginValueSchema,
  MEMBER_TYPE,
  settlementListSchema,
  type ContractKind,
} from '@banca/contract';
import {
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../test/auth-client.ts';
import { moveMember } from '../member/index.ts';
import { bestRates } from './agent-contracts.rules.ts';
import { settleKind } from './agent-contracts.settlement.ts';

let t: AuthTestServer;
const M = [
  'root',
  'upline',
  'me',
  'sibling',
  'siblingChild',
  'child',
  'grandchild',
  'member',
  'unrelated',
  'unrelatedChild',
] as const;
type Who = (typeof M)[number];
const id = {} as Record<Who, number>;
let token: string;
/** Contracts `me` is no party of, by the pair they bind. */
const foreign: { pair: string; id: number; kind: ContractKind; status: string }[] = [];
const MISSING_CONTRACT = 2_000_000_000;
const MISSING_MEMBER = 2_000_000_001;

const post = (route: { path: string }, body: unknown) =>
  t.client.call(route.path, { method: 'POST', token, body });
const get = (route: { path: string }, query: Record<string, string> = {}) =>
  t.client.call(`${route.path}?${new URLSearchParams(query).toString()}`, { method: 'GET', token });

const TIERS: Record<ContractKind, unknown[]> = {
  DAILY: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: 50 }],
  HOURLY: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: 50 }],
  DIVIDEND: [{ validBet: 0, netLoss: 0, activeMembers: 0, rateBp: 500 }],
  REALTIME: [{ minBet: 0, profitRateBp: 50, lossRateBp: 50 }],
};
const PERIOD: Record<ContractKind, 'D' | 'HOUR' | 'RT'> = {
  DAILY: 'D',
  HOURLY: 'HOUR',
  DIVIDEND: 'D',
  REALTIME: 'RT',
};
/** One product per state, so a pair holds each state at once (one open contract per kind and product). */
const STATES = [
  { product: 'LIVE', status: 'offered', by: null },
  { product: 'RNG', status: 'active', by: null },
  { product: 'SPORTS', status: 'termination_requested', by: 'upline' },
  { product: 'FISH', status: 'termination_requested', by: 'downline' },
] as const;

async function contract(
  up: Who,
  down: Who,
  kind: ContractKind,
  product: string,
  status: string,
  by: 'upline' | 'downline' | null,
) {
  const best = bestRates(kind, TIERS[kind] as never);
  const row = await t.database.db
    .insertInto('agent_contract')
    .values({
      merchant_code: 'banca',
      kind,
      product: product as never,
      period: PERIOD[kind],
      upline_id: id[up],
      downline_id: id[down],
      upline_account: `acct-${up}`,
      downline_account: `acct-${down}`,
      status: status as never,
      tiers: JSON.stringify(TIERS[kind]),
      best_rate_bp: best.bp,
      best_fixed: best.fixed,
      termination_requested_by: by,
      ended_reason: null,
      accepted_at: status === 'offered' ? null : new Date('2026-01-01T00:00:00Z'),
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await startAuthTestServer();
  const ip = freshIp();
  const created = await insertAccounts(
    t.database.db,
    M.map((k) => ({
      account: freshUsername('bola'),
      type: k === 'member' ? MEMBER_TYPE.MEMBER : MEMBER_TYPE.AGENT,
      ...(k === 'me' ? { knownIps: [ip] } : {}),
    })),
  );
  M.forEach((k, i) => (id[k] = created[i]!));
  const links: [Who, Who][] = [
    ['upline', 'root'],
    ['me', 'upline'],
    ['sibling', 'upline'],
    ['siblingChild', 'sibling'],
    ['child', 'me'],
    ['member', 'me'],
    ['grandchild', 'child'],
    ['unrelatedChild', 'unrelated'],
  ];
  for (const [m, parent] of links) expect(await moveMember(t.database.db, id[m], id[parent])).toBe(true);
  const account = (await t.database.db
    .selectFrom('member')
    .select('account')
    .where('id', '=', id.me)
    .executeTakeFirstOrThrow())!.account;
  token = loginValueSchema.parse((await t.client.login(account, FAST_PASSWORD, {}, { ip })).body.value).token;

  // Pairs `me` is no party of: the upline's with its own upline, the upline's with the sibling, the
  // sibling's with its child, the caller's downline's with its own, and an unrelated pair.
  const pairs: [Who, Who][] = [
    ['root', 'upline'],
    ['upline', 'sibling'],
    ['sibling', 'siblingChild'],
    ['child', 'grandchild'],
    ['unrelated', 'unrelatedChild'],
  ];
  for (const [up, down] of pairs)
    for (const kind of CONTRACT_KINDS)
      for (const s of STATES)
        foreign.push({
          pair: `${up}->${down}`,
          id: await contract(up, down, kind, s.product, s.status, s.by),
          kind,
          status: s.status,
        });
  // The caller's own: as downline (active) and as upline (offered), so the lists have rows to show.
  await contract('upline', 'me', 'DAILY', 'CONS', 'active', null);
  await contract('me', 'child', 'DAILY', 'CONS', 'offered', null);

  // Settlements of a day for every active DAILY contract (the foreign ones and the caller's own).
  const day = '2026-01-10';
  for (const m of M)
    await sql`insert into report_member_day (member_id, day, currency, rounds, stake, payout)
              values (${id[m]}, ${day}::date, 'BRL', 1, 100000, 50000)`.execute(t.database.db);
  await settleKind(
    {
      db: t.database.db,
      clock: () => new Date(),
      merchantCode: 'banca',
      merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
      timeZone: async () => 'UTC',
    },
    'DAILY',
    new Date('2026-01-11T12:00:00Z'),
  );
}, 120_000);
afterAll(() => t?.close());

async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    select md5(
      coalesce((select string_agg(id || ':' || status || ':' || coalesce(termination_requested_by, '') || ':'
        || coalesce(ended_reason, ''), '|' order by id) from agent_contract), '')
      || coalesce((select count(*)::text from agent_contract_settlement), '')
      || coalesce((select string_agg(id || ':' || type || ':' || coalesce(parent_id, 0), '|' order by id) from member), '')
      || coalesce((select count(*)::text || ':' || coalesce(sum(amount), 0)::text from ledger_transfer), '')) as d`.execute(
    t.database.db,
  );
  return rows[0]!.d;
}

const r = agentContractRoutes;

describe('BOLA: a contract the caller is no party of answers as a missing one', () => {
  const steps = [
    ['accept', (contractId: number) => ({ contractId })],
    ['accept', (contractId: number) => ({ contractId, confirm: true })],
    ['reject', (contractId: number) => ({ contractId })],
    ['requestTermination', (contractId: number) => ({ contractId })],
    ['confirmTermination', (contractId: number) => ({ contractId })],
    ['keep', (contractId: number) => ({ contractId })],
  ] as const;
  for (const [step, body] of steps) {
    it(`${r[step].path} ${JSON.stringify(body(0)).replace('0', '<id>')}: every state of others' contracts`, async () => {
      const before = await digest();
      const missing = await post(r[step], body(MISSING_CONTRACT));
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('contract_not_found');
      for (const c of foreign) {
        const res = await post(r[step], body(c.id));
        expect({ status: res.status, body: res.body }, `${c.pair} ${c.kind} ${c.status}`).toEqual({
          status: missing.status,
          body: missing.body,
        });
      }
      expect(await digest()).toBe(before);
    });
  }

  const relays = [
    ['relayDividend', 'DIVIDEND'],
    ['relayDaily', 'DAILY'],
    ['relayHourly', 'HOURLY'],
    ['relayRealtime', 'REALTIME'],
  ] as const;
  for (const [name, kind] of relays) {
    it(`${r[name].path}: every action on others' ${kind} contracts`, async () => {
      const before = await digest();
      for (const action of ['ACCEPT', 'REJECT', 'TERMINATE', 'CONFIRM_TERMINATION', 'KEEP'] as const) {
        const missing = await post(r[name], { contractId: MISSING_CONTRACT, action, confirm: true });
        expect(missing.status).toBe(404);
        expect(missing.body.code).toBe('contract_not_found');
        for (const c of foreign.filter((f) => f.kind === kind)) {
          const res = await post(r[name], { contractId: c.id, action, confirm: true });
          expect({ status: res.status, body: res.body }, `${action} ${c.pair} ${c.status}`).toEqual({
            status: missing.status,
            body: missing.body,
          });
        }
      }
      expect(await digest()).toBe(before);
    });
  }
});

describe('BOLA: an offer to anyone but a direct downline agent answers as a missing member', () => {
  for (const kind of CONTRACT_KINDS) {
    it(`${r.offer.path} ${kind}`, async () => {
      const before = await digest();
      const offer = (downlineId: number) => ({
        downlineId,
        product: 'PVP',
        kind,
        period: PERIOD[kind],
        tiers: TIERS[kind],
      });
      const missing = await post(r.offer, offer(MISSING_MEMBER));
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('downline_not_found');
      const probes: Who[] = [
        'root',
        'upline',
        'me',
        'sibling',
        'siblingChild',
        'grandchild',
        'unrelated',
        'unrelatedChild',
      ];
      for (const p of probes) {
        const res = await post(r.offer, offer(id[p]));
        expect({ status: res.status, body: res.body }, p).toEqual({
          status: missing.status,
          body: missing.body,
        });
      }
      expect(await digest()).toBe(before);
    });
  }
});

describe('BOLA: lists and the settlements cursor stay within the caller’s own contracts', () => {
  const mine = (c: { upline: { id: number }; downline: { id: number } }) =>
    c.upline.id === id.me || c.downline.id === id.me;

  it(`${r.list.path} for every role and kind`, async () => {
    for (const role of ['all', 'upline', 'downline'] as const)
      for (const kind of [undefined, ...CONTRACT_KINDS]) {
        const res = await get(r.list, { role, ...(kind ? { kind } : {}) });
        expect(res.status).toBe(200);
        const list = contractListSchema.parse(res.body.value).list;
        for (const c of list) expect(mine(c), `${role} ${kind} ${c.id}`).toBe(true);
        if (role === 'all' && !kind) expect(list).toHaveLength(2);
      }
  });

  it(`${r.settlements.path}: a cursor past others' settlements still lists only the caller's`, async () => {
    const { rows } = await sql<{ id: number }>`
      select id from agent_contract_settlement order by id`.execute(t.database.db);
    // Others' settlements exist (the foreign active DAILY contracts were settled).
    expect(rows.length).toBeGreaterThan(1);
    const seen = new Set<number>();
    for (const cursor of [...rows.map((x) => x.id + 1), 2_147_483_647]) {
      for (const role of ['all', 'upline', 'downline'] as const) {
        const res = await get(r.settlements, { cursor: String(cursor), role, limit: '200' });
        expect(res.status).toBe(200);
        const list = settlementListSchema.parse(res.body.value).list;
        for (const s of list) {
          expect(mine(s), `cursor ${cursor}: settlement ${s.id}`).toBe(true);
          seen.add(s.id);
        }
      }
    }
    // The caller's own settlement (its active DAILY contract as downline) is listed.
    expect(seen.size).toBe(1);
  });
});
