/**
 * The "Bad input" rule for every operator call (issue 23: 200+ generated bad inputs per /ops
 * endpoint), generated from the contract itself: each /ops call of `@banca/contract` gets path ids,
 * queries and bodies built from its own schemas' field names with wrong-typed, malformed, oversized or
 * out-of-range values, sent by an admin (who passes every role guard, so the input is what is tested).
 * Each answer is a 4xx envelope with a code (never a 5xx) and changes nothing: the operator-writable
 * tables are compared before and after. A call added to the contract is covered without editing this
 * file. A generated input that happens to be valid may succeed (a 2xx) and change what it is meant to:
 * it is counted, and the test asks that nearly all inputs were refused, so it cannot pass vacuously.
 */
import * as contract from '@banca/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badInputRuns } from '../../test/bad-input-runs.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';

const RUNS = badInputRuns(220);

/** Calls whose input is not the point here: the login steps (their own bad-input and brute-force
 *  tests) and the admin's own session (a logout would end the session the test runs on). */
const SKIPPED = new Set(['operator.login', 'operator.totp', 'operator.logout', 'operator.me']);

/**
 * Tables that change without any request (sessions touched, jobs, the event dispatcher, lottery
 * draws, report rollups, challenges and captchas): left out of the comparison.
 */
const VOLATILE =
  /^(operator_session|session|job_run|event_|domain_event|report_|auth_audit|login_challenge|operator_login_challenge|captcha|verification_code|house_|bet_record|game_catalogue_state|member_known_ip|wallet_stream_ticket|vendor_player_session|sandbox_pix_charge|outbox|resource|server_key|art_asset)/;

interface OpsCall {
  id: string;
  method: string;
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
}

/** Every /ops call the contract defines (each `*Routes` export's route definitions), once each. */
function opsCalls(): OpsCall[] {
  const calls = new Map<string, OpsCall>();
  for (const [name, group] of Object.entries(contract)) {
    if (!name.endsWith('Routes') || typeof group !== 'object' || group === null) continue;
    for (const def of Object.values(group as Record<string, unknown>)) {
      const d = def as Partial<OpsCall> & { response?: unknown };
      if (typeof d?.path !== 'string' || !d.path.startsWith('/ops/') || !d.response || !d.id) continue;
      calls.set(d.id, d as OpsCall);
    }
  }
  // A call with no path id, query or body takes no input to be bad.
  const takesInput = (c: OpsCall) => c.path.includes('/:') || c.query !== undefined || c.body !== undefined;
  return [...calls.values()]
    .filter((c) => !SKIPPED.has(c.id) && takesInput(c))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The field names of an object schema (through optional / default / pipe wrappers), else none. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    s = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

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
  fc.constantFrom('', '   ', '\u0000', '1e3', '-0', '0x10', '<script>', 'NaN', 'Infinity', '2026-02-30'),
);
const badNumber = fc.constantFrom(0, -1, 0.5, 1e16, -1e16, Number.MAX_SAFE_INTEGER + 2);
const badValue = fc.oneof(wrongType, badString, badNumber, fc.jsonValue({ maxDepth: 2 }));

/** A path segment that names nothing or is no id at all (never "." or "..", which the URL resolves). */
const badSegment = fc.oneof(
  fc.constantFrom('999999999', '0', '-1', '1.5', 'abc', '9'.repeat(40), 'null', '%00', "'"),
  fc
    .string({ minLength: 1, maxLength: 16 })
    .map(encodeURIComponent)
    .filter((s) => !/^\.+$/.test(s)),
);

const badQueryValue = fc.oneof(
  badString,
  fc.integer().map(String),
  fc.constantFrom('-1', '0', '1.5', '99999999999999999999', 'true', '[]', '{}'),
);

interface Case {
  path: string;
  body?: string;
}

