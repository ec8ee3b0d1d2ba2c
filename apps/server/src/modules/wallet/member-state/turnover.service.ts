import type { DbOrTrx } from '../../../database.ts';
import { readWalletSettings } from '../settings/wallet-settings.service.ts';
import { addTurnover, findMemberState, reduceTurnover } from './member-state.repository.ts';

/*
 * The turnover requirement: bonus money must be wagered the merchant's turnoverMultiple times before
 * the member may withdraw. One number per member, kept beside the ledger (wallet_member_state): bonus
 * credits raise it, valid bets lower it, and withdrawals and tree transfers are refused while it is
 * above zero. Callers pass their transaction, so the requirement commits with the money it follows.
 */

/**
 * Adds the requirement for `amount` minor units of bonus money just credited: amount times the
 * merchant's turnoverMultiple (read now, so a later change of the multiple does not rewrite debts
 * already owed). Returns the requirement added.
 */
export async function addTurnoverRequirement(
  trx: DbOrTrx,
  args: { memberId: number; merchantCode: string; amount: number },
): Promise<number> {
  if (!Number.isSafeInteger(args.amount) || args.amount <= 0) throw new Error('turnover: amount must be > 0');
  const { withdraw } = await readWalletSettings(trx, args.merchantCode);
  const required = args.amount * withdraw.turnoverMultiple;
  if (required > 0) await addTurnover(trx, args.memberId, required);
  return required;
}

/** Counts `amount` minor units of valid bets toward the requirement (never below zero). */
export async function recordTurnover(trx: DbOrTrx, memberId: number, amount: number): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('turnover: amount must be > 0');
  await reduceTurnover(trx, memberId, amount);
}

/** What is left to wager before a withdrawal (0: nothing). */
export async function turnoverRemaining(db: DbOrTrx, memberId: number): Promise<number> {
  return (await findMemberState(db, memberId))?.turnover_remaining ?? 0;
}
