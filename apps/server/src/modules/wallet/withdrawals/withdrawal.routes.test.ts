import { AGENT_TYPES, walletRoutes, withdrawalSchema, fillPath } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, FAST_PASSWORD } from '../../../test/auth-client.ts';
import { findMemberWallet, houseBalance } from '../ledger/ledger.service.ts';
import { expectLedgerConsistent } from '../ledger/ledger.testing.ts';
import { addTurnoverRequirement, recordTurnover } from '../member-state/turnover.service.ts';
import {
  CPF,
  fund,
  JPEG_HEAD,
  loggedInMember,
  opsCall,
  PAY_PW,
  PNG_1PX,
  readyToWithdraw,
  startWithdrawTestServer,
  withdrawBody,
  type TestMember,
  type WithdrawTestServer,
} from './withdrawal.testing.ts';

let t: WithdrawTestServer;
beforeAll(async () => {
  t = await startWithdrawTestServer();
});
afterAll(() => t?.close());

const call = (m: TestMember, path: string, init: { method?: string; body?: unknown; enc?: boolean } = {}) =>
  t.client.call(path, { ...init, token: m.token, ip: m.ip });
const request = (m: TestMember, body: unknown) =>
  call(m, walletRoutes.requestWithdrawal.path, { method: 'POST', enc: true, body });
const balanceOf = async (m: TestMember) =>
  (await findMemberWallet(t.database.db, m.memberId, 'BRL'))?.balance ?? 0;
const withdrawalPath = (path: string, id: number) => fillPath(path, { id });

async function waitForStatus(m: TestMember, id: number, status: string) {
  // The sandbox rail pays after its delay (3 s); wait for the state, not for a time.
  for (let i = 0; i < 100; i++) {
    const res = await call(m, withdrawalPath(walletRoutes.withdrawal.path, id));
    if (res.body.value?.status === status) return res.body.value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`withdrawal ${id} never reached ${status}`);
}

describe('security centre money settings', () => {
  it('sets the payment password only with the login password and the merchant rule, then shows the key masked', async () => {
    const m = await loggedInMember(t);
    const sec = await call(m, walletRoutes.security.path);
    expect(sec.body.value).toMatchObject({
      paymentPasswordSet: false,
      payoutKey: null,
      loginPasswordRequired: true,
    });
    expect(sec.body.value.paymentPasswordRule).toMatchObject({ patternId: 3, minLength: 6, maxLength: 6 });

    const put = (body: unknown) =>
      call(m, walletRoutes.setPaymentPassword.path, { method: 'PUT', enc: true, body });
    const noLogin = await put({ paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW });
    expect(expectFailure(noLogin, 400, 'invalid_input').value).toEqual({
      fields: { loginPassword: 'required' },
    });
    const letters = await put({
      loginPassword: FAST_PASSWORD,
      paymentPassword: 'abc123',
      confirmPaymentPassword: 'abc123',
    });
    expect(expectFailure(letters, 400, 'invalid_input').value).toEqual({
      fields: { paymentPassword: 'reg_pattern_3' },
    });
    const mismatch = await put({
      loginPassword: FAST_PASSWORD,
      paymentPassword: PAY_PW,
      confirmPaymentPassword: '111111',
    });
    expect(expectFailure(mismatch, 400, 'invalid_input').value).toEqual({
      fields: { confirmPaymentPassword: 'inconsistent_twice' },
    });
    expectFailure(
      await put({ loginPassword: 'wrong-one', paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW }),
      403,
      'login_password_wrong',
    );
    await readyToWithdraw(t, m);
    const after = await call(m, walletRoutes.security.path);
    expect(after.body.value).toMatchObject({
      paymentPasswordSet: true,
      payoutKey: { type: 'CPF', keyMasked: '***.982.247-**', payeeNameMasked: 'M**** S****' },
    });
    const stored = await t.database.db
      .selectFrom('payout_key')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ key_type: 'CPF', key_value: '52998224725', payee_name: 'Maria Souza' });
  });

  it('refuses an invalid CPF, a repeated-digit CPF and a foreign phone, writing nothing', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    for (const [type, key] of [
      ['CPF', '529.982.247-24'],
      ['CPF', '111.111.111-11'],
      ['PHONE', '+12025550100'],
      ['EMAIL', 'not-an-email'],
      ['EVP', 'not-a-uuid'],
    ] as const) {
      const res = await call(m, walletRoutes.bindPayoutKey.path, {
        method: 'PUT',
        enc: true,
        body: { type, key, payeeName: 'Ana Lima', paymentPassword: PAY_PW },
      });
      expect(expectFailure(res, 400, 'invalid_input').value).toEqual({
        fields: { key: `pix_key_invalid_${type.toLowerCase()}` },
      });
    }
    const stored = await t.database.db
      .selectFrom('payout_key')
      .select('key_value')
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(stored.key_value).toBe('52998224725');
  });

  it('locks the payment password after 5 wrong tries, even for the right one, until the lock ends', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 100_000);
    const triesLeft: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request(m, withdrawBody(5_000, { paymentPassword: '000000' }));
      triesLeft.push(expectFailure(res, 403, 'payment_password_wrong').value.triesLeft);
    }
    expect(triesLeft).toEqual([4, 3, 2, 1]);
    const fifth = await request(m, withdrawBody(5_000, { paymentPassword: '000000' }));
    const locked = expectFailure(fifth, 423, 'payment_password_locked').value;
    expect(new Date(String(locked.lockedUntil)).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expectFailure(await request(m, withdrawBody(5_000)), 423, 'payment_password_locked');
    expect(await balanceOf(m)).toBe(100_000);
    const sec = await call(m, walletRoutes.security.path);
    expect(sec.body.value.lockedUntil).toBe(locked.lockedUntil);
    // The lock ends: the right password works again and the count starts over.
    await t.database.db
      .updateTable('wallet_member_state')
      .set({ pay_pw_locked_until: new Date(Date.now() - 1000) })
      .where('member_id', '=', m.memberId)
      .execute();
    expect((await request(m, withdrawBody(5_000))).status).toBe(200);
  });
});

