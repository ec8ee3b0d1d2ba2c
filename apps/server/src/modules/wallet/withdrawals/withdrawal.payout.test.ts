/**
 * A payout the rail does not pay (issue 9 item 4): the held amount returns to the member exactly once,
 * the withdrawal ends FAILED with the rail's reason for the tracker, and the audit names the payout
 * rail. And the finance desk's view of a "not received" proof image: role-checked, audited, served
 * as the image it is.
 */
import { fillPath, OPS_WITHDRAWAL_PROOF_PATH, walletRoutes, withdrawalSchema } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../test/auth-client.ts';
import { namedOperatorToken } from '../../../test/test-app.ts';
import { findMemberWallet, houseBalance } from '../ledger/ledger.service.ts';
import { expectLedgerConsistent, ledgerDigest } from '../ledger/ledger.testing.ts';
import { PayoutRefusedError, SANDBOX_REFUSED_KEY_DOMAIN, type PayoutProvider } from './payout-provider.ts';
import { failPayout, PAYOUT_RAIL_ACTOR, syncPayouts } from './payout.service.ts';
import {
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
}, 180_000);
afterAll(() => t?.close());

const call = (m: TestMember, path: string, init: { method?: string; body?: unknown; enc?: boolean } = {}) =>
  t.client.call(path, { ...init, token: m.token, ip: m.ip });
const balanceOf = async (m: TestMember) =>
  (await findMemberWallet(t.database.db, m.memberId, 'BRL'))?.balance ?? 0;
const pending = () => houseBalance(t.database.db, 'banca', 'WITHDRAWALS_PENDING', 'BRL');
const byId = (path: string, id: number) => fillPath(path, { id });

async function requestWithdrawal(m: TestMember, amount: number): Promise<number> {
  const res = await call(m, walletRoutes.requestWithdrawal.path, {
    method: 'POST',
    enc: true,
    body: withdrawBody(amount),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.id as number;
}

async function waitForStatus(m: TestMember, id: number, status: string) {
  // The sandbox rail answers after its delay (3 s): wait for the state, bounded, not for a time.
  for (let i = 0; i < 150; i++) {
    const res = await call(m, byId(walletRoutes.withdrawal.path, id));
    if (res.body.value?.status === status) return withdrawalSchema.parse(res.body.value);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`withdrawal ${id} never reached ${status}`);
}

const auditOf = (id: number, action: string) =>
  t.database.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('subject_type', '=', 'withdrawal')
    .where('subject_id', '=', String(id))
    .where('action', '=', action)
    .execute();

describe('a payout the rail refuses', { timeout: 60_000 }, () => {
  it('returns the held amount once, ends FAILED with the reason, and is audited as the rail', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    // Rebind to a key the sandbox refuses (any e-mail at its refused domain).
    const bind = await call(m, walletRoutes.bindPayoutKey.path, {
      method: 'PUT',
      enc: true,
      body: {
        type: 'EMAIL',
        key: `maria@${SANDBOX_REFUSED_KEY_DOMAIN}`,
        payeeName: 'Maria Souza',
        paymentPassword: PAY_PW,
      },
    });
    expect(bind.status, JSON.stringify(bind.body)).toBe(200);
    await fund(t.database.db, m.memberId, 50_000);
    const pendingBefore = await pending();

    const id = await requestWithdrawal(m, 20_000);
    expect(await balanceOf(m)).toBe(30_000);
    const approve = await opsCall(t, byId(walletRoutes.opsApproveWithdrawal.path, id), { body: {} });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);

    const failed = await waitForStatus(m, id, 'FAILED');
    expect(failed).toMatchObject({ failReason: 'payout_key_refused', paidAt: null });
    expect(failed.failedAt).not.toBeNull();
    expect(await balanceOf(m)).toBe(50_000);
    expect(await pending()).toBe(pendingBefore);

    const [audit, ...more] = await auditOf(id, 'withdrawal.payout_failed');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor_id: null,
      actor_username: PAYOUT_RAIL_ACTOR.username,
      reason: 'payout_key_refused',
    });
    expect(audit!.before).toMatchObject({ status: 'APPROVED' });
    expect(audit!.after).toMatchObject({ status: 'FAILED', failReason: 'payout_key_refused' });

    // Replays of every path change nothing: the sync, a direct failure, a decision, a confirmation.
    const digest = await ledgerDigest(t.database.db);
    const deps = { db: t.database.db, payouts: sandboxLike('FAILED'), clock: () => new Date() };
    expect(await syncPayouts(deps)).toEqual({ asked: 0, paid: 0, failed: 0 });
    expect(await failPayout(deps, id, 'payout_refused')).toBe(false);
    expectFailure(
      await opsCall(t, byId(walletRoutes.opsRejectWithdrawal.path, id), { body: { reason: 'x' } }),
      409,
      'withdrawal_state_conflict',
    );
    expectFailure(
      await call(m, byId(walletRoutes.confirmWithdrawal.path, id), { body: { received: true } }),
      409,
      'withdrawal_state_conflict',
    );
    expect(await ledgerDigest(t.database.db)).toBe(digest);
    expect(await auditOf(id, 'withdrawal.payout_failed')).toHaveLength(1);

    // The record shows the hold and its return; a failed withdrawal does not use up today's limits.
    const overview = await call(m, walletRoutes.withdrawOverview.path);
    expect(overview.body.value).toMatchObject({ balance: 50_000, usedTodayAmount: 0, usedTodayCount: 0 });
    await expectLedgerConsistent(t.database.db);
  });

  it('fails a payout the rail refuses when asked, and leaves one it could not reach for the next sync', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 30_000);
    const refused = await requestWithdrawal(m, 10_000);
    const unreachable = await requestWithdrawal(m, 5_000);
    // Approved directly in the table, so the server's own rail does not ask: this test's rails do.
    await t.database.db
      .updateTable('withdrawal')
      .set({ status: 'APPROVED', approved_at: new Date() })
      .where('id', 'in', [refused, unreachable])
      .execute();
    expect(await balanceOf(m)).toBe(15_000);

    const down: PayoutProvider = {
      name: 'down',
      requestPayout: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      getPayout: async () => ({ status: 'PENDING' }),
    };
    const db = t.database.db;
    await expect(syncPayouts({ db, payouts: down, clock: () => new Date() })).rejects.toThrow(/ECONNREFUSED/);
    expect(await balanceOf(m)).toBe(15_000);

    const refusing: PayoutProvider = {
      name: 'refusing',
      requestPayout: async (req) => {
        if (req.reference === `withdrawal:${refused}`) throw new PayoutRefusedError('payout_refused');
        return { providerRef: `ok-${req.reference}` };
      },
      getPayout: async () => ({ status: 'PENDING' }),
    };
    const audits: string[] = [];
    const result = await syncPayouts({
      db,
      payouts: refusing,
      clock: () => new Date(),
      audit: async (_trx, entry) => {
        audits.push(`${entry.action} ${entry.subjectId} ${entry.reason}`);
      },
    });
    expect(result).toMatchObject({ asked: 2, failed: 0, paid: 0 });
    expect(audits).toEqual([`withdrawal.payout_failed ${refused} payout_refused`]);
    expect((await waitForStatus(m, refused, 'FAILED')).failReason).toBe('payout_refused');
    expect((await waitForStatus(m, unreachable, 'APPROVED')).failReason).toBeNull();
    expect(await balanceOf(m)).toBe(25_000);
    await expectLedgerConsistent(t.database.db);
  });
});

