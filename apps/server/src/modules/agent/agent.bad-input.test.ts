/**
 * Generated bad input for EVERY agent call of agentCalls (packages/contract/src/agent/agent.calls.ts;
 * issue 24: "200+ generated bad inputs per agent endpoint: 4xx with a code, nothing changed"), with the
 * shared generators of test/bad-input-arbitraries.ts, agent-contracts.bad-input.test.ts's way:
 *
 * - callers the call refuses, for every call: a member's token, garbled and tampered tokens (and for
 *   the back-office calls, a member's token and garbled operator tokens), each with an otherwise
 *   valid request (a fresh username to register, a direct downline member to promote);
 * - schema-refused requests for every call that takes a query, params or a body: values near a valid
 *   one of the wrong type or out of range, dropped and unknown fields, long strings; the register
 *   centre's body sent encrypted (as the web app does) and in clear (enc_required);
 * - well-formed requests the rules refuse: members outside the caller's tree (or not its direct
 *   downline) by id or account, a direct downline that is an agent already, a taken username, a new
 *   invitation code past AGENT_INVITATION_MAX, a back-office move below itself, its own team, a
 *   non-agent or a missing upline, a missing member's tree level.
 *
 * Each answers a 4xx envelope with a catalogued code, never a 5xx or a success, and the members, the
 * tree, the invitation codes, the ledger and the operator audit stay as they were (a digest of the
 * tables). The count: badInputRuns(210) per call and generator. BOLA (same answer as a missing id):
 * agent.bola.test.ts.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_INVITATION_MAX,
  agentCalls,
  agentRoutes,
  downlineAccountSchema,
  loginValueSchema,
  MEMBER_TYPE,
} from '@banca/contract';
import { FAST_PASSWORD, freshIp, freshUsername, insertAccounts } from '../../test/auth-client.ts';
import {
  badBodies,
  badQueries,
  badString,
  expectRefused,
  wrongType,
} from '../../test/bad-input-arbitraries.ts';
import { badInputRuns } from '../../test/bad-input-runs.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { moveMember } from '../member/index.ts';

const RUNS = badInputRuns(210);
const TIMEOUT = 300_000;

let t: OpsTestServer;
/**
 * The caller `me` below `upline` (beside `sibling`, whose child is `siblingChild`), above a downline
 * agent `sub` (with `grandchild`) and a downline member `child`; `unrelated` heads a tree of its own.
 */
const WHO = [
  'upline',
  'me',
  'sibling',
  'siblingChild',
  'sub',
  'grandchild',
  'child',
  'unrelated',
  'unrelatedChild',
] as const;
type Who = (typeof WHO)[number];
const id = {} as Record<Who, number>;
const account = {} as Record<Who, string>;
let token: string;
let memberToken: string;
let opsToken: string;

