import type { z } from 'zod';
import type { OpsBulkApproveValue, opsWithdrawalQuerySchema } from '@banca/contract';
import { AppError, DomainError } from '../../../platform/http/app-error.ts';
import type { OperatorActor, OpsAccess } from '../../../ops-access.ts';
import { findMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';
import { askPayout } from './payout.service.ts';
import type { WithdrawDeps } from './withdrawal.deps.ts';
import { WithdrawError } from './withdrawal.errors.ts';
import {
  findProof,
  findWithdrawal,
  hasProof,
  listWithdrawals,
  updateWithdrawal,
} from './withdrawal.repository.ts';
import type { WithdrawalRow } from './withdrawal.table.ts';
import { toOps } from './withdrawal.views.ts';

/*
 * The finance desk's side of withdrawals (/ops, role finance): the list, approve (then the payout
 * rail is asked) or reject (the hold returns), and the member's proof image, every step audited.
 */

export type OpsWithdrawalQuery = z.output<typeof opsWithdrawalQuerySchema>;

/** GET /ops/wallet/withdrawals */
export async function listOpsWithdrawals(
  deps: Pick<WithdrawDeps, 'db'>,
  merchantCode: string,
  q: OpsWithdrawalQuery,
) {
  const rows = (
    await listWithdrawals(deps.db, {
      ...(q.memberId !== undefined ? { memberId: q.memberId } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.from ? { from: new Date(q.from) } : {}),
      ...(q.to ? { to: new Date(q.to) } : {}),
      ...(q.before !== undefined ? { before: q.before } : {}),
      ...(q.order === 'oldest' ? { oldestFirst: true } : {}),
      ...(q.after !== undefined ? { after: q.after } : {}),
      limit: q.limit,
    })
  ).filter((r) => r.merchant_code === merchantCode);
  const page = rows.slice(0, q.limit);
  const proofs = await hasProof(
    deps.db,
    page.map((r) => r.id),
  );
  return {
    items: page.map((r) => toOps(r, proofs.has(r.id))),
    next: rows.length > q.limit ? page.at(-1)!.id : null,
  };
}

async function decide(
  deps: WithdrawDeps,
  ops: OpsAccess,
  args: {
    id: number;
    merchantCode: string;
    actor: OperatorActor;
    action: 'approve' | 'reject';
    reason?: string;
  },
): Promise<WithdrawalRow> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findWithdrawal(trx, args.id, { lock: true });
    if (!before || before.merchant_code !== args.merchantCode) throw new AppError('not_found');
    if (before.status !== 'REQUESTED')
      throw new WithdrawError('withdrawal_state_conflict', { status: before.status });
    const now = deps.clock();
    let after: WithdrawalRow;
    if (args.action === 'approve') {
      after = await updateWithdrawal(trx, args.id, {
        status: 'APPROVED',
        approved_at: now,
        decided_by: args.actor.username,
      });
    } else {
      after = await updateWithdrawal(trx, args.id, {
        status: 'REJECTED',
        rejected_at: now,
        reject_reason: args.reason ?? null,
        decided_by: args.actor.username,
      });
      const wallet = await findMemberWallet(trx, before.member_id, before.currency);
      if (!wallet) throw new Error(`withdrawal ${before.id}: the member's wallet is gone`);
      const pending = await houseAccount(trx, before.merchant_code, 'WITHDRAWALS_PENDING', before.currency);
      await transfer(trx, {
        idempotencyKey: `withdrawal:return:${before.id}`,
        debitAccountId: pending.id,
        creditAccountId: wallet.id,
        amount: before.amount,
        kind: 'WITHDRAWAL_RETURN',
        reference: `withdrawal:${before.id}`,
      });
    }
    await ops.audit(trx, {
      actor: args.actor,
      action: `withdrawal.${args.action}`,
      subjectType: 'withdrawal',
      subjectId: String(args.id),
      before: toOps(before, false),
      after: toOps(after, false),
      reason: args.reason ?? null,
    });
    return after;
  });
}

/**
 * GET /ops/wallet/withdrawals/:id/proof: the member's "not received" image, for the finance desk. The
 * view is audited (who looked at which member's image) in the same transaction that reads it; a
 * withdrawal of another merchant, or one without a proof, is not_found.
 */
export async function viewProof(
  deps: Pick<WithdrawDeps, 'db'>,
  ops: Pick<OpsAccess, 'audit'>,
  args: { id: number; merchantCode: string; actor: OperatorActor; requestId?: string },
): Promise<{ contentType: 'image/png' | 'image/jpeg'; bytes: Buffer }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findWithdrawal(trx, args.id);
    const proof = row && row.merchant_code === args.merchantCode ? await findProof(trx, args.id) : undefined;
    if (!row || !proof) throw new AppError('not_found');
    await ops.audit(trx, {
      actor: args.actor,
      action: 'withdrawal.proof_view',
      subjectType: 'withdrawal',
      subjectId: String(args.id),
      before: null,
      after: { memberId: row.member_id, contentType: proof.content_type, bytes: proof.bytes.length },
      requestId: args.requestId ?? null,
    });
    return { contentType: proof.content_type, bytes: proof.bytes };
  });
}

/** POST /ops/wallet/withdrawals/:id/approve: the decision commits, then the payout rail is asked. */
export async function approveWithdrawal(
  deps: WithdrawDeps,
  ops: OpsAccess,
  args: { id: number; merchantCode: string; actor: OperatorActor; note?: string },
) {
  const approved = await decide(deps, ops, {
    ...args,
    action: 'approve',
    ...(args.note ? { reason: args.note } : {}),
  });
  const current = await askPayout({ ...deps, audit: ops.audit }, approved).catch(() => approved);
  return toOps(current, false);
}

/** POST /ops/wallet/withdrawals/:id/reject: the held amount returns to the member in the same transaction. */
export async function rejectWithdrawal(
  deps: WithdrawDeps,
  ops: OpsAccess,
  args: { id: number; merchantCode: string; actor: OperatorActor; reason: string },
) {
  return toOps(await decide(deps, ops, { ...args, action: 'reject' }), false);
}

/**
 * POST /ops/wallet/withdrawals/bulk-approve: each selected withdrawal is approved on its own (its
 * own transaction, audit row and payout ask, exactly as one approval), in the order asked. A refusal
 * of one (already decided, not found) is its line's `failed` with the code and stops nothing else.
 */
export async function bulkApproveWithdrawals(
  deps: WithdrawDeps,
  ops: OpsAccess,
  args: { ids: number[]; merchantCode: string; actor: OperatorActor; note?: string },
): Promise<OpsBulkApproveValue> {
  const results: OpsBulkApproveValue['results'] = [];
  for (const id of args.ids) {
    try {
      const w = await approveWithdrawal(deps, ops, {
        id,
        merchantCode: args.merchantCode,
        actor: args.actor,
        ...(args.note ? { note: args.note } : {}),
      });
      results.push({ id, outcome: 'approved', code: null, status: w.status });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const row = await findWithdrawal(deps.db, id);
      const status = row && row.merchant_code === args.merchantCode ? row.status : null;
      results.push({ id, outcome: 'failed', code: err.code, status });
    }
  }
  const approved = results.filter((r) => r.outcome === 'approved').length;
  return { results, approved, failed: results.length - approved };
}