describe('withdrawals', { timeout: 60_000 }, () => {
  it('holds the amount, pays it after approval, and the member confirms receipt', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    // The sandbox credit of the /dev routes (loopback only): the caller's own wallet, from ADJUSTMENTS.
    const credit = await t.client.call('/dev/wallet/credit', {
      body: { amount: 50_000, requestId: `credit-${m.memberId}` },
      token: m.token,
      ip: '127.0.0.1',
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(await balanceOf(m)).toBe(50_000);

    const body = withdrawBody(20_000);
    const res = await request(m, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const w = withdrawalSchema.parse(res.body.value);
    expect(w).toMatchObject({
      status: 'REQUESTED',
      amount: 20_000,
      payoutTargetMinutes: 120,
      approvedAt: null,
    });
    expect(await balanceOf(m)).toBe(30_000);
    expect(await houseBalance(t.database.db, 'banca', 'WITHDRAWALS_PENDING', 'BRL')).toBeGreaterThanOrEqual(
      20_000,
    );
    // The same requestId again is the same withdrawal, nothing moves twice.
    const again = await request(m, body);
    expect(again.body.value.id).toBe(w.id);
    expect(await balanceOf(m)).toBe(30_000);

    const overview = await call(m, walletRoutes.withdrawOverview.path);
    expect(overview.body.value).toMatchObject({
      balance: 30_000,
      usedTodayCount: 1,
      usedTodayAmount: 20_000,
      turnoverRemaining: 0,
    });

    // Not paid yet: cannot be confirmed.
    expectFailure(
      await call(m, withdrawalPath(walletRoutes.confirmWithdrawal.path, w.id), { body: { received: true } }),
      409,
      'withdrawal_state_conflict',
    );
    const list = await opsCall(
      t,
      `${walletRoutes.opsWithdrawals.path}?status=REQUESTED&memberId=${m.memberId}`,
    );
    expect(list.status).toBe(200);
    expect((list.body.value as { items: { id: number; pixKey: string }[] }).items).toEqual([
      expect.objectContaining({ id: w.id, pixKey: '52998224725' }),
    ]);
    const approve = await opsCall(t, withdrawalPath(walletRoutes.opsApproveWithdrawal.path, w.id), {
      body: {},
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    // A second decision is refused, whichever it is.
    expectFailure(
      await opsCall(t, withdrawalPath(walletRoutes.opsApproveWithdrawal.path, w.id), { body: {} }),
      409,
      'withdrawal_state_conflict',
    );
    expectFailure(
      await opsCall(t, withdrawalPath(walletRoutes.opsRejectWithdrawal.path, w.id), {
        body: { reason: 'late' },
      }),
      409,
      'withdrawal_state_conflict',
    );
    const paid = await waitForStatus(m, w.id, 'PAID');
    expect(paid.paidAt).not.toBeNull();
    expect(await balanceOf(m)).toBe(30_000);

    // Another member cannot see or confirm it.
    const other = await loggedInMember(t);
    expectFailure(await call(other, withdrawalPath(walletRoutes.withdrawal.path, w.id)), 404, 'not_found');
    expectFailure(
      await call(other, withdrawalPath(walletRoutes.confirmWithdrawal.path, w.id), {
        body: { received: true },
      }),
      404,
      'not_found',
    );
    const confirmed = await call(m, withdrawalPath(walletRoutes.confirmWithdrawal.path, w.id), {
      body: { received: true },
    });
    expect(confirmed.body.value).toMatchObject({ status: 'CONFIRMED', confirmation: 'RECEIVED' });
    await expectLedgerConsistent(t.database.db);
  });

  it('returns the funds on rejection, with the reason shown to the member', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 40_000);
    const w = (await request(m, withdrawBody(25_000))).body.value;
    expect(await balanceOf(m)).toBe(15_000);
    const rej = await opsCall(t, withdrawalPath(walletRoutes.opsRejectWithdrawal.path, w.id), {
      body: { reason: 'KYC pending' },
    });
    expect(rej.status).toBe(200);
    expect(await balanceOf(m)).toBe(40_000);
    const seen = await call(m, withdrawalPath(walletRoutes.withdrawal.path, w.id));
    expect(seen.body.value).toMatchObject({ status: 'REJECTED', rejectReason: 'KYC pending' });
    // A rejected withdrawal does not count toward today's limits.
    const overview = await call(m, walletRoutes.withdrawOverview.path);
    expect(overview.body.value).toMatchObject({ usedTodayCount: 0, usedTodayAmount: 0 });
    await expectLedgerConsistent(t.database.db);
  });

  it('lets the member cancel a pending withdrawal: the hold returns at once, once, and a repeat changes nothing', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 40_000);
    const w = withdrawalSchema.parse((await request(m, withdrawBody(25_000))).body.value);
    expect(await balanceOf(m)).toBe(15_000);
    const cancel = (who: TestMember, id: number) =>
      call(who, withdrawalPath(walletRoutes.cancelWithdrawal.path, id), { method: 'POST' });

    // Another member's id reads as missing, and moves nothing.
    const other = await loggedInMember(t);
    expectFailure(await cancel(other, w.id), 404, 'not_found');
    expect(await balanceOf(m)).toBe(15_000);

    const first = await cancel(m, w.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const cancelled = withdrawalSchema.parse(first.body.value);
    expect(cancelled).toMatchObject({ id: w.id, status: 'CANCELLED', approvedAt: null });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await balanceOf(m)).toBe(40_000);

    // Idempotent: the same cancel again answers the cancelled withdrawal; no second return.
    const again = await cancel(m, w.id);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    expect(await balanceOf(m)).toBe(40_000);

    // The operator can no longer decide it, and it does not count toward today's limits.
    expectFailure(
      await opsCall(t, withdrawalPath(walletRoutes.opsApproveWithdrawal.path, w.id), { body: {} }),
      409,
      'withdrawal_state_conflict',
    );
    expectFailure(
      await opsCall(t, withdrawalPath(walletRoutes.opsRejectWithdrawal.path, w.id), {
        body: { reason: 'late' },
      }),
      409,
      'withdrawal_state_conflict',
    );
    expect(await balanceOf(m)).toBe(40_000);
    const overview = await call(m, walletRoutes.withdrawOverview.path);
    expect(overview.body.value).toMatchObject({ balance: 40_000, usedTodayCount: 0, usedTodayAmount: 0 });
    await expectLedgerConsistent(t.database.db);
  });

  it('refuses a cancel once the operator has decided, and a bad id, moving nothing', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 60_000);
    const cancel = (id: number | string) =>
      call(m, withdrawalPath(walletRoutes.cancelWithdrawal.path, id as number), { method: 'POST' });

    // Rejected: the money is already back; cancelling it answers the state and returns nothing more.
    const rejected = (await request(m, withdrawBody(10_000))).body.value as { id: number };
    await opsCall(t, withdrawalPath(walletRoutes.opsRejectWithdrawal.path, rejected.id), {
      body: { reason: 'KYC pending' },
    });
    expect(await balanceOf(m)).toBe(60_000);
    expect(expectFailure(await cancel(rejected.id), 409, 'withdrawal_not_cancellable').value).toEqual({
      status: 'REJECTED',
    });
    expect(await balanceOf(m)).toBe(60_000);

    // Approved: the payout is in flight; the member cannot take it back.
    const approved = (await request(m, withdrawBody(20_000))).body.value as { id: number };
    const ok = await opsCall(t, withdrawalPath(walletRoutes.opsApproveWithdrawal.path, approved.id), {
      body: {},
    });
    expect(ok.status).toBe(200);
    const refused = expectFailure(await cancel(approved.id), 409, 'withdrawal_not_cancellable');
    expect(['APPROVED', 'PAID']).toContain((refused.value as { status: string }).status);
    expect(await balanceOf(m)).toBe(40_000);

    // Bad input: not an id, zero, negative, too big, unknown: a 4xx with a code, nothing moves.
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await call(m, walletRoutes.cancelWithdrawal.path.replace(':id', bad), { method: 'POST' });
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
      expect(typeof res.body.code, bad).toBe('string');
    }
    expectFailure(await cancel(2_000_000_000), 404, 'not_found');
    expect(await balanceOf(m)).toBe(40_000);
    await expectLedgerConsistent(t.database.db);
  });

  it('takes "not received" only with a png or jpg proof, judged by its bytes', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 40_000);
    const w = (await request(m, withdrawBody(10_000))).body.value;
    await opsCall(t, withdrawalPath(walletRoutes.opsApproveWithdrawal.path, w.id), { body: {} });
    await waitForStatus(m, w.id, 'PAID');
    const confirm = (body: unknown) =>
      call(m, withdrawalPath(walletRoutes.confirmWithdrawal.path, w.id), { body });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64');
    const pdfNamedPng = 'data:image/png;base64,' + Buffer.from('%PDF-1.4 fake').toString('base64');
    const tooBig = Buffer.concat([Buffer.from(PNG_1PX, 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString(
      'base64',
    );
    for (const proof of [undefined, gif, pdfNamedPng, 'not base64!!', tooBig])
      expectFailure(await confirm({ received: false, ...(proof ? { proof } : {}) }), 400, 'proof_invalid');
    const ok = await confirm({ received: false, proof: JPEG_HEAD });
    expect(ok.body.value).toMatchObject({ status: 'DISPUTED', confirmation: 'NOT_RECEIVED' });
    const ops = await opsCall(t, `${walletRoutes.opsWithdrawals.path}?memberId=${m.memberId}`);
    expect((ops.body.value as { items: { hasProof: boolean }[] }).items[0]!.hasProof).toBe(true);
  });

  it('applies the limits and the turnover requirement, showing what is left', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 20_000_000);
    expectFailure(await request(m, withdrawBody(1_999)), 400, 'withdraw_amount_out_of_range');
    expectFailure(await request(m, withdrawBody(5_000_001)), 400, 'withdraw_amount_out_of_range');
    // Bonus of 100.00 at turnoverMultiple 1: 100.00 to wager; bets of 60.00 leave 40.00.
    await t.database.db.transaction().execute(async (trx) => {
      await addTurnoverRequirement(trx, { memberId: m.memberId, merchantCode: 'banca', amount: 10_000 });
      await recordTurnover(trx, m.memberId, 6_000);
    });
    const left = await request(m, withdrawBody(5_000));
    expect(expectFailure(left, 409, 'turnover_not_met').value).toEqual({ remaining: 4_000 });
    expect((await call(m, walletRoutes.withdrawOverview.path)).body.value.turnoverRemaining).toBe(4_000);
    await recordTurnover(t.database.db, m.memberId, 10_000);
    // Daily amount 100,000.00 and count 5: two of 50,000.00 fill the amount.
    expect((await request(m, withdrawBody(5_000_000))).status).toBe(200);
    expect((await request(m, withdrawBody(4_999_999))).status).toBe(200);
    expectFailure(await request(m, withdrawBody(2_000)), 409, 'withdraw_daily_limit');
    expect(await balanceOf(m)).toBe(20_000_000 - 9_999_999);
  });

  it('needs a bound key and enough balance', async () => {
    const m = await loggedInMember(t);
    const noPw = await request(m, withdrawBody(5_000));
    expectFailure(noPw, 409, 'payment_password_not_set');
    await readyToWithdraw(t, m);
    await t.database.db.deleteFrom('payout_key').where('member_id', '=', m.memberId).execute();
    expectFailure(await request(m, withdrawBody(5_000)), 409, 'payout_key_not_set');
    await readyToWithdraw(t, m);
    expectFailure(await request(m, withdrawBody(5_000)), 409, 'insufficient_funds');
    expect(
      await t.database.db.selectFrom('withdrawal').select('id').where('member_id', '=', m.memberId).execute(),
    ).toEqual([]);
  });
});