beforeAll(async () => {
  t = await startOpsTestServer();
  const ips = Object.fromEntries(WHO.map((w) => [w, freshIp()])) as Record<Who, string>;
  for (const w of WHO) {
    // A letter, then letters or digits (6-16): a name the register centre's schema takes, so a
    // well-formed register of it is refused by the rule (taken), not by the schema.
    let name = freshUsername('agbad');
    while (!downlineAccountSchema.safeParse(name).success) name = freshUsername('agbad');
    account[w] = name;
  }
  const created = await insertAccounts(
    t.database.db,
    WHO.map((w) => ({
      account: account[w],
      type: w === 'child' || w === 'grandchild' ? MEMBER_TYPE.MEMBER : MEMBER_TYPE.AGENT,
      knownIps: [ips[w]],
    })),
  );
  WHO.forEach((w, i) => (id[w] = created[i]!));
  const links: [Who, Who][] = [
    ['me', 'upline'],
    ['sibling', 'upline'],
    ['siblingChild', 'sibling'],
    ['sub', 'me'],
    ['grandchild', 'sub'],
    ['child', 'me'],
    ['unrelatedChild', 'unrelated'],
  ];
  for (const [m, parent] of links) expect(await moveMember(t.database.db, id[m], id[parent])).toBe(true);
  const login = async (w: Who) =>
    loginValueSchema.parse((await t.client.login(account[w], FAST_PASSWORD, {}, { ip: ips[w] })).body.value)
      .token;
  token = await login('me');
  memberToken = await login('child');
  opsToken = (await t.operator('admin')).token;
  // The caller holds every invitation code it may: one more is refused (invitation_limit).
  for (let i = 0; i < AGENT_INVITATION_MAX; i += 1) {
    const res = await t.client.call(agentRoutes.createInvitation.path, { method: 'POST', token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}, 180_000);
afterAll(() => t?.close());

/** Members, tree, invitation codes, ledger and the operator audit. */
async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    select md5(
      coalesce((select string_agg(id || ':' || account || ':' || type || ':' || status || ':'
        || coalesce(parent_id, 0), '|' order by id) from member), '')
      || coalesce((select string_agg(ancestor_id || '>' || descendant_id, '|' order by 1, 2) from member_tree), '')
      || coalesce((select string_agg(to_jsonb(a)::text, '|' order by to_jsonb(a)::text) from affiliate a), '')
      || coalesce((select count(*)::text || ':' || coalesce(sum(amount), 0)::text from ledger_transfer), '')
      || coalesce((select count(*)::text from operator_audit), '')
      || coalesce((select string_agg(to_jsonb(s)::text, '|' order by merchant_code) from agent_settings s), '')
    ) as d`.execute(t.database.db);
  return rows[0]!.d;
}

/** Runs a property of RUNS requests and checks that none changed the tables. */
async function refusesAll<T>(arb: fc.Arbitrary<T>, send: (v: T) => Promise<RefusalLike>) {
  const before = await digest();
  await fc.assert(
    fc.asyncProperty(arb, async (v) => {
      expectRefused(await send(v));
    }),
    { numRuns: RUNS },
  );
  expect(await digest()).toBe(before);
}
type RefusalLike = { status: number; body: { success?: boolean; code?: string } };

type Route = {
  path: string;
  method: string;
  enc: boolean;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
};
const r = agentRoutes;
const qs = (query: Record<string, string>) => {
  const s = new URLSearchParams(query).toString();
  return s ? `?${s}` : '';
};
/** A member-side call as the web app makes it (enc bodies encrypted). */
const call = (
  route: Route,
  init: { token: string; query?: Record<string, string>; body?: unknown; enc?: boolean },
) =>
  t.client.call(`${route.path}${qs(init.query ?? {})}`, {
    method: route.method,
    token: init.token,
    ...(init.body !== undefined ? { body: init.body } : {}),
    ...((init.enc ?? route.enc) ? { enc: true } : {}),
  });
const opsCall = (
  path: string,
  method: string,
  init: { token: string; query?: Record<string, string>; body?: unknown },
) =>
  t.ops(`${path}${qs(init.query ?? {})}`, {
    method,
    token: init.token,
    ...(init.body !== undefined ? { body: init.body } : {}),
  });

const freshDownlineName = () => {
  let name = freshUsername('agnew');
  while (!downlineAccountSchema.safeParse(name).success) name = freshUsername('agnew');
  return name;
};

/** Every member-side call with a request it would take from the caller (a valid query or body). */
const MEMBER_CALLS: {
  name: keyof typeof agentCalls;
  query?: () => Record<string, string>;
  body?: () => unknown;
}[] = [
  { name: 'teamOverview' },
  { name: 'teamSummary', query: () => ({ period: 'W' }) },
  { name: 'downline', query: () => ({ scope: 'team', limit: '20' }) },
  { name: 'downlineMember', query: () => ({ memberId: String(id.child) }) },
  {
    name: 'registerDownline',
    body: () => ({ username: freshDownlineName(), password: 'Secret123', kind: 'member' }),
  },
  { name: 'invitations' },
  { name: 'createInvitation' },
  { name: 'teamBets', query: () => ({ status: 'SETTLED', limit: '20' }) },
  { name: 'teamPnl', query: () => ({ period: 'M' }) },
  { name: 'teamTransactions', query: () => ({ type: 'DEPOSIT' }) },
  { name: 'income', query: () => ({ period: 'day', from: '2026-03-01', to: '2026-03-31' }) },
  { name: 'promoteDownline', body: () => ({ memberId: id.child }) },
];
const OPS_CALLS: { name: keyof typeof agentCalls; path: () => string; body?: () => unknown }[] = [
  { name: 'opsAgents', path: () => r.opsAgents.path },
  { name: 'opsAgentDownline', path: () => r.opsAgentDownline.path.replace(':id', String(id.me)) },
  {
    name: 'opsMoveMember',
    path: () => r.opsMoveMember.path,
    body: () => ({ memberId: id.child, uplineAccount: account.sub, reason: 'a valid reason' }),
  },
  { name: 'opsAgentSettings', path: () => r.opsAgentSettings.path },
  {
    name: 'opsPutAgentSettings',
    path: () => r.opsPutAgentSettings.path,
    body: () => ({ promoteAllowed: false, reason: 'a valid reason' }),
  },
];

it('covers every call of agentCalls', () => {
  expect([...MEMBER_CALLS, ...OPS_CALLS].map((c) => c.name).sort()).toEqual(Object.keys(agentCalls).sort());
  for (const c of MEMBER_CALLS) expect(agentCalls[c.name].auth).toBe('token');
  for (const c of OPS_CALLS) expect(agentCalls[c.name].auth).toBe('operator');
});

/** A token made unusable: one character changed, cut short, or something else appended. */
const tampered = (tok: () => string) =>
  fc.oneof(
    fc.tuple(fc.nat(), fc.constantFrom(...'AZaz09-_.')).map(([at, ch]) => {
      const s = tok();
      const i = at % s.length;
      const c = s[i] === ch ? (ch === 'A' ? 'B' : 'A') : ch;
      return s.slice(0, i) + c + s.slice(i + 1);
    }),
    fc.nat().map((n) => tok().slice(0, n % tok().length)),
    fc.stringMatching(/^[A-Za-z0-9]{1,8}$/).map((x) => `${tok()}${x}`),
  );
const garbled = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,300}$/),
  fc.constantFrom('null', 'undefined', 'Bearer', '0', 'eyJhbGciOiJub25lIn0.e30.'),
);

describe('callers the agent calls refuse (member token, garbled or tampered tokens)', () => {
  for (const c of MEMBER_CALLS) {
    const route = r[c.name] as Route;
    it(
      `${route.method} ${route.path}: ${RUNS} refused callers answer a 4xx with a code and change nothing`,
      async () => {
        const callers = fc.oneof(
          fc.constant(memberToken),
          garbled,
          tampered(() => token),
        );
        await refusesAll(callers, (tok) =>
          call(route, {
            token: tok.length > 0 ? tok : 'x',
            ...(c.query ? { query: c.query() } : {}),
            ...(c.body ? { body: c.body() } : {}),
          }),
        );
      },
      TIMEOUT,
    );
  }
  for (const c of OPS_CALLS) {
    const route = r[c.name] as Route;
    it(
      `${route.method} ${route.path}: ${RUNS} refused operator tokens answer a 4xx with a code and change nothing`,
      async () => {
        const callers = fc.oneof(
          fc.constant(token),
          fc.constant(memberToken),
          garbled,
          tampered(() => opsToken),
        );
        await refusesAll(callers, (tok) =>
          opsCall(c.path(), route.method, {
            token: tok.length > 0 ? tok : 'x',
            ...(c.body ? { body: c.body() } : {}),
          }),
        );
      },
      TIMEOUT,
    );
  }
});

// --- schema-refused requests ----------------------------------------------------------------------

const GETS: { route: Route; base: Record<string, string>; keys: string[] }[] = [
  { route: r.teamSummary, base: { period: 'W' }, keys: ['period'] },
  {
    route: r.downline,
    base: { scope: 'team', kind: 'member', status: 'ACTIVE', cursor: '100', limit: '20' },
    keys: ['scope', 'account', 'kind', 'status', 'cursor', 'limit'],
  },
  { route: r.downlineMember, base: { memberId: '12' }, keys: ['memberId', 'account'] },
  {
    route: r.teamBets,
    base: { status: 'SETTLED', from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00Z', limit: '20' },
    keys: ['account', 'category', 'vendor', 'status', 'from', 'to', 'cursor', 'limit'],
  },
  {
    route: r.teamPnl,
    base: { from: '2026-03-01', to: '2026-03-31', limit: '20' },
    keys: ['period', 'from', 'to', 'cursor', 'limit'],
  },
  {
    route: r.teamTransactions,
    base: { type: 'DEPOSIT', limit: '20' },
    keys: ['type', 'account', 'from', 'to', 'cursor', 'limit'],
  },
  {
    route: r.income,
    base: { period: 'day', from: '2026-03-01', to: '2026-03-31' },
    keys: ['period', 'from', 'to'],
  },
];

describe('generated bad input on the agent calls', () => {
  for (const { route, base, keys } of GETS) {
    it(
      `${route.path}: ${RUNS} bad queries answer a 4xx with a code and change nothing`,
      async () => {
        await refusesAll(badQueries(route.query!, base, keys), (query) => call(route, { token, query }));
      },
      TIMEOUT,
    );
  }

  const registerBase = { username: 'valid1234', password: 'Secret123', kind: 'member', nickname: 'Nick' };
  const registerKeys = ['username', 'password', 'kind', 'nickname'];
  const registerNested = {
    username: fc.oneof(
      badString,
      fc.constantFrom('1abcdef', 'ab', 'abcdefghijklmnopq', 'user name', 'usér123', 'user_123', 'user-123'),
    ),
    password: fc.oneof(fc.string({ maxLength: 5 }), fc.string({ minLength: 65, maxLength: 80 })),
    kind: fc.constantFrom('agent ', 'AGENT', 'boss', 'MEMBER', '1', ''),
    nickname: fc.oneof(
      fc.constantFrom('', '   '),
      fc.string({ minLength: 33, maxLength: 60 }).filter((s) => s.trim().length > 32),
    ),
  };
  it(
    `${r.registerDownline.path}: ${RUNS} bad bodies, encrypted, answer a 4xx with a code and register no one`,
    async () => {
      await refusesAll(
        badBodies(r.registerDownline.body!, registerBase, registerKeys, registerNested),
        (body) => call(r.registerDownline, { token, body, enc: true }),
      );
    },
    TIMEOUT,
  );
  it(
    `${r.registerDownline.path}: ${RUNS} bodies in clear (valid or not) answer enc_required and register no one`,
    async () => {
      const bodies = fc.oneof(
        fc
          .constant(null)
          .map(() => ({ username: freshDownlineName(), password: 'Secret123', kind: 'agent' })),
        badBodies(r.registerDownline.body!, registerBase, registerKeys, registerNested),
      );
      await refusesAll(bodies, async (body) => {
        const res = await call(r.registerDownline, { token, body, enc: false });
        expect(res.body.code).toBe('enc_required');
        return res;
      });
    },
    TIMEOUT,
  );

  it(
    `${r.promoteDownline.path}: ${RUNS} bad bodies answer a 4xx with a code and promote no one`,
    async () => {
      await refusesAll(
        badBodies(r.promoteDownline.body!, { memberId: 1 }, ['memberId'], {
          memberId: fc.oneof(
            fc.constantFrom(0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, 1e300),
            fc.constant(null).map(() => String(id.child)),
          ),
        }),
        (body) => call(r.promoteDownline, { token, body }),
      );
    },
    TIMEOUT,
  );

  it(
    `${r.opsAgents.path}: ${RUNS} bad queries answer a 4xx with a code`,
    async () => {
      await refusesAll(
        badQueries(r.opsAgents.query!, { account: 'ag', after: '10', limit: '50' }, [
          'account',
          'after',
          'limit',
        ]),
        (query) => opsCall(r.opsAgents.path, 'GET', { token: opsToken, query }),
      );
    },
    TIMEOUT,
  );

  it(
    `${r.opsAgentDownline.path}: ${RUNS} bad ids and queries answer a 4xx with a code`,
    async () => {
      const badId = fc
        .oneof(
          fc.constantFrom('0', '-1', '1.5', '1e3', 'x', '%20', '9'.repeat(40)),
          fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/),
        )
        .filter((s) => !r.opsAgentDownline.params!.safeParse({ id: s }).success);
      const cases = fc.oneof(
        fc.record({ id: badId, query: fc.constant({} as Record<string, string>) }),
        fc.record({
          id: fc.constant(null).map(() => String(id.me)),
          query: badQueries(r.opsAgentDownline.query!, { after: '1', limit: '100' }, ['after', 'limit']),
        }),
      );
      await refusesAll(cases, (c) =>
        opsCall(r.opsAgentDownline.path.replace(':id', encodeURIComponent(c.id)), 'GET', {
          token: opsToken,
          query: c.query,
        }),
      );
    },
    TIMEOUT,
  );

  it(
    `${r.opsMoveMember.path}: ${RUNS} bad bodies answer a 4xx with a code and move no one`,
    async () => {
      await refusesAll(
        fc.constant(null).chain(() =>
          badBodies(
            r.opsMoveMember.body!,
            { memberId: id.child, uplineAccount: account.sub, reason: 'a valid reason' },
            ['memberId', 'uplineAccount', 'reason'],
            {
              reason: fc.oneof(
                fc.constantFrom('', '  ', 'ab', '  ab  '),
                fc.string({ minLength: 501, maxLength: 600 }),
              ),
            },
          ),
        ),
        (body) => opsCall(r.opsMoveMember.path, 'POST', { token: opsToken, body }),
      );
    },
    TIMEOUT,
  );

  it(
    `${r.opsPutAgentSettings.path}: ${RUNS} bad bodies answer a 4xx with a code and set nothing`,
    async () => {
      await refusesAll(
        fc.constant(null).chain(() =>
          badBodies(
            r.opsPutAgentSettings.body!,
            { promoteAllowed: false, reason: 'a valid reason' },
            ['promoteAllowed', 'reason'],
            {
              reason: fc.oneof(
                fc.constantFrom('', '  ', 'ab', '  ab  '),
                fc.string({ minLength: 501, maxLength: 600 }),
              ),
            },
          ),
        ),
        (body) => opsCall(r.opsPutAgentSettings.path, 'PUT', { token: opsToken, body }),
      );
    },
    TIMEOUT,
  );
});

// --- well-formed requests the rules refuse --------------------------------------------------------

const missingId = fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER });
/** Members outside the caller's tree (and the caller itself). */
const OUTSIDE: Who[] = ['upline', 'me', 'sibling', 'siblingChild', 'unrelated', 'unrelatedChild'];
/** An account as written by someone probing: as stored, upper- or mixed-case, padded. */
const spelled = (name: string) =>
  fc.constantFrom(name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1), ` ${name} `);
const outsideAccount = () =>
  fc.oneof(
    fc.constantFrom(...OUTSIDE).chain((w) => spelled(account[w])),
    fc.stringMatching(/^[a-z][a-z0-9]{5,15}$/).filter((s) => !WHO.some((w) => account[w] === s)),
  );

describe('generated well-formed requests the rules refuse', () => {
  it(
    `${r.downlineMember.path}: ${RUNS} ids and accounts outside the tree answer 404 downline_not_found`,
    async () => {
      const queries = fc.oneof(
        fc
          .oneof(
            fc.constantFrom(...OUTSIDE).map((w) => id[w]),
            missingId,
          )
          .map((m) => ({ memberId: String(m) })),
        outsideAccount().map((a) => ({ account: a })),
      );
      await refusesAll(queries, async (query) => {
        const res = await call(r.downlineMember, { token, query });
        expect([res.status, res.body.code]).toEqual([404, 'downline_not_found']);
        return res;
      });
    },
    TIMEOUT,
  );

  for (const route of [r.teamBets, r.teamTransactions]) {
    it(
      `${route.path}: ${RUNS} accounts outside the tree answer 404 downline_not_found`,
      async () => {
        await refusesAll(outsideAccount(), async (a) => {
          const res = await call(route, { token, query: { account: a } });
          expect([res.status, res.body.code]).toEqual([404, 'downline_not_found']);
          return res;
        });
      },
      TIMEOUT,
    );
  }

  it(
    `${r.promoteDownline.path}: ${RUNS} anyone but a direct downline member is refused`,
    async () => {
      const ids = fc.oneof(
        fc.constantFrom<Who>(...OUTSIDE, 'grandchild', 'sub').map((w) => id[w]),
        missingId,
      );
      await refusesAll(ids, async (memberId) => {
        const res = await call(r.promoteDownline, { token, body: { memberId } });
        expect([res.status, res.body.code]).toEqual(
          memberId === id.sub ? [409, 'promote_refused'] : [404, 'downline_not_found'],
        );
        return res;
      });
    },
    TIMEOUT,
  );

  it(
    `${r.registerDownline.path}: ${RUNS} taken usernames (any case) answer 409 account_exists`,
    async () => {
      const bodies = fc.record(
        {
          username: fc
            .constantFrom(...WHO)
            .chain((w) =>
              fc.constantFrom(
                account[w],
                account[w].toUpperCase(),
                account[w][0]!.toUpperCase() + account[w].slice(1),
              ),
            ),
          password: fc.string({ minLength: 6, maxLength: 64 }),
          kind: fc.constantFrom('member' as const, 'agent' as const),
          nickname: fc.string({ minLength: 1, maxLength: 32 }).filter((s) => s.trim().length > 0),
        },
        { requiredKeys: ['username', 'password', 'kind'] },
      );
      await refusesAll(bodies, async (body) => {
        const res = await call(r.registerDownline, { token, body });
        expect([res.status, res.body.code]).toEqual([409, 'account_exists']);
        return res;
      });
    },
    TIMEOUT,
  );

  it(
    `${r.createInvitation.path}: ${RUNS} codes past the limit answer 409 invitation_limit`,
    async () => {
      // Whatever comes along (the call reads no body or query), the caller holds the most codes already.
      const extras = fc.record({
        query: fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 8 })),
        body: fc.option(wrongType, { nil: undefined }),
      });
      await refusesAll(extras, async ({ query, body }) => {
        const res = await call(r.createInvitation, { token, query, ...(body !== undefined ? { body } : {}) });
        expect([res.status, res.body.code]).toEqual([409, 'invitation_limit']);
        return res;
      });
    },
    TIMEOUT,
  );

  it(
    `${r.opsAgentDownline.path}: ${RUNS} missing members answer 404 agent_member_not_found`,
    async () => {
      await refusesAll(fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }), async (m) => {
        const res = await opsCall(r.opsAgentDownline.path.replace(':id', String(m)), 'GET', {
          token: opsToken,
        });
        expect([res.status, res.body.code]).toEqual([404, 'agent_member_not_found']);
        return res;
      });
    },
    TIMEOUT,
  );

  it(
    `${r.opsMoveMember.path}: ${RUNS} moves below itself, its team, a non-agent or nobody are refused`,
    async () => {
      const moves = fc.oneof(
        // Below itself or below its own team.
        fc
          .constantFrom<[Who, Who]>(
            ['me', 'me'],
            ['me', 'sub'],
            ['upline', 'me'],
            ['upline', 'sibling'],
            ['upline', 'siblingChild'],
            ['sub', 'sub'],
            ['unrelated', 'unrelated'],
            // Below a member (not an agent).
            ['sub', 'child'],
            ['sibling', 'grandchild'],
            ['unrelated', 'child'],
            // Where it is already.
            ['sub', 'me'],
            ['child', 'me'],
            ['siblingChild', 'sibling'],
          )
          .map(([m, up]) => ({ memberId: id[m], uplineAccount: account[up] })),
        // A missing member, or a missing upline.
        fc.record({
          memberId: missingId,
          uplineAccount: fc.constant(null).map(() => account.unrelated),
        }),
        fc.record({
          memberId: fc.constant(null).map(() => id.child),
          uplineAccount: fc
            .stringMatching(/^[a-z][a-z0-9]{5,15}$/)
            .filter((s) => !WHO.some((w) => account[w] === s)),
        }),
      );
      await refusesAll(
        fc.tuple(
          moves,
          fc.string({ minLength: 3, maxLength: 40 }).filter((s) => s.trim().length >= 3),
        ),
        ([move, reason]) =>
          opsCall(r.opsMoveMember.path, 'POST', { token: opsToken, body: { ...move, reason } }),
      );
    },
    TIMEOUT,
  );
});
