import { authRoutes, loginValueSchema, walletRoutes, walletTransferValueSchema } from '@banca/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../../test/auth-client.ts';
import { expectLedgerConsistent, ledgerDigest } from '../ledger/ledger.testing.ts';
import { badInputRuns } from '../../../test/bad-input-runs.ts';

/** Requests per bad-input property (the house rule asks at least 200 bodies). */
const RUNS = badInputRuns(220);

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
});
afterAll(() => t?.close());

let seq = 0;
const rid = () => `req-${Date.now().toString(36)}-${(seq++).toString(36)}`;

async function member(credit = 0): Promise<{ token: string; memberId: number }> {
  const ip = freshIp();
  const account = freshUsername('wt');
  const [memberId] = await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
  const res = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  const { token } = loginValueSchema.parse(res.body.value);
  if (credit > 0) {
    const c = await t.client.call('/dev/wallet/credit', {
      method: 'POST',
      token,
      body: { amount: credit, requestId: rid() },
    });
    expect(c.status).toBe(200);
  }
  return { token, memberId: memberId! };
}

const setMode = async (walletMode: 'single' | 'transfer') => {
  const res = await t.client.call('/dev/wallet/mode', { method: 'PUT', body: { walletMode } });
  expect(res.status).toBe(200);
  // The wallet module caches settings for a second per node.
  await new Promise((r) => setTimeout(r, 1100));
};

const move = (token: string, body: unknown, lang?: 'PT' | 'EN') =>
  t.client.call(walletRoutes.walletTransfer.path, { method: 'POST', token, body, ...(lang ? { lang } : {}) });
const funds = (token: string) => t.client.call(walletRoutes.consolidatedFunds.path, { token });

