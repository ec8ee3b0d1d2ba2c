/**
 * Bad input to every withdrawal-work endpoint (issue 9, "Bad input"): at least 200 generated requests
 * each, schema-invalid bodies (derived from the contract's zod schemas by mutating a valid body) and
 * well-formed ones the rules refuse (amounts negative, zero, fractional, huge or out of the limits;
 * wrong payment passwords; invalid CPFs and keys; another member's withdrawal id; targets outside the
 * tree; proof files that are not png/jpg or too large). Each answers a 4xx envelope with a code and
 * no money row changes (the wrong-password counter is the one thing meant to move).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_TYPES,
  fillPath,
  OPS_WITHDRAWAL_PROOF_PATH,
  walletRoutes,
  type RouteDef,
} from '@banca/contract';
import { getJson, namedOperatorToken } from '../../../test/test-app.ts';
import type { Db } from '../../../database.ts';
import {
  fund,
  loggedInMember,
  opsCall,
  PAY_PW,
  readyToWithdraw,
  startWithdrawTestServer,
  withdrawBody,
  type TestMember,
  type WithdrawTestServer,
} from './withdrawal.testing.ts';
import { badInputRuns } from '../../../test/bad-input-runs.ts';

const RUNS = badInputRuns(220);
const MONEY_TABLES = [
  'ledger_account',
  'ledger_transfer',
  'withdrawal',
  'withdrawal_proof',
  'payout_key',
  'wallet_payment_password',
] as const;

async function moneyDigest(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const table of MONEY_TABLES) {
    const { rows } = await sql<{ d: string | null }>`
      select md5(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text)) as d from ${sql.table(table)} t`.execute(
      db,
    );
    parts.push(`${table}:${rows[0]!.d ?? ''}`);
  }
  return parts.join(' ');
}

let t: WithdrawTestServer;
let a: TestMember; // the caller: agent with money, a payment password, a key
let b: TestMember; // another member (A's downline) with a paid withdrawal
let stranger: TestMember;
let paidOfB: number;
let rejectedOfA: number;

beforeAll(async () => {
  t = await startWithdrawTestServer();
  a = await loggedInMember(t, { type: AGENT_TYPES[0] });
  b = await loggedInMember(t, { parentId: a.memberId });
  stranger = await loggedInMember(t);
  for (const m of [a, b]) {
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 1_000_000);
  }
  const wb = await t.client.call(walletRoutes.requestWithdrawal.path, {
    method: 'POST',
    enc: true,
    token: b.token,
    ip: b.ip,
    body: withdrawBody(10_000),
  });
  paidOfB = wb.body.value.id;
  await opsCall(t, fillPath(walletRoutes.opsApproveWithdrawal.path, { id: paidOfB }), { body: {} });
  for (let i = 0; i < 100; i++) {
    const row = await t.database.db
      .selectFrom('withdrawal')
      .select('status')
      .where('id', '=', paidOfB)
      .executeTakeFirstOrThrow();
    if (row.status === 'PAID') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const wa = await t.client.call(walletRoutes.requestWithdrawal.path, {
    method: 'POST',
    enc: true,
    token: a.token,
    ip: a.ip,
    body: withdrawBody(10_000),
  });
  rejectedOfA = wa.body.value.id;
  await opsCall(t, fillPath(walletRoutes.opsRejectWithdrawal.path, { id: rejectedOfA }), {
    body: { reason: 'test' },
  });
  // Nothing REQUESTED is left, so no generated operator call could legitimately decide anything.
}, 240_000);
afterAll(() => t?.close());

type Json = ReturnType<typeof JSON.parse>;
const roundTrip = (v: unknown): Json => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const anyJson = fc.jsonValue({ maxDepth: 2 });
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);
const badString = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.integer({ min: 65, max: 3000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('', '   ', '\u0000', '1e3', '<script>'),
);
/** Amounts no schema or rule accepts: negative, zero, fractional, beyond safe integers, strings. */
const badAmount = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ min: 0.001, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x)),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, 1e300, '1000', '10.5', null),
);

