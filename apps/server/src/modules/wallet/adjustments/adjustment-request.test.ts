import { operatorRoutes, walletRoutes, type AdjustmentRequest } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../../test/ops-client.ts';
import { expectLedgerConsistent, ledgerDigest } from '../ledger/ledger.testing.ts';

/**
 * Adjustments above the merchant's adjustmentApprovalThreshold (issue 23 item 4): a pending request a
 * second operator holding balances.adjust approves or rejects; the requester never approves their own;
 * the ledger moves exactly once, even for two approvals at the same moment (a real race on
 * PostgreSQL with TEST_DATABASE_URL).
 */
type Op = { token: string; username: string; id: number };
let t: OpsTestServer;
let requester: Op;
let approver: Op;
let approver2: Op;
let support: Op;
let admin: Op;
beforeAll(async () => {
  t = await startOpsTestServer();
  [requester, approver, approver2, support, admin] = await Promise.all([
    t.operator('finance'),
    t.operator('finance'),
    t.operator('finance'),
    t.operator('support'),
    t.operator('admin'),
  ]);
});
afterAll(() => t?.close());

let n = 0;
const key = () => `adjreq-${process.pid}-${++n}-${Date.now()}`;
const THRESHOLD = 100_000;
const adjust = (body: Record<string, unknown>, token = requester.token) =>
  t.ops(walletRoutes.adjustBalance.path, { method: 'POST', token, body });
const decide = (id: number, what: 'approve' | 'reject', token: string, body: unknown = {}) =>
  t.ops(
    (what === 'approve'
      ? walletRoutes.approveAdjustmentRequest
      : walletRoutes.rejectAdjustmentRequest
    ).path.replace(':id', String(id)),
    { method: 'POST', token, body },
  );
const balanceOf = async (token: string) =>
  (await t.client.call(walletRoutes.balance.path, { token })).body.value.balance as number;
const requestOf = (res: { body: { value: { outcome: string; request: AdjustmentRequest } } }) => {
  expect(res.body.value.outcome).toBe('pending');
  return res.body.value.request;
};

