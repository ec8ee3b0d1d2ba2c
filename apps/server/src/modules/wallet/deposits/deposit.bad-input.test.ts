/**
 * Bad input on every deposit endpoint (issue 9, "Bad input"): negative, zero, fractional, huge and
 * non-numeric amounts, unknown channels, malformed keys, ids, queries and tickets, and webhooks that
 * are unsigned, forged or signed over a body the schema refuses. Each answers a 4xx with a code (the
 * envelope for gateway calls, the provider's format for the webhook), never a 5xx or success, and
 * nothing in the deposit, ledger, event or sandbox tables changes. >= 200 generated requests each.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositCallbacks,
  depositCreateBodySchema,
  depositRoutes,
  pixWebhookBodySchema,
} from '@banca/contract';
import { deriveServerSecret } from '../../../platform/crypto/derived-secret.ts';
import { hmacSignature } from '../../../platform/http/callback-route.ts';
import { SANDBOX_PIX_HEADERS } from '../../../platform/providers/payments/sandbox-pix-provider.ts';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { financeHeaders } from '../../../test/test-app.ts';
import { loginMember, newIdempotencyKey, startDepositApp } from './deposit.testing.ts';
import { badInputRuns } from '../../../test/bad-input-runs.ts';

const RUNS = badInputRuns(220);
const TABLES = [
  'deposit',
  'ledger_transfer',
  'ledger_account',
  'domain_event',
  'sandbox_pix_charge',
  'wallet_stream_ticket',
];

let database: TestDatabase;
let server: Awaited<ReturnType<typeof startDepositApp>>;
let token: string;
let secret: Buffer;
/** A named finance operator's headers (the bootstrap token may not read deposits). */
let opsHeaders: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  server = await startDepositApp(database.db);
  ({ token } = await loginMember(database.db, server.client));
  secret = await deriveServerSecret(database.db, 'sandbox-pix-webhook');
  opsHeaders = await financeHeaders(server.url);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function digest(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = await sql<{ d: string | null; n: number }>`
      select count(*)::int as n, md5(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text)) as d
      from ${sql.table(table)} t`.execute(database.db);
    parts.push(`${table}:${rows[0]!.n}:${rows[0]!.d ?? ''}`);
  }
  return parts.join(' ');
}

const anyJson = fc.jsonValue({ maxDepth: 2 });
const badAmount = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom(999, 5_000_001, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e300, -1e300),
  fc.integer({ min: 5_000_001, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: 1, max: 999 }),
  fc.constantFrom('1000', '10.00', 'NaN', '', '1e3', null, true, [], {}),
);
const badChannel = fc.oneof(
  fc.string({ maxLength: 20 }).filter((s) => s !== 'PIX'),
  fc.constantFrom('pix', 'BOLETO', 'PIX ', '', 'x'.repeat(200)),
  fc.constantFrom(1, null, true, ['PIX'], { channel: 'PIX' }),
);
const badKey = fc.oneof(
  fc.string({ maxLength: 7 }),
  fc.string({ minLength: 65, maxLength: 100 }),
  fc.constantFrom('has space here', '../../etc/passwd', 'ключключключ', null, 12345678),
);

/** A create body with at least one bad field (or not an object at all). */
const badCreateBody = fc
  .oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({
          channel: fc.oneof(fc.constant('PIX'), badChannel),
          amount: fc.oneof(fc.constant(5_000), badAmount),
          idempotencyKey: fc.oneof(fc.constant('placeholder'), badKey),
          extra: fc.option(anyJson, { nil: undefined }),
        })
        .map((b) => {
          const body: Record<string, unknown> = {
            ...b,
            idempotencyKey: b.idempotencyKey === 'placeholder' ? newIdempotencyKey() : b.idempotencyKey,
          };
          if (b.extra === undefined) delete body.extra;
          return body;
        }),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.array(anyJson, { maxLength: 3 }), fc.string(), fc.integer(), fc.constant(null)),
    },
  )
  // Only bodies that really are bad: valid channel, in-range amount and good key would be a deposit.
  .filter((b) => {
    const parsed = depositCreateBodySchema.safeParse(b);
    return (
      !parsed.success ||
      parsed.data.channel !== 'PIX' ||
      parsed.data.amount < 1_000 ||
      parsed.data.amount > 5_000_000
    );
  });

const envelope4xx = (status: number, body: { success?: boolean; code?: unknown }) => {
  expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  expect(body.success).toBe(false);
  expect(typeof body.code).toBe('string');
};

async function sendJson(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  let json: { success?: boolean; code?: unknown; ok?: boolean; outcome?: unknown };
  try {
    json = JSON.parse(text);
  } catch {
    json = {};
  }
  return { status: res.status, body: json };
}

