import type { PayoutFailReason } from '@banca/contract';
import type { OperatorActor } from '../../../ops-access.ts';
import { findMemberWallet, houseAccount, inTransaction, transfer } from '../ledger/ledger.service.ts';
import { recordEvent } from '../../../platform/events/event-catalogue.ts';
import { walletWithdrawalPaid } from '../wallet.events.ts';
import { PayoutRefusedError } from './payout-provider.ts';
import type { PayoutDeps } from './withdrawal.deps.ts';
import {
  findWithdrawal,
  listApprovedUnpaid,
  storeProviderRef,
  updateWithdrawal,
} from './withdrawal.repository.ts';
import type { WithdrawalRow } from './withdrawal.table.ts';
import { toOps } from './withdrawal.views.ts';

/*
 * The payout rail's side of withdrawals: an approved withdrawal is asked for once, then settled by
 * what the rail says (paid: the money leaves the house; failed: it returns to the member).
 */

/** Who the audit names for what the payout rail decided (no operator did it). */
export const PAYOUT_RAIL_ACTOR: OperatorActor = { id: 0, username: 'payout-rail', role: 'finance' };

/** Asks the rail to pay an approved withdrawal (once: the first reference is kept). A refusal by the
 *  rail fails the withdrawal (the money goes back); any other error leaves it for the next sync. */
export async function askPayout(deps: PayoutDeps, row: WithdrawalRow): Promise<WithdrawalRow> {
  if (row.provider_ref) return row;
  let providerRef: string;
  try {
    ({ providerRef } = await deps.payouts.requestPayout({
      reference: `withdrawal:${row.id}`,
      amount: row.amount,
      currency: row.currency,
      keyType: row.key_type,
      key: row.key_value,
      payeeName: row.payee_name,
    }));
  } catch (err) {
    if (!(err instanceof PayoutRefusedError)) throw err;
    await failPayout(deps, row.id, err.reason);
    return (await findWithdrawal(deps.db, row.id))!;
  }
  const stored = await storeProviderRef(deps.db, row.id, providerRef);
  return stored ?? (await findWithdrawal(deps.db, row.id))!;
}

/**
 * The rail did not pay an approved withdrawal: APPROVED -> FAILED with the rail's reason, the held
 * amount back to the member (WITHDRAWALS_PENDING -> member, keyed `withdrawal:return:<id>` like a
 * rejection, so the money can come back once whatever path gets there first) and an audit row naming
 * the payout rail, in one transaction under the row lock. Any other state changes nothing. Returns
 * true when this call failed it.
 */
export async function failPayout(deps: PayoutDeps, id: number, reason: PayoutFailReason): Promise<boolean> {
  return inTransaction(deps.db, async (trx) => {
    const before = await findWithdrawal(trx, id, { lock: true });
    if (!before || before.status !== 'APPROVED') return false;
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
    const after = await updateWithdrawal(trx, id, {
      status: 'FAILED',
      failed_at: deps.clock(),
      fail_reason: reason,
    });
    await deps.audit?.(trx, {
      actor: PAYOUT_RAIL_ACTOR,
      action: 'withdrawal.payout_failed',
      subjectType: 'withdrawal',
      subjectId: String(id),
      before: toOps(before, false),
      after: toOps(after, false),
      reason,
    });
    return true;
  });
}

/**
 * Settles an approved withdrawal by what the rail says: PAID -> APPROVED -> PAID and the payout move
 * WITHDRAWALS_PENDING -> PAYMENT_CLEARING, in one transaction under the row lock; FAILED ->
 * failPayout. Anything else (pending, already paid, rejected) changes nothing. Returns what this call
 * did.
 */
export async function settlePayout(deps: PayoutDeps, id: number): Promise<'paid' | 'failed' | null> {
  const row = await findWithdrawal(deps.db, id);
  if (!row || row.status !== 'APPROVED' || !row.provider_ref) return null;
  const state = await deps.payouts.getPayout(row.provider_ref);
  if (state.status === 'FAILED')
    return (await failPayout(deps, id, state.reason ?? 'payout_refused')) ? 'failed' : null;
  if (state.status !== 'PAID') return null;
  const paid = await inTransaction(deps.db, async (trx) => {
    const current = await findWithdrawal(trx, id, { lock: true });
    if (!current || current.status !== 'APPROVED') return false;
    const pending = await houseAccount(trx, current.merchant_code, 'WITHDRAWALS_PENDING', current.currency);
    const clearing = await houseAccount(trx, current.merchant_code, 'PAYMENT_CLEARING', current.currency);
    await transfer(trx, {
      idempotencyKey: `withdrawal:payout:${current.id}`,
      debitAccountId: pending.id,
      creditAccountId: clearing.id,
      amount: current.amount,
      kind: 'WITHDRAWAL_PAYOUT',
      reference: `withdrawal:${current.id}`,
    });
    const paidAt = deps.clock();
    await updateWithdrawal(trx, id, { status: 'PAID', paid_at: paidAt });
    await recordEvent(
      trx,
      walletWithdrawalPaid,
      {
        memberId: current.member_id,
        amount: current.amount,
        currency: current.currency,
        withdrawalId: current.id,
        at: paidAt.toISOString(),
      },
      { key: current.member_id },
    );
    return true;
  });
  return paid ? 'paid' : null;
}

/** The payout sync (a job and the sandbox's timer): asks the rail for approved withdrawals without a
 *  reference yet, and settles those it reports paid or failed. */
export async function syncPayouts(
  deps: PayoutDeps,
  limit = 200,
): Promise<{ asked: number; paid: number; failed: number }> {
  let asked = 0;
  let paid = 0;
  let failed = 0;
  for (const row of await listApprovedUnpaid(deps.db, limit)) {
    let current = row;
    if (!current.provider_ref) {
      current = await askPayout(deps, current);
      asked++;
    }
    const outcome = await settlePayout(deps, current.id);
    if (outcome === 'paid') paid++;
    if (outcome === 'failed') failed++;
  }
  return { asked, paid, failed };
}
