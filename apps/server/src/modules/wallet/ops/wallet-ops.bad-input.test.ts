/**
 * Property test of the "Bad input" rule for the operator and account-record endpoints of issue 9:
 * every generated malformed, wrong-typed, oversized or semantically refused input answers a 4xx
 * envelope with a code (never 5xx, never success) and writes nothing (operators, sessions, audit,
 * ledger and wallet settings compared before and after).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjustmentBodySchema,
  auditQuerySchema,
  createOperatorBodySchema,
  operatorLoginBodySchema,
  operatorRoutes,
  recordCsvQuerySchema,
  recordQuerySchema,
  WALLET_RECORDS_CSV_PATH,
  walletRoutes,
} from '@banca/contract';
import { startOpsTestServer, type OpsTestServer } from '../../../test/ops-client.ts';
import { OPERATOR_TOKEN } from '../../../test/test-app.ts';
import { badInputRuns } from '../../../test/bad-input-runs.ts';

/** Requests per endpoint (the issue asks at least 200 bodies). */
const RUNS = badInputRuns(220);

let t: OpsTestServer;
let admin: string;
let finance: string;
let member: { memberId: number; token: string };
beforeAll(async () => {
  t = await startOpsTestServer();
  const [a, f] = await Promise.all([t.operator('admin'), t.operator('finance')]);
  admin = a.token;
  finance = f.token;
  member = await t.member();
});
afterAll(() => t?.close());

/** Every row the endpoints could write, as one digest (session touch times left out). */
async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    select md5(
      coalesce((select string_agg(to_jsonb(o)::text, '|' order by o.id) from operator o), '') || '#' ||
      coalesce((select string_agg(s.token_hash || coalesce(s.revoked_at::text, ''), '|' order by s.token_hash)
                from operator_session s), '') || '#' ||
      coalesce((select string_agg(to_jsonb(a)::text, '|' order by a.id) from operator_audit a), '') || '#' ||
      coalesce((select string_agg(to_jsonb(l)::text, '|' order by l.id) from ledger_account l), '') || '#' ||
      coalesce((select string_agg(to_jsonb(x)::text, '|' order by x.id) from ledger_transfer x), '') || '#' ||
      coalesce((select string_agg(to_jsonb(w)::text, '|' order by w.merchant_code) from wallet_settings w), '')
    ) as d`.execute(t.database.db);
  return rows[0]!.d;
}

type Json = ReturnType<typeof JSON.parse>;
const anyJson = fc.jsonValue({ maxDepth: 2 });
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const badString = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer({ min: 65, max: 3000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('', '   ', '\u0000', '1e3', '-0', '0x10', '<script>', 'NaN', 'Infinity'),
);
/** Amounts that are no amount: zero, fractions of a minor unit, beyond the safe range, not numbers. */
const badAmount = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    0.5,
    -1.25,
    1e16,
    -1e16,
    2 ** 53,
    Number.MAX_VALUE,
    '100',
    '1e3',
    null,
    true,
    [],
    {},
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
);

type Mutation = { kind: 'drop'; key: string } | { kind: 'set'; key: string; value: unknown };
const roundTrip = (v: unknown): Json => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

/** Values the schema refuses, near a valid base: one to four fields dropped, retyped or added. */
function badObjects(
  schema: z.ZodType,
  base: Record<string, unknown>,
  extraValues: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Json> {
  const keys = Object.keys(base);
  const fieldValue = (key: string) =>
    extraValues[key] ? fc.oneof(wrongType, badString, extraValues[key]!) : fc.oneof(wrongType, badString);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }),
    fc
      .constantFrom(...keys)
      .chain((key) => fieldValue(key).map((value) => ({ kind: 'set' as const, key, value }))),
    fc
      .tuple(fc.stringMatching(/^[a-zA-Z_]{1,12}$/), anyJson)
      .filter(([k]) => !keys.includes(k))
      .map(([key, value]) => ({ kind: 'set' as const, key, value })),
  );
  const mutated = fc.array(mutation, { minLength: 1, maxLength: 4 }).map((ms) => {
    const out: Record<string, unknown> = { ...base };
    for (const m of ms) {
      if (m.kind === 'drop') delete out[m.key];
      else out[m.key] = m.value;
    }
    return out;
  });
  const nonObject = fc.oneof(
    fc.array(anyJson, { maxLength: 3 }),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.constant(null),
  );
  return fc
    .oneof({ weight: 6, arbitrary: mutated }, { weight: 1, arbitrary: nonObject })
    .map(roundTrip)
    .filter((v) => !schema.safeParse(v).success);
}

/** Query strings the schema refuses (values are strings on the wire). */
function badQueries(schema: z.ZodType, base: Record<string, string>): fc.Arbitrary<string> {
  const keys = Object.keys(base);
  const value = fc.oneof(
    badString,
    fc.constantFrom(
      '0',
      '-1',
      '101',
      '1.5',
      'abc',
      '9'.repeat(30),
      'deposit',
      'A-B',
      '12x',
      '2026-13-01',
      'yesterday',
    ),
  );
  return fc
    .array(
      fc.oneof(
        fc.tuple(fc.constantFrom(...keys), value),
        fc.tuple(
          fc.stringMatching(/^[a-z]{1,10}$/).filter((k) => !keys.includes(k)),
          fc.string({ maxLength: 8 }),
        ),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) => Object.fromEntries([...Object.entries(base), ...pairs]))
    .filter((q) => !schema.safeParse(q).success)
    .map((q) => new URLSearchParams(q).toString());
}

const malformed = fc.constantFrom('{', '{"a":', '[1,', 'nul', '"unterminated', '{"amount": 1,}');

async function call(
  method: string,
  path: string,
  token: string | undefined,
  body?: string,
  contentType = 'application/json',
) {
  const res = await fetch(t.server.url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  let parsed: Json;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

function expectRefused(res: { status: number; body: Json }, label: string) {
  expect(res.status, `${label}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.body).toMatchObject({ success: false, code: expect.any(String) });
  expect(res.body).toHaveProperty('value');
}