describe('transfers along the tree', () => {
  it('moves money to the upline and from an agent to a direct downline; anyone else is not found', async () => {
    const agent = await loggedInMember(t, { type: AGENT_TYPES[0] });
    const child = await loggedInMember(t, { parentId: agent.memberId });
    const stranger = await loggedInMember(t);
    const grandchild = await loggedInMember(t, { parentId: child.memberId });
    for (const m of [agent, child]) await readyToWithdraw(t, m);
    await fund(t.database.db, child.memberId, 10_000);
    await fund(t.database.db, agent.memberId, 10_000);

    const send = (m: TestMember, target: string, amount: number, requestId = crypto.randomUUID()) =>
      call(m, walletRoutes.memberTransfer.path, {
        method: 'POST',
        enc: true,
        body: { target, amount, paymentPassword: PAY_PW, requestId },
      });
    const targets = await call(agent, walletRoutes.transferTargets.path);
    expect(targets.body.value.targets).toEqual([{ account: child.account, relation: 'DOWNLINE' }]);
    expect((await call(child, walletRoutes.transferTargets.path)).body.value.targets).toEqual([
      { account: agent.account, relation: 'UPLINE' },
    ]);

    const up = await send(child, agent.account, 3_000);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.value).toMatchObject({ amount: 3_000, balance: 7_000, target: agent.account });
    const rid = crypto.randomUUID();
    expect((await send(agent, child.account, 1_000, rid)).status).toBe(200);
    expect((await send(agent, child.account, 1_000, rid)).body.value.transferId).toBeDefined();
    expect(await balanceOf(child)).toBe(8_000);
    expect(await balanceOf(agent)).toBe(12_000);

    // Not along the tree: a stranger, a grandchild, oneself, a member who does not exist. All alike.
    const refusals = [
      await send(agent, stranger.account, 100),
      await send(agent, grandchild.account, 100),
      await send(agent, agent.account, 100),
      await send(agent, 'nobody12345', 100),
      await send(child, grandchild.account, 100), // child is not an agent
    ].map((r) => ({ status: r.status, code: r.body.code, value: r.body.value, message: r.body.message }));
    for (const r of refusals) expect(r).toEqual(refusals[3]);
    expect(refusals[3]!.status).toBe(404);
    expectFailure(await send(child, agent.account, 9_000), 409, 'insufficient_funds');
    expect(await balanceOf(child)).toBe(8_000);
    await expectLedgerConsistent(t.database.db);
  });
});

describe('CPF', () => {
  it('is the key type tests bind with', () => expect(CPF).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/));
});
