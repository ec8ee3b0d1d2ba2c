import { DEFAULT_WALLET_SETTINGS, operatorRoutes, walletRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, insertAccounts, freshUsername } from '../../../test/auth-client.ts';
import { DEMO_MERCHANT } from '../../../seed/demo-content.ts';
import { startOpsTestServer, type OpsTestServer } from '../../../test/ops-client.ts';
import { expectLedgerConsistent, ledgerDigest } from '../ledger/ledger.testing.ts';

let t: OpsTestServer;
let finance: { token: string; username: string; id: number };
let admin: { token: string; username: string; id: number };
beforeAll(async () => {
  t = await startOpsTestServer();
  [finance, admin] = await Promise.all([t.operator('finance'), t.operator('admin')]);
});
afterAll(() => t?.close());

let n = 0;
const key = () => `adj-${process.pid}-${Date.now()}-${++n}`;
const adjust = (body: Record<string, unknown>, token = finance.token) =>
  t.ops(walletRoutes.adjustBalance.path, { method: 'POST', token, body });
const balanceOf = async (token: string) =>
  (await t.client.call(walletRoutes.balance.path, { token })).body.value.balance as number;

describe('POST /ops/wallet/adjustments', () => {
  it('credits and debits through the ADJUSTMENTS house account, once per key, audited', async () => {
    const m = await t.member();
    const k = key();
    const credit = await adjust({
      memberId: m.memberId,
      amount: 12_345,
      reason: 'Goodwill credit',
      idempotencyKey: k,
    });
    expect(credit.status).toBe(200);
    expect(credit.body.value).toMatchObject({
      memberId: m.memberId,
      amount: 12_345,
      currency: 'BRL',
      balanceBefore: 0,
      balanceAfter: 12_345,
      replayed: false,
    });
    expect(await balanceOf(m.token)).toBe(12_345);

    // A retry (same key, same data) is the first answer and moves nothing, writes no second audit row.
    const retry = await adjust({
      memberId: m.memberId,
      amount: 12_345,
      reason: 'Goodwill credit',
      idempotencyKey: k,
    });
    expect(retry.body.value).toEqual({ ...credit.body.value, replayed: true });
    expect(await balanceOf(m.token)).toBe(12_345);
    // The same key for something else is refused.
    expectFailure(
      await adjust({ memberId: m.memberId, amount: 999, reason: 'Goodwill credit', idempotencyKey: k }),
      409,
      'idempotency_conflict',
    );

    const debit = await adjust({
      memberId: m.memberId,
      amount: -345,
      reason: 'Correction',
      idempotencyKey: key(),
    });
    expect(debit.body.value).toMatchObject({ balanceBefore: 12_345, balanceAfter: 12_000, amount: -345 });

    const audit = await t.ops(`${operatorRoutes.audit.path}?action=wallet.adjust&subjectId=${m.memberId}`, {
      token: admin.token,
    });
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        actor: finance.username,
        actorRole: 'finance',
        subjectType: 'member',
        reason: 'Correction',
        before: { balance: 12_345, currency: 'BRL' },
        after: expect.objectContaining({ balance: 12_000, amount: -345 }),
      }),
      expect.objectContaining({ reason: 'Goodwill credit', before: { balance: 0, currency: 'BRL' } }),
    ]);
    await expectLedgerConsistent(t.database.db);
  });

  it('refuses to take a member below zero, writing nothing', async () => {
    const m = await t.member();
    await adjust({ memberId: m.memberId, amount: 100, reason: 'Small credit', idempotencyKey: key() });
    const before = await ledgerDigest(t.database.db);
    expectFailure(
      await adjust({ memberId: m.memberId, amount: -101, reason: 'Too much', idempotencyKey: key() }),
      409,
      'insufficient_funds',
    );
    expect(await ledgerDigest(t.database.db)).toBe(before);
    expect(await balanceOf(m.token)).toBe(100);
  });

  it('refuses trial accounts and unknown members as not found', async () => {
    const [trial] = await insertAccounts(t.database.db, [{ account: freshUsername('trial'), type: 4 }]);
    expectFailure(
      await adjust({ memberId: trial!, amount: 100, reason: 'Trial', idempotencyKey: key() }),
      404,
      'not_found',
    );
  });
});

describe('/ops/wallet/settings', () => {
  it('reads and merges a change, audited with before and after', async () => {
    // The ops test server holds the demo content: the defaults in the demo merchant's time zone.
    const seeded = { ...DEFAULT_WALLET_SETTINGS, timeZone: DEMO_MERCHANT.timeZone };
    const got = await t.ops(walletRoutes.getSettings.path, { token: admin.token });
    expect(got.body.value).toEqual(seeded);
    const put = await t.ops(walletRoutes.putSettings.path, {
      method: 'PUT',
      token: admin.token,
      body: { withdraw: { min: 5_000 }, walletMode: 'transfer' },
    });
    expect(put.status).toBe(200);
    expect(put.body.value).toEqual({
      ...seeded,
      walletMode: 'transfer',
      withdraw: { ...DEFAULT_WALLET_SETTINGS.withdraw, min: 5_000 },
    });
    const audit = await t.ops(`${operatorRoutes.audit.path}?action=wallet.settings&limit=1`, {
      token: admin.token,
    });
    expect(audit.body.value.items[0]).toMatchObject({
      actor: admin.username,
      before: seeded,
      after: put.body.value,
    });
  });

  it('refuses a change whose result breaks the schema, with the fields, changing nothing', async () => {
    const before = (await t.ops(walletRoutes.getSettings.path, { token: admin.token })).body.value;
    const bad = await t.ops(walletRoutes.putSettings.path, {
      method: 'PUT',
      token: admin.token,
      body: { withdraw: { min: -1 }, bogus: true },
    });
    const failure = expectFailure(bad, 400, 'invalid_input');
    expect(Object.keys(failure.value.fields as object).sort()).toEqual(['_', 'withdraw.min']);
    expect((await t.ops(walletRoutes.getSettings.path, { token: admin.token })).body.value).toEqual(before);
  });
});