async function checkBodies(
  method: string,
  path: string,
  token: string | undefined,
  bodies: fc.Arbitrary<string>,
) {
  const before = await digest();
  await fc.assert(
    fc.asyncProperty(bodies, async (body) =>
      expectRefused(await call(method, path, token, body), body.slice(0, 120)),
    ),
    { numRuns: RUNS },
  );
  expect(await digest()).toBe(before);
}

const json = (arb: fc.Arbitrary<Json>) =>
  fc.oneof({ weight: 8, arbitrary: arb.map((v) => JSON.stringify(v)) }, { weight: 1, arbitrary: malformed });

describe('bad input to the operator endpoints', () => {
  it('POST /ops/session/login', async () => {
    await checkBodies(
      'POST',
      operatorRoutes.login.path,
      undefined,
      json(badObjects(operatorLoginBodySchema, { username: 'someone', password: 'some-password-1' })),
    );
  });

  it('POST /ops/operators', async () => {
    await checkBodies(
      'POST',
      operatorRoutes.createOperator.path,
      admin,
      json(
        badObjects(
          createOperatorBodySchema,
          { username: 'new.operator', password: 'long-enough-password', role: 'support' },
          {
            role: fc.constantFrom('root', 'ADMIN', 'owner'),
            password: fc.constantFrom('short', 'x'.repeat(129)),
          },
        ),
      ),
    );
  });

  it('PUT /ops/operators/:id/disable', async () => {
    const before = await digest();
    const badId = fc.oneof(
      fc.constantFrom('0', '-1', '1.5', 'abc', '1e3', '9'.repeat(20), '%20', 'null', '987654321'),
      fc.stringMatching(/^[A-Za-z_-]{1,12}$/),
    );
    await fc.assert(
      fc.asyncProperty(badId, async (id) => {
        const path = operatorRoutes.disableOperator.path.replace(':id', encodeURIComponent(id));
        expectRefused(await call('PUT', path, admin), id);
      }),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });

  it('GET /ops/audit', async () => {
    const before = await digest();
    await fc.assert(
      fc.asyncProperty(badQueries(auditQuerySchema, { limit: '10', action: 'wallet.adjust' }), async (q) =>
        expectRefused(await call('GET', `${operatorRoutes.audit.path}?${q}`, admin), q),
      ),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });
});

describe('bad input to the wallet endpoints', () => {
  it('POST /ops/wallet/adjustments: malformed bodies, and well-formed ones the ledger refuses', async () => {
    const base = {
      memberId: member.memberId,
      amount: 100,
      reason: 'a reason',
      idempotencyKey: 'bad-input-key-1',
    };
    // Well-formed but refused: a member that does not exist, or a debit beyond the (zero) balance.
    const semantic = fc.oneof(
      fc.record({
        memberId: fc.integer({ min: 900_000_000, max: 2_000_000_000 }),
        amount: fc.integer({ min: 1, max: 1e9 }),
        reason: fc.constant('unknown member'),
        idempotencyKey: fc.stringMatching(/^[a-z0-9]{12,20}$/),
      }),
      fc.record({
        memberId: fc.constant(member.memberId),
        amount: fc.integer({ min: -1e12, max: -1 }),
        reason: fc.constant('overdraw'),
        idempotencyKey: fc.stringMatching(/^[a-z0-9]{12,20}$/),
      }),
    );
    await checkBodies(
      'POST',
      walletRoutes.adjustBalance.path,
      finance,
      fc.oneof(
        json(
          badObjects(adjustmentBodySchema, base, {
            amount: badAmount,
            idempotencyKey: fc.constantFrom('short', 'has space 123'),
          }),
        ),
        semantic.map((v) => JSON.stringify(v)),
      ),
    );
  });

  it('PUT /ops/wallet/settings', async () => {
    // Never a valid count or amount of minor units: negative, fractional, beyond the range, not a number.
    const badNumber = fc.oneof(
      fc.constantFrom(-1, 0.5, -2.5, 1e20, 2 ** 53, 'ten', '5', null, true, [], {}),
      fc.integer({ max: -1 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
    );
    const change = fc.oneof(
      fc.record({ walletMode: fc.oneof(badString, wrongType) }),
      fc.record({ withdraw: fc.record({ min: badNumber }) }),
      fc.record({ withdraw: fc.record({ turnoverMultiple: fc.oneof(badNumber, fc.constant(101)) }) }),
      fc.record({
        deposit: fc.record({
          channels: fc.oneof(
            wrongType.filter((v) => !Array.isArray(v) || v.length > 0),
            fc.constant([{ channel: 'BOLETO' }]),
          ),
        }),
      }),
      fc.record({
        paymentPassword: fc.oneof(
          wrongType.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
          fc.record({ maxTries: fc.constantFrom(0, 21, 'x') }),
        ),
      }),
      fc
        .tuple(
          fc
            .stringMatching(/^[a-z]{1,10}$/)
            .filter((k) => !['walletmode', 'deposit', 'withdraw', 'paymentpassword'].includes(k)),
          anyJson,
        )
        .map(([k, v]) => ({ [k]: v })),
      fc.oneof(
        fc.array(anyJson, { maxLength: 3 }),
        fc.string({ maxLength: 10 }),
        fc.integer(),
        fc.constant(null),
      ),
    );
    await checkBodies('PUT', walletRoutes.putSettings.path, admin, json(change));
  });

  it('GET /wps/v2/wallets/records', async () => {
    const before = await digest();
    await fc.assert(
      fc.asyncProperty(badQueries(recordQuerySchema, { limit: '10', type: 'DEPOSIT' }), async (q) =>
        expectRefused(await call('GET', `${walletRoutes.records.path}?${q}`, member.token), q),
      ),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });

  it('GET /wps/v2/wallets/records/csv', async () => {
    const before = await digest();
    await fc.assert(
      fc.asyncProperty(badQueries(recordCsvQuerySchema, { lang: 'EN', type: 'DEPOSIT' }), async (q) =>
        expectRefused(await call('GET', `${WALLET_RECORDS_CSV_PATH}?${q}`, member.token), q),
      ),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });

  it('refuses every operator endpoint without a valid operator token, writing nothing', async () => {
    const before = await digest();
    const tokens = fc.oneof(
      fc.constant(undefined),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/),
      fc.constant(member.token),
    );
    const endpoints = fc.constantFrom<[string, string, unknown]>(
      [
        'POST',
        walletRoutes.adjustBalance.path,
        { memberId: member.memberId, amount: 5, reason: 'no token', idempotencyKey: 'no-token-key-1' },
      ],
      ['PUT', walletRoutes.putSettings.path, { walletMode: 'transfer' }],
      ['GET', walletRoutes.getSettings.path, undefined],
      ['GET', operatorRoutes.audit.path, undefined],
      [
        'POST',
        operatorRoutes.createOperator.path,
        { username: 'sneaky.op', password: 'long-enough-password', role: 'admin' },
      ],
    );
    await fc.assert(
      fc.asyncProperty(tokens, endpoints, async (token, [method, path, body]) => {
        if (token === OPERATOR_TOKEN) return;
        expectRefused(
          await call(method, path, token, body === undefined ? undefined : JSON.stringify(body)),
          `${method} ${path}`,
        );
      }),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });
});
