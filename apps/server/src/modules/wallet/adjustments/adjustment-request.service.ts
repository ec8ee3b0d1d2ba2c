import type { z } from 'zod';
import type { AdjustmentRequest, adjustmentRequestQuerySchema } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import type { OperatorActor } from '../../../ops-access.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { WalletError } from '../wallet.errors.ts';
import {
  adjustableMember,
  adjustmentRequestKey,
  postAdjustment,
  type AdjustmentDeps,
} from './adjustment-posting.ts';
import {
  findRequest,
  findRequestByKey,
  insertRequest,
  listRequests,
  updateRequest,
} from './adjustment-request.repository.ts';
import type { AdjustmentRequestRow } from './adjustment-request.table.ts';

/*
 * Adjustments above the merchant's adjustmentApprovalThreshold (issue 23 item 4): the requester's
 * POST /ops/wallet/adjustments opens a PENDING request; a *different* operator holding
 * balances.adjust approves it (the ledger moves once, under the request's own key) or rejects it.
 * Each step is audited in the transaction that makes it.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toAdjustmentRequest = (r: AdjustmentRequestRow): AdjustmentRequest => ({
  id: r.id,
  memberId: r.member_id,
  amount: r.amount,
  currency: r.currency,
  reason: r.reason,
  status: r.status,
  requestedBy: r.requested_by,
  requestedAt: r.requested_at.toISOString(),
  decidedBy: r.decided_by,
  decidedAt: iso(r.decided_at),
  decisionReason: r.decision_reason,
  transferId: r.transfer_id,
});

/**
 * A pending request for an adjustment above the threshold, in the caller's transaction, audited
 * (`wallet.adjust.request`). The same key again is the first request (replayed, no second audit
 * row); the same key with other data is idempotency_conflict.
 */
export async function openAdjustmentRequest(
  trx: DbOrTrx,
  deps: Pick<AdjustmentDeps, 'merchantCode' | 'ops'>,
  actor: OperatorActor,
  body: {
    memberId: number;
    amount: number;
    reason: string;
    idempotencyKey: string;
    currency: string;
    requestId: string | null;
  },
): Promise<{ request: AdjustmentRequest; replayed: boolean }> {
  const inserted = await insertRequest(trx, {
    merchant_code: deps.merchantCode,
    member_id: body.memberId,
    amount: body.amount,
    currency: body.currency,
    reason: body.reason,
    idempotency_key: body.idempotencyKey,
    requested_by_id: actor.id,
    requested_by: actor.username,
  });
  if (!inserted) {
    const first = await findRequestByKey(trx, deps.merchantCode, body.idempotencyKey);
    if (
      !first ||
      first.member_id !== body.memberId ||
      first.amount !== body.amount ||
      first.reason !== body.reason
    )
      throw new WalletError('idempotency_conflict');
    return { request: toAdjustmentRequest(first), replayed: true };
  }
  const request = toAdjustmentRequest(inserted);
  await deps.ops.audit(trx, {
    actor,
    action: 'wallet.adjust.request',
    subjectType: 'adjustment_request',
    subjectId: String(inserted.id),
    before: null,
    after: request,
    reason: body.reason,
    requestId: body.requestId,
  });
  return { request, replayed: false };
}

/** GET /ops/wallet/adjustment-requests */
export async function listAdjustmentRequests(
  db: DbOrTrx,
  merchantCode: string,
  q: z.output<typeof adjustmentRequestQuerySchema>,
) {
  const rows = await listRequests(db, {
    merchantCode,
    limit: q.limit,
    ...(q.status ? { status: q.status } : {}),
    ...(q.memberId !== undefined ? { memberId: q.memberId } : {}),
    ...(q.before !== undefined ? { before: q.before } : {}),
  });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(toAdjustmentRequest),
    next: rows.length > q.limit ? page.at(-1)!.id : null,
  };
}

/** The request locked for a decision: this merchant's, still PENDING. */
async function lockPending(trx: DbOrTrx, merchantCode: string, id: number) {
  const row = await findRequest(trx, merchantCode, id, true);
  if (!row) throw new AppError('not_found');
  if (row.status !== 'PENDING') throw new WalletError('adjustment_state_conflict', { status: row.status });
  return row;
}

/**
 * POST /ops/wallet/adjustment-requests/:id/approve: under the request's row lock, a different operator
 * than its requester (else 403 adjustment_self_approval) posts the adjustment under the ledger key
 * `ops-adjust-request:<merchant>:<id>` and marks it APPROVED, audited, in one transaction. A second
 * approval (even at the same moment: it waits for the lock) finds it decided: 409
 * adjustment_state_conflict, and the ledger moved once. A debit the balance no longer covers is
 * insufficient_funds and leaves the request pending.
 */
export async function approveAdjustmentRequest(
  deps: AdjustmentDeps,
  actor: OperatorActor,
  args: { id: number; reason?: string; requestId: string | null },
): Promise<AdjustmentRequest> {
  return inTransaction(deps.db, async (trx) => {
    const row = await lockPending(trx, deps.merchantCode, args.id);
    if (row.requested_by_id === actor.id) throw new WalletError('adjustment_self_approval');
    await adjustableMember(trx, deps, row.member_id);
    const moved = await postAdjustment(trx, {
      merchantCode: deps.merchantCode,
      memberId: row.member_id,
      currency: row.currency,
      amount: row.amount,
      ledgerKey: adjustmentRequestKey(deps.merchantCode, row.id),
      reference: `adjustment-request:${row.id}`,
    });
    const after = await updateRequest(trx, row.id, {
      status: 'APPROVED',
      decided_by: actor.username,
      decided_at: new Date(),
      decision_reason: args.reason || null,
      transfer_id: moved.transferId,
    });
    await deps.ops.audit(trx, {
      actor,
      action: 'wallet.adjust.approve',
      subjectType: 'adjustment_request',
      subjectId: String(row.id),
      before: { ...toAdjustmentRequest(row), balance: moved.balanceBefore },
      after: { ...toAdjustmentRequest(after), balance: moved.balanceAfter },
      reason: args.reason || row.reason,
      requestId: args.requestId,
    });
    return toAdjustmentRequest(after);
  });
}

/** POST /ops/wallet/adjustment-requests/:id/reject: PENDING -> REJECTED with a reason; nothing moves. */
export async function rejectAdjustmentRequest(
  deps: AdjustmentDeps,
  actor: OperatorActor,
  args: { id: number; reason: string; requestId: string | null },
): Promise<AdjustmentRequest> {
  return inTransaction(deps.db, async (trx) => {
    const row = await lockPending(trx, deps.merchantCode, args.id);
    const after = await updateRequest(trx, row.id, {
      status: 'REJECTED',
      decided_by: actor.username,
      decided_at: new Date(),
      decision_reason: args.reason,
    });
    await deps.ops.audit(trx, {
      actor,
      action: 'wallet.adjust.reject',
      subjectType: 'adjustment_request',
      subjectId: String(row.id),
      before: toAdjustmentRequest(row),
      after: toAdjustmentRequest(after),
      reason: args.reason,
      requestId: args.requestId,
    });
    return toAdjustmentRequest(after);
  });
}
