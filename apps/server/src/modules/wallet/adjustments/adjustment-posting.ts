import { isTrialType, type AdjustmentValue } from '@banca/contract';
import type { Db, DbOrTrx } from '../../../database.ts';
import type { OpsAccess } from '../../../ops-access.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findMemberById } from '../../member/index.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';
import type { WalletDeps } from '../merchant-currency.ts';

export interface AdjustmentDeps extends Pick<WalletDeps, 'merchantCurrency'> {
  db: Db;
  merchantCode: string;
  ops: Pick<OpsAccess, 'audit'>;
}

/** The ledger's name for an operator's adjustment key: per merchant, apart from every other key. */
export const adjustmentKey = (merchantCode: string, key: string) => `ops-adjust:${merchantCode}:${key}`;

/** The ledger key of an approved adjustment request: one per request, apart from client keys. */
export const adjustmentRequestKey = (merchantCode: string, requestId: number) =>
  `ops-adjust-request:${merchantCode}:${requestId}`;

/** A member an operator may adjust: this merchant's, and not a trial account (play money only). */
export async function adjustableMember(
  db: DbOrTrx,
  deps: Pick<AdjustmentDeps, 'merchantCode'>,
  memberId: number,
) {
  const member = await findMemberById(db, memberId);
  if (!member || member.merchant_code !== deps.merchantCode || isTrialType(member.type)) {
    throw new AppError('not_found');
  }
  return member;
}

/**
 * The one ledger move of a manual adjustment, in the caller's transaction: a transfer between the
 * merchant's ADJUSTMENTS house account and the member's cash wallet (credit when amount > 0, debit
 * when < 0) under `ledgerKey`. A debit beyond the balance throws insufficient_funds and writes nothing.
 */
export async function postAdjustment(
  trx: DbOrTrx,
  args: {
    merchantCode: string;
    memberId: number;
    currency: string;
    amount: number;
    ledgerKey: string;
    reference: string;
  },
): Promise<AdjustmentValue> {
  const credit = args.amount > 0;
  const wallet = await ensureMemberWallet(trx, args.memberId, args.merchantCode, args.currency);
  const house = await houseAccount(trx, args.merchantCode, 'ADJUSTMENTS', args.currency);
  const result = await transfer(trx, {
    idempotencyKey: args.ledgerKey,
    debitAccountId: credit ? house.id : wallet.id,
    creditAccountId: credit ? wallet.id : house.id,
    amount: Math.abs(args.amount),
    kind: 'ADJUSTMENT',
    reference: args.reference,
  });
  const after = credit ? result.creditBalanceAfter : result.debitBalanceAfter;
  if (after === null) throw new Error(`ledger: transfer ${result.id} has no balance after`);
  return {
    transferId: result.id,
    memberId: args.memberId,
    amount: args.amount,
    currency: args.currency,
    balanceBefore: after - args.amount,
    balanceAfter: after,
    replayed: result.replayed,
  };
}