function caseOf(call: OpsCall): fc.Arbitrary<Case> {
  const segments = call.path.split('/');
  const params = segments.filter((s) => s.startsWith(':'));
  const queryFields = fieldsOf(call.query);
  const bodyFields = fieldsOf(call.body);
  const path = fc
    .tuple(fc.array(badSegment, { minLength: params.length, maxLength: params.length }))
    .map(([values]) => {
      let i = 0;
      return segments.map((s) => (s.startsWith(':') ? values[i++] : s)).join('/');
    });
  const query =
    queryFields.length > 0
      ? fc
          .record(Object.fromEntries(queryFields.map((f) => [f, badQueryValue])), { requiredKeys: [] })
          .map((q) => new URLSearchParams(q as Record<string, string>).toString())
      : fc.constant('');
  const body =
    call.method === 'GET' || call.method === 'DELETE'
      ? fc.constant(undefined)
      : fc.oneof(
          // An object of the call's own fields (or of made-up ones for a record schema) holding bad
          // values; never the empty object, which an all-optional change validly accepts as a no-op.
          {
            weight: 6,
            arbitrary: (bodyFields.length > 0
              ? fc.record(Object.fromEntries(bodyFields.map((f) => [f, badValue])), { requiredKeys: [] })
              : fc.dictionary(fc.oneof(fc.stringMatching(/^[a-zA-Z]{1,12}$/), badString), badValue, {
                  minKeys: 1,
                  maxKeys: 3,
                })
            )
              .filter((b) => Object.keys(b).length > 0)
              .map((b) => JSON.stringify(b)),
          },
          { weight: 2, arbitrary: badValue.map((v) => JSON.stringify(v)) },
          { weight: 1, arbitrary: fc.constantFrom('{"', 'not json', '[1,', '') },
        );
  return fc.record({ path, query, body }).map(({ path, query, body }) => ({
    path: query ? `${path}?${query}` : path,
    ...(body !== undefined ? { body } : {}),
  }));
}

let t: OpsTestServer;
let admin: string;
let digestQuery: string;
beforeAll(async () => {
  t = await startOpsTestServer();
  admin = (await t.operator('admin')).token;
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(t.database.db);
  const tables = rows.map((r) => r.table_name).filter((n) => !VOLATILE.test(n));
  expect(tables).toEqual(expect.arrayContaining(['operator', 'operator_audit', 'member', 'ledger_transfer']));
  digestQuery = `select md5(${tables
    .map(
      (n) =>
        `coalesce((select string_agg(to_jsonb(x)::text, '|' order by to_jsonb(x)::text) from "${n}" x), '')`,
    )
    .join(" || '#' || ")}) as d`;
});
afterAll(() => t?.close());

async function digest(): Promise<string> {
  const { rows } = await sql.raw<{ d: string }>(digestQuery).execute(t.database.db);
  return rows[0]!.d;
}

const calls = opsCalls();

describe('every /ops call refuses generated bad input with a 4xx code and changes nothing', () => {
  it('finds the operator calls in the contract', () => {
    expect(calls.length).toBeGreaterThan(20);
  });

  it.each(calls.map((c) => [c.id, c] as const))('%s', async (_id, call) => {
    let before = await digest();
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(caseOf(call), async (c) => {
        const res = await fetch(t.server.url + c.path, {
          method: call.method,
          headers: {
            authorization: `Bearer ${admin}`,
            'x-forwarded-for': '203.0.113.9',
            ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(c.body !== undefined ? { body: c.body } : {}),
        });
        const text = await res.text();
        expect(res.status, `${call.method} ${c.path} ${c.body ?? ''} -> ${text.slice(0, 300)}`).toBeLessThan(
          500,
        );
        if (res.status < 300) {
          // A generated input that is valid: it may do what it asks; the next case compares from here.
          accepted++;
          if (process.env.SHOW_ACCEPTED && call.method !== 'GET')
            console.log(call.id, c.path, c.body, res.status);
          if (call.method !== 'GET') before = await digest();
          return;
        }
        expect(res.status, `${c.path} -> ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        const body = text ? (JSON.parse(text) as { code?: unknown }) : {};
        expect(
          typeof body.code === 'string' && body.code.length > 0,
          `${c.path} -> ${text.slice(0, 300)}`,
        ).toBe(true);
        if (call.method !== 'GET')
          expect(await digest(), `${call.method} ${c.path} ${c.body ?? ''} changed rows`).toBe(before);
      }),
      { numRuns: RUNS },
    );
    // List calls whose every filter is optional accept many generated queries; a call that changes
    // something must refuse nearly everything generated for it.
    if (call.method !== 'GET')
      expect(accepted, `${call.id} accepted ${accepted} of ${RUNS}`).toBeLessThanOrEqual(RUNS / 10);
    if (call.method === 'GET') expect(await digest()).toBe(before);
  });
});
