import { isTrialType, type AdjustmentBody, type AdjustmentValue, type WalletSettings } from '@banca/contract';
import { ZodError } from 'zod';
import type { Db } from '../../../database.ts';
import type { OperatorActor, OpsAccess } from '../../../ops-access.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { findMemberById } from '../../member/index.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';
import type { WalletDeps } from '../merchant-currency.ts';
import type { WalletSettingsService } from '../settings/wallet-settings.service.ts';

export interface AdjustmentDeps extends Pick<WalletDeps, 'merchantCurrency'> {
  db: Db;
  merchantCode: string;
  ops: Pick<OpsAccess, 'audit'>;
}

/** The ledger's name for an operator's adjustment key: per merchant, apart from every other key. */
export const adjustmentKey = (merchantCode: string, key: string) => `ops-adjust:${merchantCode}:${key}`;

/**
 * POST /ops/wallet/adjustments: one ledger transfer between the merchant's ADJUSTMENTS house account
 * and the member's cash wallet (credit when amount > 0, debit when < 0), and its audit row with the
 * balance before and after, in one transaction. A debit beyond the balance is refused with
 * insufficient_funds and writes nothing. The same idempotency key again returns the first result
 * (replayed: true) and writes nothing, not even a second audit row; with other data, idempotency_conflict.
 */
export async function adjustBalance(
  deps: AdjustmentDeps,
  actor: OperatorActor,
  body: AdjustmentBody,
  requestId: string | null,
): Promise<AdjustmentValue> {
  const member = await findMemberById(deps.db, body.memberId);
  // Trial accounts hold play money only: nothing an operator should move by hand.
  if (!member || member.merchant_code !== deps.merchantCode || isTrialType(member.type)) {
    throw new AppError('not_found');
  }
  const { currency } = await deps.merchantCurrency(deps.merchantCode);
  const credit = body.amount > 0;
  const amount = Math.abs(body.amount);
  return inTransaction(deps.db, async (trx) => {
    const wallet = await ensureMemberWallet(trx, member.id, deps.merchantCode, currency);
    const house = await houseAccount(trx, deps.merchantCode, 'ADJUSTMENTS', currency);
    const result = await transfer(trx, {
      idempotencyKey: adjustmentKey(deps.merchantCode, body.idempotencyKey),
      debitAccountId: credit ? house.id : wallet.id,
      creditAccountId: credit ? wallet.id : house.id,
      amount,
      kind: 'ADJUSTMENT',
      reference: `adjustment:${body.idempotencyKey}`,
    });
    const after = credit ? result.creditBalanceAfter : result.debitBalanceAfter;
    if (after === null) throw new Error(`ledger: transfer ${result.id} has no balance after`);
    const value: AdjustmentValue = {
      transferId: result.id,
      memberId: member.id,
      amount: body.amount,
      currency,
      balanceBefore: after - body.amount,
      balanceAfter: after,
      replayed: result.replayed,
    };
    if (!result.replayed) {
      await deps.ops.audit(trx, {
        actor,
        action: 'wallet.adjust',
        subjectType: 'member',
        subjectId: String(member.id),
        before: { balance: value.balanceBefore, currency },
        after: { balance: value.balanceAfter, currency, amount: body.amount, transferId: result.id },
        reason: body.reason,
        requestId,
      });
    }
    return value;
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
