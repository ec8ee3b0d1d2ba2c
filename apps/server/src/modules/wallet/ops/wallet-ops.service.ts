import type { AdjustmentBody, AdjustmentResult, WalletSettings } from '@banca/contract';
import { ZodError } from 'zod';
import type { Db } from '../../../database.ts';
import type { OperatorActor, OpsAccess } from '../../../ops-access.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { readWalletSettings, type WalletSettingsService } from '../settings/wallet-settings.service.ts';
import { findRequestByKey } from '../adjustments/adjustment-request.repository.ts';
import { findMemberWallet } from '../ledger/ledger.service.ts';
import { WalletError } from '../wallet.errors.ts';
import {
  adjustableMember,
  adjustmentKey,
  postAdjustment,
  type AdjustmentDeps,
} from '../adjustments/adjustment-posting.ts';
import { openAdjustmentRequest } from '../adjustments/adjustment-request.service.ts';

/**
 * POST /ops/wallet/adjustments. At or below the merchant's adjustmentApprovalThreshold (either sign):
 * one ledger transfer and its audit row with the balance before and after, in one transaction
 * (`outcome: posted`). Above it: a pending adjustment request, audited, that another operator holding
 * balances.adjust approves or rejects (`outcome: pending`; adjustment-request.service.ts). A debit
 * beyond the balance is refused with insufficient_funds and writes nothing. The same idempotency key
 * again returns the first result (replayed: true) and writes nothing, not even a second audit row;
 * with other data, idempotency_conflict.
 */
export async function adjustBalance(
  deps: AdjustmentDeps,
  actor: OperatorActor,
  body: AdjustmentBody,
  requestId: string | null,
): Promise<AdjustmentResult> {
  const member = await adjustableMember(deps.db, deps, body.memberId);
  const { currency } = await deps.merchantCurrency(deps.merchantCode);
  return inTransaction(deps.db, async (trx) => {
    const { adjustmentApprovalThreshold: threshold } = await readWalletSettings(trx, deps.merchantCode);
    const earlier = await findRequestByKey(trx, deps.merchantCode, body.idempotencyKey);
    if (earlier || Math.abs(body.amount) > threshold) {
      // A debit the balance does not cover now is refused now: nothing to approve that cannot be paid
      // (the approval checks again, as the balance may change while it waits).
      if (!earlier && body.amount < 0) {
        const wallet = await findMemberWallet(trx, member.id, currency);
        if ((wallet?.balance ?? 0) < -body.amount) throw new WalletError('insufficient_funds');
      }
      const { request, replayed } = await openAdjustmentRequest(trx, deps, actor, {
        ...body,
        memberId: member.id,
        currency,
        requestId,
      });
      return { outcome: 'pending', request, threshold, replayed };
    }
    const value = await postAdjustment(trx, {
      merchantCode: deps.merchantCode,
      memberId: member.id,
      currency,
      amount: body.amount,
      ledgerKey: adjustmentKey(deps.merchantCode, body.idempotencyKey),
      reference: `adjustment:${body.idempotencyKey}`,
    });
    if (!value.replayed) {
      await deps.ops.audit(trx, {
        actor,
        action: 'wallet.adjust',
        subjectType: 'member',
        subjectId: String(member.id),
        before: { balance: value.balanceBefore, currency },
        after: { balance: value.balanceAfter, currency, amount: body.amount, transferId: value.transferId },
        reason: body.reason,
        requestId,
      });
    }
    return { outcome: 'posted', ...value };
  });
}

/** A settings change whose merged result breaks the schema: invalid_input with the fields at fault. */
function invalidSettings(err: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) fields[issue.path.join('.') || '_'] = issue.code;
  return new AppError('invalid_input', { fields });
}

/**
 * PUT /ops/wallet/settings: merges the change into the stored settings and audits the document before
 * and after, in one transaction. A result the schema refuses is invalid_input and writes nothing.
 */
export function changeWalletSettings(
  deps: { db: Db; merchantCode: string; settings: WalletSettingsService; ops: Pick<OpsAccess, 'audit'> },
  actor: OperatorActor,
  change: Record<string, unknown>,
  requestId: string | null,
): Promise<WalletSettings> {
  return inTransaction(deps.db, async (trx) => {
    let result: { before: WalletSettings; after: WalletSettings };
    try {
      result = await deps.settings.update(trx, deps.merchantCode, change as never);
    } catch (err) {
      throw err instanceof ZodError ? invalidSettings(err) : err;
    }
    await deps.ops.audit(trx, {
      actor,
      action: 'wallet.settings',
      subjectType: 'wallet_settings',
      subjectId: deps.merchantCode,
      before: result.before,
      after: result.after,
      requestId,
    });
    return result.after;
  });
}