describe('wallet transfer', () => {
  it('single mode by default: isSingle, one wallet, money into a vendor wallet refused', async () => {
    const mw = await t.client.call(walletRoutes.merchantWallet.path, {});
    expect(mw.status).toBe(200);
    expect(mw.body.value).toEqual({ isSingle: true, vendors: ['BANCA', 'SANDBOX'] });
    const { token } = await member(5_000);
    const f = await funds(token);
    expect(f.body.value).toMatchObject({ walletMode: 'single', main: 5_000, total: 5_000, currency: 'BRL' });
    const before = await ledgerDigest(t.database.db);
    const res = await move(token, {
      action: 'transfer',
      from: 'MAIN',
      to: 'SANDBOX',
      amount: 100,
      requestId: rid(),
    });
    expectFailure(res, 409, 'wallet_mode_single');
    expect(await ledgerDigest(t.database.db)).toBe(before);
  });

  it('transfer mode: main to vendor and back, a retry moves once, recall all empties every vendor', async () => {
    await setMode('transfer');
    try {
      expect((await t.client.call(walletRoutes.merchantWallet.path, {})).body.value.isSingle).toBe(false);
      const { token } = await member(10_000);
      const requestId = rid();
      const body = { action: 'transfer', from: 'MAIN', to: 'SANDBOX', amount: 2_500, requestId };
      const first = await move(token, body);
      expect(first.status).toBe(200);
      expect(walletTransferValueSchema.parse(first.body.value)).toMatchObject({
        walletMode: 'transfer',
        main: 7_500,
        total: 10_000,
        replayed: false,
        wallets: [
          { vendor: 'BANCA', balance: 0 },
          { vendor: 'SANDBOX', balance: 2_500 },
        ],
      });
      // The same request again (a client retry): the first answer's effect, nothing moved.
      const again = await move(token, body);
      expect(again.body.value).toMatchObject({ main: 7_500, replayed: true });
      // The requestId with another amount: a conflict, nothing moved.
      expectFailure(await move(token, { ...body, amount: 2_501 }), 409, 'idempotency_conflict');

      const banca = await move(token, {
        action: 'transfer',
        from: 'MAIN',
        to: 'BANCA',
        amount: 1_000,
        requestId: rid(),
      });
      expect(banca.body.value).toMatchObject({ main: 6_500 });
      const back = await move(token, {
        action: 'transfer',
        from: 'SANDBOX',
        to: 'MAIN',
        amount: 500,
        requestId: rid(),
      });
      expect(back.body.value).toMatchObject({
        main: 7_000,
        wallets: [{ balance: 1_000 }, { balance: 2_000 }],
      });
      expectFailure(
        await move(token, { action: 'transfer', from: 'MAIN', to: 'BANCA', amount: 7_001, requestId: rid() }),
        409,
        'insufficient_funds',
      );

      const recallId = rid();
      const recall = await move(token, { action: 'recallAll', requestId: recallId });
      expect(recall.body.value).toMatchObject({
        main: 10_000,
        total: 10_000,
        replayed: false,
        wallets: [
          { vendor: 'BANCA', balance: 0 },
          { vendor: 'SANDBOX', balance: 0 },
        ],
      });
      const recallAgain = await move(token, { action: 'recallAll', requestId: recallId });
      expect(recallAgain.body.value).toMatchObject({ main: 10_000, replayed: true });
      await expectLedgerConsistent(t.database.db);
    } finally {
      await setMode('single');
    }
  });

  it('money out of a vendor wallet and recall all still work after the merchant returns to single mode', async () => {
    await setMode('transfer');
    const { token } = await member(3_000);
    await move(token, { action: 'transfer', from: 'MAIN', to: 'BANCA', amount: 3_000, requestId: rid() });
    await setMode('single');
    const recall = await move(token, { action: 'recallAll', requestId: rid() });
    expect(recall.status).toBe(200);
    expect(recall.body.value).toMatchObject({ walletMode: 'single', main: 3_000 });
  });

  it('refuses trial accounts and callers without a token', async () => {
    const trial = await t.client.call(authRoutes.freePlay.path, {
      body: { os: 'linux', platform: 'W' },
      ip: freshIp(),
    });
    const { token } = loginValueSchema.parse(trial.body.value);
    expectFailure(await move(token, { action: 'recallAll', requestId: rid() }), 403, 'in_need_true_account');
    expectFailure(await funds(token), 403, 'in_need_true_account');
    const anon = await t.client.call(walletRoutes.walletTransfer.path, {
      method: 'POST',
      body: { action: 'recallAll', requestId: rid() },
    });
    expect(anon.status).toBe(401);
  });

  it("another member's requestId neither replays nor blocks: keys are scoped to the member", async () => {
    await setMode('transfer');
    try {
      const a = await member(1_000);
      const b = await member(1_000);
      const requestId = rid();
      const body = { action: 'transfer', from: 'MAIN', to: 'SANDBOX', amount: 400, requestId };
      expect((await move(a.token, body)).body.value).toMatchObject({ main: 600, replayed: false });
      expect((await move(b.token, { ...body, amount: 300 })).body.value).toMatchObject({
        main: 700,
        replayed: false,
      });
      expect((await funds(a.token)).body.value).toMatchObject({ main: 600, total: 1_000 });
    } finally {
      await setMode('single');
    }
  });

  it(`answers ${RUNS} bad bodies with a 4xx envelope and a code, and moves nothing`, async () => {
    await setMode('transfer');
    try {
      const { token } = await member(50_000);
      const wallet = fc.constantFrom('MAIN', 'BANCA', 'SANDBOX');
      const badAmount = fc.oneof(
        fc.integer({ max: 0 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
        fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, 1e300, '100', '1e3', 'abc', null, true, [], {}),
      );
      const badWallet = fc.oneof(
        fc.constantFrom('NOPE', 'main', 'Sandbox', '', 'MAIN ', 'A'.repeat(40), 'OTHER_VENDOR'),
        fc.string({ maxLength: 10 }),
        fc.integer(),
      );
      const validRid = fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/);
      const badBody = fc.oneof(
        // Bad amounts between valid wallets.
        fc.record({
          action: fc.constant('transfer'),
          from: wallet,
          to: wallet,
          amount: badAmount,
          requestId: validRid,
        }),
        // Unknown or malformed wallets.
        fc.record({
          action: fc.constant('transfer'),
          from: fc.oneof(fc.constant('MAIN'), badWallet),
          to: badWallet,
          amount: fc.integer({ min: 1, max: 100 }),
          requestId: validRid,
        }),
        // Same wallet both sides, or no MAIN side.
        wallet.chain((w) =>
          fc.record({
            action: fc.constant('transfer'),
            from: fc.constant(w),
            to: fc.constant(w),
            amount: fc.integer({ min: 1, max: 100 }),
            requestId: validRid,
          }),
        ),
        fc.record({
          action: fc.constant('transfer'),
          from: fc.constant('BANCA'),
          to: fc.constant('SANDBOX'),
          amount: fc.integer({ min: 1, max: 100 }),
          requestId: validRid,
        }),
        // Bad requestIds, unknown actions, extra keys, not an object.
        fc.record({
          action: fc.constant('recallAll'),
          requestId: fc.oneof(
            fc.string({ maxLength: 7 }),
            fc.constant('bad:id:xx'),
            fc.constant('x'.repeat(65)),
          ),
        }),
        fc.record({
          action: fc.string({ maxLength: 8 }).filter((a) => a !== 'transfer' && a !== 'recallAll'),
          requestId: validRid,
        }),
        fc.record({ action: fc.constant('recallAll'), requestId: validRid, memberId: fc.integer() }),
        fc.oneof(
          fc.constant(null),
          fc.integer(),
          fc.array(fc.integer(), { maxLength: 2 }),
          fc.string({ maxLength: 5 }),
        ),
        // More than the wallet holds.
        fc.record({
          action: fc.constant('transfer'),
          from: fc.constant('MAIN'),
          to: fc.constantFrom('BANCA', 'SANDBOX'),
          amount: fc.integer({ min: 50_001, max: 1e12 }),
          requestId: validRid,
        }),
      );
      const before = await ledgerDigest(t.database.db);
      await fc.assert(
        fc.asyncProperty(badBody, fc.constantFrom<'PT' | 'EN'>('PT', 'EN'), async (body, lang) => {
          const res = await move(token, body, lang);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.body.success).toBe(false);
          expect(typeof res.body.code).toBe('string');
          expect(res.body.message.length).toBeGreaterThan(0);
        }),
        { numRuns: RUNS },
      );
      expect(await ledgerDigest(t.database.db)).toBe(before);
      expect((await funds(token)).body.value).toMatchObject({ main: 50_000, total: 50_000 });
    } finally {
      await setMode('single');
    }
  });
});