describe('adjustments with a second approver', () => {
  it('posts at or below the threshold at once; above it opens a pending request, moving nothing', async () => {
    const m = await t.member();
    const at = await adjust({
      memberId: m.memberId,
      amount: THRESHOLD,
      reason: 'At threshold',
      idempotencyKey: key(),
    });
    expect(at.status, JSON.stringify(at.body)).toBe(200);
    expect(at.body.value).toMatchObject({ outcome: 'posted', balanceAfter: THRESHOLD, replayed: false });

    const before = await ledgerDigest(t.database.db);
    const k = key();
    const body = { memberId: m.memberId, amount: THRESHOLD + 1, reason: 'Big goodwill', idempotencyKey: k };
    const res = await adjust(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({ outcome: 'pending', threshold: THRESHOLD, replayed: false });
    const req = requestOf(res);
    expect(req).toMatchObject({
      memberId: m.memberId,
      amount: THRESHOLD + 1,
      status: 'PENDING',
      requestedBy: requester.username,
      transferId: null,
    });
    expect(await ledgerDigest(t.database.db)).toBe(before);
    expect(await balanceOf(m.token)).toBe(THRESHOLD);

    // A retry is the first request; the key with other data is a conflict.
    const again = await adjust(body);
    expect(again.body.value).toMatchObject({ outcome: 'pending', replayed: true, request: { id: req.id } });
    expectFailure(await adjust({ ...body, amount: THRESHOLD + 2 }), 409, 'idempotency_conflict');
    // A debit above the threshold the balance does not cover is refused at once; one it covers waits.
    expectFailure(
      await adjust({
        memberId: m.memberId,
        amount: -(THRESHOLD + 5),
        reason: 'Big debit',
        idempotencyKey: key(),
      }),
      409,
      'insufficient_funds',
    );
    const audit = await t.ops(
      `${operatorRoutes.audit.path}?action=wallet.adjust.request&subjectId=${req.id}`,
      {
        token: admin.token,
      },
    );
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        actor: requester.username,
        reason: 'Big goodwill',
        subjectType: 'adjustment_request',
      }),
    ]);
  });

  it('refuses the requester and a support operator; another finance operator approves once, audited', async () => {
    const m = await t.member();
    const req = requestOf(
      await adjust({
        memberId: m.memberId,
        amount: 250_000,
        reason: 'VIP compensation',
        idempotencyKey: key(),
      }),
    );
    const before = await ledgerDigest(t.database.db);
    expectFailure(await decide(req.id, 'approve', requester.token), 403, 'adjustment_self_approval');
    expect((await decide(req.id, 'approve', support.token)).status).toBe(403);
    expect((await decide(req.id, 'reject', support.token, { reason: 'no way' })).status).toBe(403);
    expect(
      (await t.ops(`${walletRoutes.listAdjustmentRequests.path}?limit=5`, { token: support.token })).status,
    ).toBe(403);
    expect(await ledgerDigest(t.database.db)).toBe(before);

    const ok = await decide(req.id, 'approve', approver.token, { reason: 'Checked the ticket' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value).toMatchObject({
      id: req.id,
      status: 'APPROVED',
      decidedBy: approver.username,
      decisionReason: 'Checked the ticket',
      transferId: expect.any(Number),
    });
    expect(await balanceOf(m.token)).toBe(250_000);
    expectFailure(await decide(req.id, 'approve', approver2.token), 409, 'adjustment_state_conflict');
    expectFailure(
      await decide(req.id, 'reject', approver2.token, { reason: 'late' }),
      409,
      'adjustment_state_conflict',
    );
    expect(await balanceOf(m.token)).toBe(250_000);

    const list = await t.ops(`${walletRoutes.listAdjustmentRequests.path}?memberId=${m.memberId}`, {
      token: approver.token,
    });
    expect(list.body.value).toEqual({ items: [ok.body.value], next: null });
    const audit = await t.ops(
      `${operatorRoutes.audit.path}?action=wallet.adjust.approve&subjectId=${req.id}`,
      {
        token: admin.token,
      },
    );
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        actor: approver.username,
        before: expect.objectContaining({ status: 'PENDING', balance: 0 }),
        after: expect.objectContaining({ status: 'APPROVED', balance: 250_000 }),
      }),
    ]);
    await expectLedgerConsistent(t.database.db);
  });

  it('rejects with a reason (the requester may withdraw their own), moving nothing', async () => {
    const m = await t.member();
    const req = requestOf(
      await adjust({ memberId: m.memberId, amount: 300_000, reason: 'Typo amount', idempotencyKey: key() }),
    );
    const before = await ledgerDigest(t.database.db);
    expectFailure(await decide(req.id, 'reject', approver.token, {}), 400, 'invalid_input');
    const no = await decide(req.id, 'reject', requester.token, { reason: 'Wrong amount, asked again' });
    expect(no.body.value).toMatchObject({ status: 'REJECTED', decisionReason: 'Wrong amount, asked again' });
    expect(await ledgerDigest(t.database.db)).toBe(before);
    expectFailure(await decide(req.id, 'approve', approver.token), 409, 'adjustment_state_conflict');
    const pending = await t.ops(
      `${walletRoutes.listAdjustmentRequests.path}?status=PENDING&memberId=${m.memberId}`,
      {
        token: approver.token,
      },
    );
    expect(pending.body.value.items).toEqual([]);
  });

  it('a debit the balance no longer covers at approval is insufficient_funds and stays pending', async () => {
    const m = await t.member();
    for (let i = 0; i < 3; i++)
      await adjust({ memberId: m.memberId, amount: THRESHOLD, reason: 'Funding', idempotencyKey: key() });
    const req = requestOf(
      await adjust({ memberId: m.memberId, amount: -200_000, reason: 'Claw back', idempotencyKey: key() }),
    );
    // The balance falls below the request while it waits.
    for (let i = 0; i < 2; i++)
      await adjust({ memberId: m.memberId, amount: -60_000, reason: 'Other debit', idempotencyKey: key() });
    expectFailure(await decide(req.id, 'approve', approver.token), 409, 'insufficient_funds');
    const list = await t.ops(`${walletRoutes.listAdjustmentRequests.path}?memberId=${m.memberId}`, {
      token: approver.token,
    });
    expect(list.body.value.items[0]).toMatchObject({ id: req.id, status: 'PENDING' });
    expect(await balanceOf(m.token)).toBe(180_000);
  });

  it('two approvals at the same moment pay once', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await t.member();
      const req = requestOf(
        await adjust({ memberId: m.memberId, amount: 123_456, reason: 'Race check', idempotencyKey: key() }),
      );
      const answers = await Promise.all([
        decide(req.id, 'approve', approver.token),
        decide(req.id, 'approve', approver2.token),
        decide(req.id, 'approve', admin.token),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409, 409]);
      expect(await balanceOf(m.token)).toBe(123_456);
    }
    await expectLedgerConsistent(t.database.db);
  });

  it('pages newest first with a keyset cursor', async () => {
    const m = await t.member();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        requestOf(
          await adjust({
            memberId: m.memberId,
            amount: 200_000 + i,
            reason: 'Paging',
            idempotencyKey: key(),
          }),
        ).id,
      );
    const first = await t.ops(`${walletRoutes.listAdjustmentRequests.path}?memberId=${m.memberId}&limit=2`, {
      token: approver.token,
    });
    expect(first.body.value.items.map((r: AdjustmentRequest) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await t.ops(
      `${walletRoutes.listAdjustmentRequests.path}?memberId=${m.memberId}&limit=2&before=${first.body.value.next}`,
      { token: approver.token },
    );
    expect(second.body.value).toMatchObject({ next: null, items: [expect.objectContaining({ id: ids[0] })] });
  });
});