/** A rail that answers every payout with `status`. */
function sandboxLike(status: 'PAID' | 'FAILED' | 'PENDING'): PayoutProvider {
  return {
    name: 'fixed',
    requestPayout: async (req) => ({ providerRef: `fixed-${req.reference}` }),
    getPayout: async () => (status === 'FAILED' ? { status, reason: 'payout_refused' } : { status }),
  };
}

describe('the "not received" proof image', { timeout: 60_000 }, () => {
  it('is shown to finance as the stored image, each view audited; support and members are refused', async () => {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 40_000);
    const withProof = await requestWithdrawal(m, 10_000);
    const without = await requestWithdrawal(m, 10_000);
    for (const id of [withProof, without])
      await opsCall(t, byId(walletRoutes.opsApproveWithdrawal.path, id), { body: {} });
    await waitForStatus(m, withProof, 'PAID');
    await waitForStatus(m, without, 'PAID');
    const png = Buffer.from(PNG_1PX, 'base64');
    const sent = await call(m, byId(walletRoutes.confirmWithdrawal.path, withProof), {
      body: { received: false, proof: `data:image/png;base64,${PNG_1PX}` },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const get = async (id: number, token: string) =>
      fetch(t.server.url + fillPath(OPS_WITHDRAWAL_PROOF_PATH, { id }), {
        headers: { authorization: `Bearer ${token}` },
      });
    const finance = await namedOperatorToken(t.server.url, 'finance');
    const res = await get(withProof, finance);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="withdrawal-${withProof}-proof.png"`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const [view, ...more] = await auditOf(withProof, 'withdrawal.proof_view');
    expect(more).toEqual([]);
    expect(view).toMatchObject({ actor_role: 'finance', reason: null });
    expect(view!.after).toMatchObject({ memberId: m.memberId, contentType: 'image/png', bytes: png.length });

    // An admin may too; support may not; a member's token and the bootstrap token are not operators'.
    expect((await get(withProof, await namedOperatorToken(t.server.url, 'admin'))).status).toBe(200);
    const support = await get(withProof, await namedOperatorToken(t.server.url, 'support'));
    expect(support.status).toBe(403);
    expect(((await support.json()) as { code: string }).code).toBe('forbidden');
    expect((await get(withProof, m.token)).status).toBe(401);
    expect((await get(withProof, '')).status).toBe(401);
    // No proof, no such withdrawal: not found, nothing audited.
    const none = await get(without, finance);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { code: string }).code).toBe('not_found');
    expect((await get(2 ** 40, finance)).status).toBe(404);
    expect(await auditOf(withProof, 'withdrawal.proof_view')).toHaveLength(2);
    expect(await auditOf(without, 'withdrawal.proof_view')).toHaveLength(0);

    // A jpeg is served as one.
    const w3 = await requestWithdrawal(m, 10_000);
    await opsCall(t, byId(walletRoutes.opsApproveWithdrawal.path, w3), { body: {} });
    await waitForStatus(m, w3, 'PAID');
    await call(m, byId(walletRoutes.confirmWithdrawal.path, w3), {
      body: { received: false, proof: JPEG_HEAD },
    });
    const jpg = await get(w3, finance);
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpg.headers.get('content-disposition')).toMatch(/\.jpg"$/);
  });
});