function badValues(schema: z.ZodType, base: Record<string, unknown>): fc.Arbitrary<Json> {
  const keys = Object.keys((schema as unknown as { shape: Record<string, unknown> }).shape);
  const mutation = fc.oneof(
    fc.record({ drop: fc.constantFrom(...keys) }).map(({ drop }) => (o: Record<string, unknown>) => {
      delete o[drop];
    }),
    fc
      .tuple(fc.constantFrom(...keys), fc.oneof(wrongType, badString))
      .map(([k, v]) => (o: Record<string, unknown>) => {
        o[k] = v;
      }),
    fc
      .tuple(
        fc.stringMatching(/^[a-zA-Z_]{1,12}$/).filter((k) => !keys.includes(k)),
        anyJson,
      )
      .map(([k, v]) => (o: Record<string, unknown>) => {
        o[k] = v;
      }),
  );
  const mutated = fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => {
    const o = { ...base };
    for (const m of ms) m(o);
    return o;
  });
  const nonObject = fc.oneof(
    fc.array(anyJson, { maxLength: 3 }),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.constant(null),
  );
  return fc
    .oneof({ weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: nonObject })
    .map(roundTrip)
    .filter((v) => !schema.safeParse(v).success);
}

interface Req {
  label: string;
  path?: string;
  query?: string;
  body?: unknown;
  /** Send the body as plain JSON even to an enc call (refused). */
  plain?: boolean;
  raw?: string;
  operator?: boolean;
}

