import { fillPath, walletRoutes, type OpsBulkApproveValue } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, namedOperatorToken, operatorHeaders } from '../../../test/test-app.ts';
import { expectLedgerConsistent } from '../ledger/ledger.testing.ts';
import {
  fund,
  loggedInMember,
  opsCall,
  readyToWithdraw,
  startWithdrawTestServer,
  withdrawBody,
  type TestMember,
  type WithdrawTestServer,
} from './withdrawal.testing.ts';

/**
 * The finance desk's bulk approve (issue 23 item 5): each selected withdrawal decided on its own, one
 * result line per id (approved, or failed with the refusal's code), each approval audited like one
 * approval; a support operator is refused the whole call.
 */
let t: WithdrawTestServer;
beforeAll(async () => {
  t = await startWithdrawTestServer();
});
afterAll(() => t?.close());

const requestWithdrawal = async (m: TestMember, amount: number) => {
  const res = await t.client.call(walletRoutes.requestWithdrawal.path, {
    method: 'POST',
    enc: true,
    body: withdrawBody(amount),
    token: m.token,
    ip: m.ip,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.id as number;
};

describe('POST /ops/wallet/withdrawals/bulk-approve', { timeout: 60_000 }, () => {
  it('approves each selected withdrawal, reporting the ones that cannot be approved with a code', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 100_000);
    const a = await requestWithdrawal(m, 10_000);
    const b = await requestWithdrawal(m, 11_000);
    const c = await requestWithdrawal(m, 12_000);
    const rejected = await opsCall(t, fillPath(walletRoutes.opsRejectWithdrawal.path, { id: c }), {
      body: { reason: 'Wrong key' },
    });
    expect(rejected.status).toBe(200);

    const res = await opsCall(t, walletRoutes.opsBulkApproveWithdrawals.path, {
      body: { ids: [a, c, 999_999_999, b] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const value = res.body.value as OpsBulkApproveValue;
    expect(value).toMatchObject({ approved: 2, failed: 2 });
    expect(value.results).toEqual([
      { id: a, outcome: 'approved', code: null, status: expect.stringMatching(/APPROVED|PAID/) },
      { id: c, outcome: 'failed', code: 'withdrawal_state_conflict', status: 'REJECTED' },
      { id: 999_999_999, outcome: 'failed', code: 'not_found', status: null },
      { id: b, outcome: 'approved', code: null, status: expect.stringMatching(/APPROVED|PAID/) },
    ]);
    // A second bulk of the same ids approves nothing twice.
    const again = await opsCall(t, walletRoutes.opsBulkApproveWithdrawals.path, { body: { ids: [a, b] } });
    expect(again.body.value).toMatchObject({ approved: 0, failed: 2 });
    await expectLedgerConsistent(t.database.db);
  });

  it('refuses a support operator and empty or oversized selections, changing nothing', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 50_000);
    const id = await requestWithdrawal(m, 10_000);
    const support = await getJson(t.server.url + walletRoutes.opsBulkApproveWithdrawals.path, {
      method: 'POST',
      headers: operatorHeaders(await namedOperatorToken(t.server.url, 'support')),
      body: JSON.stringify({ ids: [id] }),
    });
    expect(support.status).toBe(403);
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), ['1'], [0]]) {
      const bad = await opsCall(t, walletRoutes.opsBulkApproveWithdrawals.path, { body: { ids } });
      expect(bad.status, JSON.stringify(ids)).toBe(400);
      expect(bad.body.code).toBe('invalid_input');
    }
    const list = await opsCall(t, `${walletRoutes.opsWithdrawals.path}?memberId=${m.memberId}`);
    expect((list.body.value as { items: { id: number; status: string }[] }).items).toEqual([
      expect.objectContaining({ id, status: 'REQUESTED' }),
    ]);
  });
});
