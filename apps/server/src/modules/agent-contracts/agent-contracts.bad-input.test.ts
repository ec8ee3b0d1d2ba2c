/**
 * Generated bad input for every agent-contracts call (issue 24: "200+ generated bad inputs per agent
 * endpoint: 4xx with a code, nothing changed"), agent.bad-input.test.ts's way (fast-check values near
 * a valid request that the contract's schema refuses: wrong types, out-of-range numbers, dropped and
 * unknown fields, long strings, bad tiers), sent as the query (GET) or the body (POST); and, for the
 * calls that name a member or a contract, well-formed requests the rules refuse (a downline outside
 * the caller's direct downline, a rate above the cap, a contract of someone else's, of another kind,
 * or in a state that does not allow the step). Each answers a 4xx envelope with a catalogued code,
 * never a 5xx or a success, and the contracts, settlements, debts, tree and ledger stay as they were
 * (a digest of the tables). The count: badInputRuns(210) per call and generator.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentContractRoutes,
  contractViewSchema,
  loginValueSchema,
  MEMBER_TYPE,
  type ContractOfferBody,
} from '@banca/contract';
import {
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../test/auth-client.ts';
import {
  badBodies,
  badQueries,
  badString,
  expectRefused,
  wrongType,
} from '../../test/bad-input-arbitraries.ts';
import { badInputRuns } from '../../test/bad-input-runs.ts';
import { moveMember } from '../member/index.ts';

const RUNS = badInputRuns(210);

let t: AuthTestServer;
/** The caller: an agent below `top`, with a sibling, a downline agent and a downline member. */
const ids = {} as Record<'top' | 'me' | 'sibling' | 'sub' | 'member' | 'grandchild' | 'unrelated', number>;
let token: string;
/** Contracts: others' (top -> sibling), mine active as downline, mine offered as upline, mine rejected. */
const contracts = {} as Record<'others' | 'mineActive' | 'mineOffered' | 'mineRejected', number>;

async function login(account: string, ip: string) {
  return loginValueSchema.parse((await t.client.login(account, FAST_PASSWORD, {}, { ip })).body.value).token;
}

const post = (route: { path: string }, tok: string, body: unknown) =>
  t.client.call(route.path, { method: 'POST', token: tok, body });

