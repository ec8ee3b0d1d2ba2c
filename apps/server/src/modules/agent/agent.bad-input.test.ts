/**
 * Generated bad input for every agent-centre call this branch added (issue 24: "200+ generated bad
 * inputs per agent endpoint: 4xx with a code, nothing changed"), the games bad-input test's way:
 * fast-check values near a valid request that the contract refuses (wrong types, out-of-range
 * numbers, bad days and cursors, unknown fields, long strings), sent as the query (GET) or the body
 * (POST). Each answers a 4xx envelope with a catalogued code, never a 5xx or a success, and the
 * tree, the members' types and the ledger stay as they were. The count: badInputRuns(210).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRoutes, isCatalogueErrorCode, loginValueSchema, MEMBER_TYPE } from '@banca/contract';
import {
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../test/auth-client.ts';
import { badInputRuns } from '../../test/bad-input-runs.ts';
import { moveMember } from '../member/index.ts';

const RUNS = badInputRuns(210);

let t: AuthTestServer;
let token: string;
beforeAll(async () => {
  t = await startAuthTestServer();
  const ip = freshIp();
  const account = freshUsername('badag');
  const [agent, child] = await insertAccounts(t.database.db, [
    { account, type: MEMBER_TYPE.AGENT, knownIps: [ip] },
    { account: freshUsername('badch'), type: MEMBER_TYPE.MEMBER },
  ]);
  await moveMember(t.database.db, child!, agent!);
  token = loginValueSchema.parse((await t.client.login(account, FAST_PASSWORD, {}, { ip })).body.value).token;
}, 120_000);
afterAll(() => t?.close());

async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    select md5(coalesce((select string_agg(id || ':' || type || ':' || coalesce(parent_id, 0), '|' order by id) from member), '')
      || coalesce((select string_agg(ancestor_id || '>' || descendant_id, '|' order by 1) from member_tree), '')
      || coalesce((select count(*)::text from ledger_transfer), '')) as d`.execute(t.database.db);
  return rows[0]!.d;
}

const badString = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.integer({ min: 65, max: 5_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(
    '',
    '   ',
    '\u0000',
    '<script>',
    '-1',
    '0',
    '1e3',
    '2026-13-40',
    '2026-02-30T00:00:00Z',
    'Y',
    'ALL',
    '12x',
  ),
);
const badQueryValue = fc.oneof(
  badString,
  fc.integer({ min: -1_000_000, max: 0 }).map(String),
  fc.integer({ min: 101, max: 10_000_000 }).map(String),
  fc.double({ min: 0.1, max: 50, noNaN: true }).map(String),
);
const wrongType = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  badString,
);

/** Query strings near `base` that the schema refuses. */
function badQueries(schema: z.ZodType, base: Record<string, string>, keys: string[]) {
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: badQueryValue }),
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.stringMatching(/^[a-zA-Z_]{1,12}$/).filter((k) => !keys.includes(k)),
      value: fc.string({ maxLength: 8 }),
    }),
  );
  return fc
    .array(mutation, { minLength: 1, maxLength: 3 })
    .map((ms) => {
      const out: Record<string, string> = { ...base };
      for (const m of ms) out[m.key] = m.value;
      return out;
    })
    .filter((q) => !schema.safeParse(q).success);
}

/** Bodies near `base` that the schema refuses. */
function badBodies(schema: z.ZodType, base: Record<string, unknown>, keys: string[]) {
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }),
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: wrongType }),
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.stringMatching(/^[a-zA-Z_]{1,12}$/).filter((k) => !keys.includes(k)),
      value: fc.jsonValue({ maxDepth: 1 }),
    }),
  );
  return fc
    .oneof(
      {
        weight: 8,
        arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => {
          const out: Record<string, unknown> = { ...base };
          for (const m of ms) {
            if (m.kind === 'drop') delete out[m.key];
            else out[m.key] = m.value;
          }
          return out;
        }),
      },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.integer(),
          fc.string({ maxLength: 10 }),
          fc.constant(null),
          fc.array(fc.integer(), { maxLength: 2 }),
        ),
      },
    )
    .map((v) => JSON.parse(JSON.stringify(v)) as unknown)
    .filter((v) => !schema.safeParse(v).success);
}

const GETS: {
  route: { path: string; method: string; query?: z.ZodType };
  base: Record<string, string>;
  keys: string[];
}[] = [
  {
    route: agentRoutes.teamBets,
    base: { status: 'SETTLED', from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00Z', limit: '20' },
    keys: ['account', 'category', 'vendor', 'status', 'from', 'to', 'cursor', 'limit'],
  },
  {
    route: agentRoutes.teamPnl,
    base: { from: '2026-03-01', to: '2026-03-31', limit: '20' },
    keys: ['period', 'from', 'to', 'cursor', 'limit'],
  },
  {
    route: agentRoutes.teamTransactions,
    base: { type: 'DEPOSIT', limit: '20' },
    keys: ['type', 'account', 'from', 'to', 'cursor', 'limit'],
  },
  {
    route: agentRoutes.income,
    base: { period: 'day', from: '2026-03-01', to: '2026-03-31' },
    keys: ['period', 'from', 'to'],
  },
];

const expectRefused = (res: { status: number; body: { success?: boolean; code?: string } }) => {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body.success).toBe(false);
  expect(isCatalogueErrorCode(res.body.code ?? '')).toBe(true);
};

describe('generated bad input on the team report calls', () => {
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

  it(`${agentRoutes.promoteDownline.path}: ${RUNS} bad bodies answer a 4xx with a code and promote no one`, async () => {
    const before = await digest();
    await fc.assert(
      fc.asyncProperty(
        badBodies(agentRoutes.promoteDownline.body!, { memberId: 1 }, ['memberId']),
        async (body) => {
          const res = await t.client.call(agentRoutes.promoteDownline.path, { method: 'POST', token, body });
          expectRefused(res);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  }, 300_000);
});
