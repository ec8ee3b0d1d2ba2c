import type { DbOrTrx } from '../../../database.ts';
import { listCreditedDeposits } from '../deposits/deposit.repository.ts';
import { listMemberCreditsOfKind } from '../ledger/ledger.repository.ts';
import { listPaidWithdrawals } from '../withdrawals/withdrawal.repository.ts';

/*
 * What the reports module's rebuild reads of the wallet: the money facts its consumers learn one by
 * one from wallet.deposit-credited, wallet.withdrawal-paid and wallet.bonus-credited, in pages by id,
 * with the same amounts and instants the events carry.
 */

/** One money fact of a member, as the matching event carries it. */
export interface MoneyFact {
  /** The deposit's, withdrawal's or bonus transfer's id. */
  id: number;
  memberId: number;
  amount: number;
  currency: string;
  at: Date;
}

/** Credited deposits (paid amount, credited_at), by id after `afterId`. */
export async function creditedDepositsPage(
  db: DbOrTrx,
  merchantCode: string,
  afterId: number,
  limit: number,
): Promise<MoneyFact[]> {
  const rows = await listCreditedDeposits(db, merchantCode, afterId, limit);
  return rows.map((r) => ({
    id: r.id,
    memberId: r.member_id,
    amount: r.paid_amount ?? 0,
    currency: r.currency,
    at: r.credited_at!,
  }));
}

/** Paid withdrawals (amount, paid_at), by id after `afterId`. */
export async function paidWithdrawalsPage(
  db: DbOrTrx,
  merchantCode: string,
  afterId: number,
  limit: number,
): Promise<MoneyFact[]> {
  const rows = await listPaidWithdrawals(db, merchantCode, afterId, limit);
  return rows.map((r) => ({
    id: r.id,
    memberId: r.member_id,
    amount: r.amount,
    currency: r.currency,
    at: r.paid_at!,
  }));
}

/** Bonus credits (the BONUS transfers into member wallets, created_at), by transfer id after `afterId`. */
export async function bonusCreditsPage(
  db: DbOrTrx,
  merchantCode: string,
  afterId: number,
  limit: number,
): Promise<MoneyFact[]> {
  const rows = await listMemberCreditsOfKind(db, merchantCode, 'BONUS', afterId, limit);
  return rows.map((r) => ({
    id: r.id,
    memberId: r.member_id!,
    amount: r.amount,
    currency: r.currency,
    at: r.created_at,
  }));
}