async function send(def: RouteDef, req: Req, caller: TestMember) {
  const headers: Record<string, string> = { 'x-forwarded-for': caller.ip };
  headers.authorization = `Bearer ${req.operator ? await namedOperatorToken(t.server.url) : caller.token}`;
  let body: string | undefined;
  if (req.raw !== undefined) {
    headers['content-type'] = 'application/json';
    body = req.raw;
  } else if (req.body !== undefined) {
    if (def.enc && !req.plain) {
      headers['content-type'] = 'application/jose';
      body = await t.client.encrypt(req.body);
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
  }
  const path = (req.path ?? def.path) + (req.query !== undefined ? `?${req.query}` : '');
  return getJson(t.server.url + path, {
    method: def.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
}

async function checkEndpoint(def: RouteDef, arb: fc.Arbitrary<Req>, caller: TestMember = a) {
  const before = await moneyDigest(t.database.db);
  const codes = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(arb, async (req) => {
      const res = await send(def, req, caller);
      const env = res.body as { success?: unknown; code?: unknown; message?: unknown };
      const refused =
        res.status >= 400 &&
        res.status < 500 &&
        env.success === false &&
        typeof env.code === 'string' &&
        typeof env.message === 'string';
      if (!refused)
        throw new Error(`${req.label}: answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      codes.set(env.code as string, (codes.get(env.code as string) ?? 0) + 1);
    }),
    { numRuns: RUNS },
  );
  expect(await moneyDigest(t.database.db)).toBe(before);
  return codes;
}

/** Schema-invalid bodies (as enc or plain JSON), malformed JSON, or `semantic` requests. */
const bodyReqs = (def: RouteDef, base: Record<string, unknown>, semantic: fc.Arbitrary<Req>, path?: string) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: badValues(def.body!, base).map((body) => ({
        label: 'schema',
        body,
        ...(path ? { path } : {}),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"amount":', '[1,', 'nul')
        .map((raw) => ({ label: 'malformed', raw, ...(path ? { path } : {}) })),
    },
    ...(def.enc
      ? [{ weight: 1, arbitrary: fc.constant({ label: 'plain-to-enc', body: base, plain: true }) }]
      : []),
    { weight: 3, arbitrary: semantic },
  );

// 220 requests per endpoint on a shared 2-core machine: allow more than the default per-test time.
describe(
  'bad input to the withdrawal endpoints: a 4xx envelope with a code, no money row changed',
  { timeout: 120_000 },
  () => {
    it('wallet.requestWithdrawal', async () => {
      const semantic = fc.oneof(
        badAmount.map((amount) => ({ label: 'amount', body: { ...withdrawBody(5_000), amount } })),
        fc
          .constantFrom(1, 1_999, 5_000_001, 2 ** 40)
          .map((amount) => ({ label: 'limits', body: withdrawBody(amount) })),
        fc
          .stringMatching(/^[0-9]{6}$/)
          .filter((p) => p !== PAY_PW)
          .map((p) => ({ label: 'wrong-pw', body: withdrawBody(5_000, { paymentPassword: p }) })),
      );
      const codes = await checkEndpoint(
        walletRoutes.requestWithdrawal,
        bodyReqs(walletRoutes.requestWithdrawal, withdrawBody(5_000), semantic),
      );
      expect(codes.get('withdraw_amount_out_of_range')).toBeGreaterThan(0);
      expect(codes.get('invalid_input')).toBeGreaterThan(0);
    });

    it('wallet.memberTransfer', async () => {
      const base = { target: b.account, amount: 1_000, paymentPassword: PAY_PW, requestId: randomUUID() };
      const semantic = fc.oneof(
        fc
          .oneof(
            fc.constantFrom(stranger.account, a.account, 'nobody00001'),
            fc.stringMatching(/^[a-z]{3,10}[0-9]{0,4}$/),
          )
          .map((target) => ({
            label: 'outside-tree',
            body: { ...base, target, requestId: randomUUID() },
          })),
        badAmount.map((amount) => ({ label: 'amount', body: { ...base, amount, requestId: randomUUID() } })),
        fc
          .constantFrom(10_000_000_000, Number.MAX_SAFE_INTEGER)
          .map((amount) => ({ label: 'too-much', body: { ...base, amount, requestId: randomUUID() } })),
      );
      const codes = await checkEndpoint(
        walletRoutes.memberTransfer,
        bodyReqs(walletRoutes.memberTransfer, base, semantic),
      );
      expect(codes.get('not_found')).toBeGreaterThan(0);
    });

    it('wallet.bindPayoutKey', async () => {
      const base = { type: 'CPF', key: '529.982.247-25', payeeName: 'Maria Souza', paymentPassword: PAY_PW };
      const semantic = fc
        .oneof(
          fc.stringMatching(/^[0-9]{11}$/).map((key) => ({ label: 'cpf', body: { ...base, key } })),
          fc
            .integer({ min: 0, max: 9 })
            .map((d) => ({ label: 'repeated', body: { ...base, key: String(d).repeat(11) } })),
          fc
            .tuple(fc.constantFrom('EMAIL', 'PHONE', 'EVP'), fc.string({ maxLength: 30 }))
            .map(([type, key]) => ({ label: 'key', body: { ...base, type, key: key || 'x' } })),
          fc
            .constantFrom('1', '<b>', '12345', 'a'.repeat(101))
            .map((payeeName) => ({ label: 'payee', body: { ...base, payeeName } })),
        )
        .filter(
          (r) =>
            !(
              r.label === 'cpf' &&
              /^(\d)\1{10}$/.test(String(r.body.key)) === false &&
              isCpfLike(String(r.body.key))
            ),
        );
      const codes = await checkEndpoint(
        walletRoutes.bindPayoutKey,
        bodyReqs(walletRoutes.bindPayoutKey, base, semantic),
      );
      expect(codes.get('invalid_input')).toBeGreaterThan(0);
    });

    it('wallet.setPaymentPassword', async () => {
      const base = {
        loginPassword: 'wrong-login',
        paymentPassword: '112233',
        confirmPaymentPassword: '112233',
      };
      const semantic = fc.oneof(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((p) => !/^[0-9]{6}$/.test(p))
          .map((p) => ({ label: 'rule', body: { ...base, paymentPassword: p, confirmPaymentPassword: p } })),
        fc.stringMatching(/^[0-9]{6}$/).map((p) => ({
          label: 'mismatch',
          body: { ...base, confirmPaymentPassword: p === '112233' ? '332211' : p },
        })),
        fc.string({ minLength: 1, maxLength: 20 }).map((loginPassword) => ({
          label: 'login-wrong',
          body: { ...base, loginPassword: `${loginPassword}!x` },
        })),
      );
      await checkEndpoint(
        walletRoutes.setPaymentPassword,
        bodyReqs(walletRoutes.setPaymentPassword, base, semantic),
        stranger,
      );
    });

    it('wallet.confirmWithdrawal', async () => {
      const pathOf = (id: unknown) => fillPath(walletRoutes.confirmWithdrawal.path, { id: String(id) });
      const own = pathOf(rejectedOfA);
      const bytes = fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .filter((u) => u[0] !== 0x89 && u[0] !== 0xff);
      const semantic = fc.oneof(
        // Another member's paid withdrawal, any answer: as if it did not exist.
        fc.boolean().map((received) => ({ label: 'foreign', path: pathOf(paidOfB), body: { received } })),
        fc
          .oneof(fc.integer({ min: 1_000_000, max: 2 ** 40 }), fc.constantFrom(0, -1, 'abc', '1.5', '1e3'))
          .map((id) => ({
            label: 'bad-id',
            path: pathOf(id),
            body: { received: true },
          })),
        // Own withdrawal that is not paid (rejected), or bad proofs on it.
        bytes.map((u) => ({
          label: 'not-image',
          path: own,
          body: { received: false, proof: Buffer.from(u).toString('base64') },
        })),
        fc
          .constantFrom('R0lGODlhAQABAAAAACw=', 'JVBERi0xLjQK', '!!!!', 'data:image/png;base64,AAAA')
          .map((proof) => ({
            label: 'proof',
            path: own,
            body: { received: false, proof },
          })),
      );
      const codes = await checkEndpoint(
        walletRoutes.confirmWithdrawal,
        bodyReqs(walletRoutes.confirmWithdrawal, { received: false }, semantic, own),
      );
      expect(codes.get('not_found')).toBeGreaterThan(0);
    });

    it('wallet.withdrawal and wallet.withdrawals (ids and queries)', async () => {
      const ids = fc.oneof(
        fc.constant(paidOfB),
        fc.integer({ min: 1_000_000, max: 2 ** 40 }),
        fc.constantFrom('x', '-3', '0', '1.5', '9'.repeat(30)),
      );
      await checkEndpoint(
        walletRoutes.withdrawal,
        ids.map((id) => ({ label: 'id', path: fillPath(walletRoutes.withdrawal.path, { id: String(id) }) })),
      );
      const queries = fc
        .record(
          {
            before: fc.oneof(fc.constantFrom('0', '-1', 'x', '1.5'), fc.string({ maxLength: 5 })),
            limit: fc.constantFrom('0', '51', 'all', '-2', '1e9'),
          },
          { requiredKeys: [] },
        )
        // Only queries the schema refuses ("before=1" alone is a valid page).
        .filter((q) => Object.keys(q).length > 0 && !walletRoutes.withdrawals.query!.safeParse(q).success)
        .map((q) => ({ label: 'query', query: new URLSearchParams(q as Record<string, string>).toString() }));
      await checkEndpoint(walletRoutes.withdrawals, queries);
    });

    it('ops withdrawal calls: unknown ids, decided withdrawals, bad reasons and filters', async () => {
      const ids = fc.oneof(
        fc.constantFrom(paidOfB, rejectedOfA),
        fc.integer({ min: 1_000_000, max: 2 ** 40 }),
        fc.constantFrom('x', '0', '-1'),
      );
      await checkEndpoint(
        walletRoutes.opsApproveWithdrawal,
        ids.map((id) => ({
          label: 'approve',
          operator: true,
          path: fillPath(walletRoutes.opsApproveWithdrawal.path, { id: String(id) }),
          body: {},
        })),
      );
      await checkEndpoint(
        walletRoutes.opsRejectWithdrawal,
        fc
          .tuple(
            ids,
            fc.oneof(
              fc.constant({ reason: 'fraud' }),
              badValues(walletRoutes.opsRejectWithdrawal.body!, { reason: 'fraud' }),
            ),
          )
          .map(([id, body]) => ({
            label: 'reject',
            operator: true,
            path: fillPath(walletRoutes.opsRejectWithdrawal.path, { id: String(id) }),
            body,
          })),
      );
      const queries = fc
        .record(
          {
            status: fc.constantFrom('PENDING', 'paid', ''),
            limit: fc.constantFrom('0', '201', 'x'),
            from: fc.constantFrom('yesterday', '2026-13-01'),
            memberId: fc.constantFrom('0', 'abc'),
          },
          { requiredKeys: [] },
        )
        .filter((q) => Object.keys(q).length > 0)
        .map((q) => ({
          label: 'query',
          operator: true,
          query: new URLSearchParams(q as Record<string, string>).toString(),
        }));
      await checkEndpoint(walletRoutes.opsWithdrawals, queries);

      // The proof image: ids without a proof, unknown or malformed ids; none is served or audited.
      const proofViews = () =>
        t.database.db
          .selectFrom('operator_audit')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('action', '=', 'withdrawal.proof_view')
          .executeTakeFirstOrThrow();
      const viewsBefore = await proofViews();
      const proofDef = { method: 'GET', path: OPS_WITHDRAWAL_PROOF_PATH, enc: false } as unknown as RouteDef;
      const proofCodes = await checkEndpoint(
        proofDef,
        fc
          .oneof(ids, fc.string({ maxLength: 12 }), fc.double({ noNaN: true }), fc.integer({ max: 0 }))
          .map((id) => ({
            label: 'proof',
            operator: true,
            path: fillPath(OPS_WITHDRAWAL_PROOF_PATH, { id: String(id) || ' ' }),
          })),
      );
      expect(proofCodes.get('not_found')).toBeGreaterThan(0);
      expect(await proofViews()).toEqual(viewsBefore);
      // A member's token is not an operator's.
      const asMember = await getJson(t.server.url + walletRoutes.opsWithdrawals.path, {
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(asMember.status).toBe(401);
    });
  },
);

/** Eleven digits that happen to be a valid CPF would be accepted: leave those out of "bad" CPFs. */
function isCpfLike(key: string): boolean {
  const n = [...key].map(Number);
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += n[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === n[9] && check(10) === n[10];
}