describe('deposit endpoints refuse bad input and write nothing', () => {
  it(`POST ${depositRoutes.create.path}: ${RUNS} bad bodies`, async () => {
    const before = await digest();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 8, arbitrary: badCreateBody.map((b) => JSON.stringify(b)) },
          { weight: 1, arbitrary: fc.constantFrom('{', '{"amount":', 'nul', '[1,', '"x"') },
        ),
        async (raw) => {
          const res = await sendJson('POST', depositRoutes.create.path, raw);
          envelope4xx(res.status, res.body);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });

  it(`GET ${depositRoutes.status.path} and ${depositRoutes.list.path}: ${RUNS} bad ids and queries`, async () => {
    const before = await digest();
    const badId = fc.oneof(
      // Not "." or "..": encoded or not, a URL's dot segments are resolved away before the request is
      // sent (/wps/v2/deposits/. is the list), so no such id can reach the status route.
      fc
        .string({ minLength: 1, maxLength: 30 })
        .filter((s) => (!/^\d+$/.test(s) || Number(s) === 0) && s !== '.' && s !== '..'),
      fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', 'null'),
      fc.integer({ min: 1_000_000, max: Number.MAX_SAFE_INTEGER }).map(String), // nobody's deposit
    );
    const badQuery = fc.oneof(
      fc.constantFrom('limit=0', 'limit=51', 'limit=-1', 'limit=abc', 'limit=1.5', 'foo=bar', 'limit=10&x=1'),
      fc
        .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.string({ maxLength: 8 }), {
          minKeys: 1,
          maxKeys: 3,
        })
        .filter((d) => Object.keys(d).some((k) => k !== 'limit'))
        .map((d) => new URLSearchParams(d).toString()),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badId.map((id) => depositRoutes.status.path.replace(':depositId', encodeURIComponent(id))),
          badQuery.map((q) => `${depositRoutes.list.path}?${q}`),
        ),
        async (path) => {
          const res = await sendJson('GET', path);
          envelope4xx(res.status, res.body);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });

  it(`GET ${depositRoutes.events.path} and ${depositRoutes.opsList.path}: ${RUNS} bad tickets and filters`, async () => {
    const before = await digest();
    const badTicket = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), // well formed, never issued
      fc.constantFrom('', '%00', 'a'.repeat(500)),
    );
    const badOps = fc.oneof(
      fc.constantFrom(
        'memberId=0',
        'memberId=x',
        'status=done',
        'flagged=yes',
        'from=yesterday',
        'to=2025-13-01',
        'limit=0',
        'limit=201',
        'before=-5',
        'evil=1',
      ),
      fc
        .tuple(
          fc.constantFrom('memberId', 'status', 'flagged', 'from', 'to', 'limit', 'before'),
          fc.string({ minLength: 1, maxLength: 12 }),
        )
        .filter(
          ([k, v]) => !/^\d+$/.test(v) || k === 'status' || k === 'flagged' || k === 'from' || k === 'to',
        )
        .filter(
          ([k, v]) =>
            !(k === 'status' && ['pending', 'paid', 'expired'].includes(v)) &&
            !(k === 'flagged' && ['true', 'false'].includes(v)),
        )
        .map(([k, v]) => new URLSearchParams({ [k]: v }).toString()),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badTicket.map((t) => ({
            path: `${depositRoutes.events.path}?ticket=${encodeURIComponent(t)}`,
            ops: false,
          })),
          badOps.map((q) => ({ path: `${depositRoutes.opsList.path}?${q}`, ops: true })),
        ),
        async ({ path, ops }) => {
          const res = await sendJson('GET', path, undefined, ops ? opsHeaders : {});
          envelope4xx(res.status, res.body);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });

  it(`POST ${depositCallbacks.sandboxPix.path}: ${RUNS} unsigned, forged or invalid webhooks`, async () => {
    const before = await digest();
    const valid = {
      event: 'charge.paid',
      providerRef: 'SBX000000000000000000000000',
      chargeId: 'D000000000000000000000000',
      amount: 5_000,
      currency: 'BRL',
      paidAt: new Date().toISOString(),
    };
    const badBody = fc
      .record({
        event: fc.oneof(fc.constant('charge.paid'), fc.string({ maxLength: 12 })),
        providerRef: fc.oneof(fc.constant(valid.providerRef), fc.constantFrom('', 'x'.repeat(65), null)),
        chargeId: fc.oneof(fc.constant(valid.chargeId), fc.constantFrom('has space', 'x'.repeat(26), '')),
        amount: fc.oneof(fc.constant(5_000), badAmount),
        currency: fc.oneof(fc.constant('BRL'), fc.constantFrom('brl', 'REAL', '', 1)),
        paidAt: fc.oneof(fc.constant(valid.paidAt), fc.constantFrom('yesterday', '', 0)),
      })
      .filter((b) => !pixWebhookBodySchema.safeParse(b).success);
    const request = fc.oneof(
      // Signed correctly over a body the schema refuses: 400.
      badBody.map((b) => ({ body: JSON.stringify(b), sign: 'good' as const })),
      // A body (even a valid one) with a forged or missing signature: 401.
      fc
        .oneof(badBody, fc.constant(valid))
        .chain((b) =>
          fc
            .constantFrom('forged' as const, 'none' as const, 'stale' as const)
            .map((sign) => ({ body: JSON.stringify(b), sign })),
        ),
      fc.string({ maxLength: 40 }).map((body) => ({ body, sign: 'good' as const })),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ body, sign }) => {
        const ts = String(Math.floor(Date.now() / 1000) - (sign === 'stale' ? 3600 : 0));
        const key = sign === 'forged' ? Buffer.alloc(32, 1) : secret;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (sign !== 'none') {
          headers[SANDBOX_PIX_HEADERS.caller] = 'sandbox-pix';
          headers[SANDBOX_PIX_HEADERS.timestamp] = ts;
          headers[SANDBOX_PIX_HEADERS.signature] = hmacSignature(key, ts, Buffer.from(body));
        }
        const res = await fetch(server.url + depositCallbacks.sandboxPix.path, {
          method: 'POST',
          headers,
          body,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const json = (await res.json()) as { ok: boolean; outcome: string };
        expect(json.ok).toBe(false);
        expect(typeof json.outcome).toBe('string');
      }),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  });
});