beforeAll(async () => {
  t = await startAuthTestServer();
  const accounts = Object.fromEntries(
    ['top', 'me', 'sibling', 'sub', 'member', 'grandchild', 'unrelated'].map((k) => [k, freshUsername('bc')]),
  );
  const ips = Object.fromEntries(Object.keys(accounts).map((k) => [k, freshIp()]));
  const created = await insertAccounts(
    t.database.db,
    Object.entries(accounts).map(([k, account]) => ({
      account,
      type: k === 'member' ? MEMBER_TYPE.MEMBER : MEMBER_TYPE.AGENT,
      knownIps: [ips[k]!],
    })),
  );
  Object.keys(accounts).forEach((k, i) => (ids[k as keyof typeof ids] = created[i]!));
  await moveMember(t.database.db, ids.me, ids.top);
  await moveMember(t.database.db, ids.sibling, ids.top);
  await moveMember(t.database.db, ids.sub, ids.me);
  await moveMember(t.database.db, ids.member, ids.me);
  await moveMember(t.database.db, ids.grandchild, ids.sub);
  token = await login(accounts.me!, ips.me!);
  const topToken = await login(accounts.top!, ips.top!);

  const daily = (downlineId: number, rate: number): ContractOfferBody => ({
    downlineId,
    product: 'CONS',
    kind: 'DAILY',
    period: 'D',
    tiers: [{ validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate }],
  });
  const offer = async (tok: string, body: ContractOfferBody) => {
    const res = await post(agentContractRoutes.offer, tok, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return contractViewSchema.parse(res.body.value).id;
  };
  contracts.others = await offer(topToken, daily(ids.sibling, 100));
  contracts.mineActive = await offer(topToken, daily(ids.me, 100));
  expect((await post(agentContractRoutes.accept, token, { contractId: contracts.mineActive })).status).toBe(
    200,
  );
  contracts.mineOffered = await offer(token, daily(ids.sub, 50));
  contracts.mineRejected = await offer(topToken, {
    downlineId: ids.me,
    product: 'LIVE',
    kind: 'DIVIDEND',
    period: 'W',
    tiers: [{ validBet: 0, netLoss: 0, activeMembers: 0, rateBp: 1_000 }],
  });
  expect((await post(agentContractRoutes.reject, token, { contractId: contracts.mineRejected })).status).toBe(
    200,
  );
}, 120_000);
afterAll(() => t?.close());

async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    select md5(
      coalesce((select string_agg(id || ':' || status || ':' || coalesce(termination_requested_by, '') || ':'
        || tiers::text || ':' || coalesce(ended_reason, ''), '|' order by id) from agent_contract), '')
      || coalesce((select count(*)::text from agent_contract_settlement), '')
      || coalesce((select count(*)::text from agent_contract_debt), '')
      || coalesce((select string_agg(id || ':' || type || ':' || coalesce(parent_id, 0), '|' order by id) from member), '')
      || coalesce((select count(*)::text from member_tree), '')
      || coalesce((select count(*)::text || ':' || coalesce(sum(amount), 0)::text from ledger_transfer), '')) as d`.execute(
    t.database.db,
  );
  return rows[0]!.d;
}

// --- schema-refused requests ----------------------------------------------------------------------

const salaryTier = { validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate: 10 };
const badTier = fc.oneof(
  wrongType,
  fc.record({
    validBet: fc.oneof(fc.integer({ min: -1_000, max: -1 }), wrongType),
    activeMembers: fc.oneof(fc.integer({ min: -5, max: 5 }), wrongType),
    rateType: fc.oneof(fc.constantFrom('PERCENT', 'FIXED', 'percent', 'BP', ''), badString),
    rate: fc.oneof(fc.integer({ min: -10_000, max: -1 }), fc.double({ noNaN: true }), wrongType),
  }),
  fc.record({ minBet: fc.integer(), profitRateBp: fc.integer({ min: 10_001 }), lossRateBp: fc.integer() }),
  fc.record({
    validBet: fc.nat(),
    netLoss: fc.nat(),
    activeMembers: fc.nat(),
    rateBp: fc.integer({ min: 10_001 }),
  }),
);
const badTiers = fc.oneof(
  fc.constant([]),
  fc.array(badTier, { minLength: 1, maxLength: 3 }),
  fc.array(fc.constant(salaryTier), { minLength: 11, maxLength: 14 }),
  wrongType,
);

type Route = { path: string; method: string; query?: z.ZodType; body?: z.ZodType };
const contractBody = (route: Route) => ({
  route,
  base: { contractId: 1 },
  keys: ['contractId'],
});
const relayBody = (route: Route) => ({
  route,
  base: { contractId: 1, action: 'ACCEPT' },
  keys: ['contractId', 'action', 'confirm'],
});
const r = agentContractRoutes;

const POSTS: {
  route: Route;
  base: Record<string, unknown>;
  keys: string[];
  nested?: Record<string, fc.Arbitrary<unknown>>;
}[] = [
  {
    route: r.offer,
    base: { downlineId: 1, product: 'CONS', kind: 'DAILY', period: 'D', tiers: [salaryTier] },
    keys: ['downlineId', 'product', 'kind', 'period', 'tiers'],
    nested: {
      tiers: badTiers,
      kind: fc.constantFrom('DIVIDEND', 'HOURLY', 'REALTIME', 'daily', 'WEEKLY'),
      period: fc.constantFrom('W', 'H', 'M', 'HOUR', 'RT', 'd', 'Y'),
      product: fc.constantFrom('ALL', 'cons', 'LOTTERY', ''),
    },
  },
  { ...relayBody(r.accept), base: { contractId: 1, confirm: true }, keys: ['contractId', 'confirm'] },
  contractBody(r.reject),
  contractBody(r.requestTermination),
  contractBody(r.confirmTermination),
  contractBody(r.keep),
  relayBody(r.relayDividend),
  relayBody(r.relayDaily),
  relayBody(r.relayHourly),
  relayBody(r.relayRealtime),
];

const GETS: { route: Route; base: Record<string, string>; keys: string[] }[] = [
  { route: r.list, base: { role: 'all', kind: 'DAILY' }, keys: ['role', 'kind'] },
  {
    route: r.settlements,
    base: { kind: 'DAILY', role: 'all', cursor: '10', limit: '20' },
    keys: ['kind', 'role', 'cursor', 'limit'],
  },
];

describe('generated bad input on the agent-contracts calls', () => {
  for (const { route, base, keys } of GETS) {
    it(`${route.path}: ${RUNS} bad queries answer a 4xx with a code and change nothing`, async () => {
      const before = await digest();
      await fc.assert(
        fc.asyncProperty(badQueries(route.query!, base, keys), async (query) => {
          const res = await t.client.call(`${route.path}?${new URLSearchParams(query).toString()}`, {
            method: 'GET',
            token,
          });
          expectRefused(res);
        }),
        { numRuns: RUNS },
      );
      expect(await digest()).toBe(before);
    }, 300_000);
  }

  for (const { route, base, keys, nested } of POSTS) {
    it(`${route.path}: ${RUNS} bad bodies answer a 4xx with a code and change nothing`, async () => {
      const before = await digest();
      await fc.assert(
        fc.asyncProperty(badBodies(route.body!, base, keys, nested), async (body) => {
          expectRefused(await post(route, token, body));
        }),
        { numRuns: RUNS },
      );
      expect(await digest()).toBe(before);
    }, 300_000);
  }
});

// --- well-formed requests the rules refuse --------------------------------------------------------

const missingId = fc.integer({ min: 1_000_000, max: 2_147_483_647 });

describe('generated well-formed requests the rules refuse', () => {
  it(`${r.offer.path}: ${RUNS} offers outside the direct downline or above the cap are refused`, async () => {
    const before = await digest();
    const notMine = fc.oneof(
      fc.constantFrom(ids.top, ids.sibling, ids.grandchild, ids.unrelated, ids.me),
      missingId,
    );
    const salary = (rate: fc.Arbitrary<number>, rateType: fc.Arbitrary<'PERCENT' | 'FIXED'>) =>
      fc.array(
        fc.record({
          validBet: fc.nat({ max: 1_000_000 }),
          activeMembers: fc.nat({ max: 50 }),
          rateType,
          rate,
        }),
        { minLength: 1, maxLength: 4 },
      );
    const within = salary(fc.nat({ max: 100 }), fc.constant('PERCENT'));
    const offers = fc.oneof(
      // Anyone but a direct downline agent, whatever the terms.
      fc.record({
        downlineId: notMine,
        product: fc.constantFrom('CONS', 'LIVE', 'SPORTS'),
        kind: fc.constant('DAILY' as const),
        period: fc.constant('D' as const),
        tiers: within,
      }),
      // The downline member: not an agent.
      fc.record({
        downlineId: fc.constant(ids.member),
        product: fc.constant('RNG'),
        kind: fc.constant('DAILY' as const),
        period: fc.constant('D' as const),
        tiers: within,
      }),
      // The direct downline agent, above the cap (2 % a day, R$ 1 000 fixed; 40 % dividends).
      fc.record({
        downlineId: fc.constant(ids.sub),
        product: fc.constantFrom('LIVE', 'FISH', 'PVP'),
        kind: fc.constantFrom('DAILY' as const),
        period: fc.constant('D' as const),
        tiers: fc.oneof(
          salary(fc.integer({ min: 201, max: 10_000 }), fc.constant('PERCENT')),
          salary(fc.integer({ min: 100_001, max: 10_000_000 }), fc.constant('FIXED')),
        ),
      }),
      fc.record({
        downlineId: fc.constant(ids.sub),
        product: fc.constantFrom('LIVE', 'ELOTT'),
        kind: fc.constant('DIVIDEND' as const),
        period: fc.constantFrom('D' as const, 'W' as const, 'H' as const, 'M' as const),
        tiers: fc.array(
          fc.record({
            validBet: fc.nat(),
            netLoss: fc.nat(),
            activeMembers: fc.nat({ max: 10 }),
            rateBp: fc.integer({ min: 4_001, max: 10_000 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      // The open contract the pair has already (CONS, DAILY, offered).
      fc.record({
        downlineId: fc.constant(ids.sub),
        product: fc.constant('CONS'),
        kind: fc.constant('DAILY' as const),
        period: fc.constant('D' as const),
        tiers: within,
      }),
    );
    await fc.assert(
      fc.asyncProperty(offers, async (body) => {
        expectRefused(await post(r.offer, token, body));
      }),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  }, 300_000);

  /** Contract ids each step refuses for the caller: someone else's, missing, or mine in a wrong state. */
  const refusedIds = () => ({
    accept: [contracts.others, contracts.mineActive, contracts.mineOffered, contracts.mineRejected],
    reject: [contracts.others, contracts.mineActive, contracts.mineOffered, contracts.mineRejected],
    requestTermination: [contracts.others, contracts.mineRejected],
    confirmTermination: [
      contracts.others,
      contracts.mineActive,
      contracts.mineOffered,
      contracts.mineRejected,
    ],
    keep: [contracts.others, contracts.mineActive, contracts.mineOffered, contracts.mineRejected],
  });
  for (const step of ['accept', 'reject', 'requestTermination', 'confirmTermination', 'keep'] as const) {
    it(`${r[step].path}: ${RUNS} contract ids not open to this step are refused`, async () => {
      const before = await digest();
      const bodies = fc.record(
        {
          contractId: fc.oneof(fc.constantFrom(...refusedIds()[step]), missingId),
          ...(step === 'accept' ? { confirm: fc.boolean() } : {}),
        },
        { requiredKeys: ['contractId'] },
      );
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          expectRefused(await post(r[step], token, body));
        }),
        { numRuns: RUNS },
      );
      expect(await digest()).toBe(before);
    }, 300_000);
  }

  // A relay call sees only the caller's contracts of its own kind; in that kind, only steps the state allows.
  for (const name of ['relayDividend', 'relayDaily', 'relayHourly', 'relayRealtime'] as const) {
    it(`${r[name].path}: ${RUNS} contracts of another kind, of others or missing are refused`, async () => {
      const before = await digest();
      // Known once beforeAll ran. Mine of the call's kind only where every action is refused.
      const idsNow =
        name === 'relayDividend'
          ? [contracts.others, contracts.mineActive, contracts.mineOffered, contracts.mineRejected]
          : name === 'relayDaily'
            ? [contracts.others, contracts.mineRejected]
            : [contracts.others, contracts.mineActive, contracts.mineOffered, contracts.mineRejected];
      const bodies = fc.record(
        {
          contractId: fc.oneof(fc.constantFrom(...idsNow), missingId),
          action: fc.constantFrom('ACCEPT', 'REJECT', 'TERMINATE', 'CONFIRM_TERMINATION', 'KEEP'),
          confirm: fc.boolean(),
        },
        { requiredKeys: ['contractId', 'action'] },
      );
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          expectRefused(await post(r[name], token, body));
        }),
        { numRuns: RUNS },
      );
      // The daily relay on my own DAILY contracts in a wrong state is refused too (accept an active one).
      if (name === 'relayDaily') {
        for (const action of ['ACCEPT', 'REJECT', 'CONFIRM_TERMINATION', 'KEEP'] as const)
          expectRefused(await post(r.relayDaily, token, { contractId: contracts.mineActive, action }));
      }
      expect(await digest()).toBe(before);
    }, 300_000);
  }
});
