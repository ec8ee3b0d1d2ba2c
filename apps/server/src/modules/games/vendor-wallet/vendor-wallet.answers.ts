import type { VendorAnswer } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import { findRound } from '../records/bet-record.repository.ts';
import { findTransfer } from '../../wallet/index.ts';
import { ledgerKey, VendorWalletError } from './vendor-wallet.context.ts';
import { findStoredTransaction, storeTransactionAnswer } from './vendor-wallet.repository.ts';
import type { VendorTransactionKind } from './vendor-wallet.table.ts';

/*
 * A transaction id's answers (service invariants 2 and 4): every retry gets the first accepted call's
 * answer back, stored with its row or, for a debit or a payout, its ledger transfer's; the same id
 * with other parameters, or a debit whose id a rollback claimed first (VOID), is refused; a round
 * statement that touched nothing says why.
 */

/** The first answer of a transaction id claimed before, or why this call cannot have it. */
export async function replay(
  trx: DbOrTrx,
  vendor: string,
  transactionId: string,
  kind: VendorTransactionKind,
  hash: string,
): Promise<VendorAnswer> {
  const stored = await findStoredTransaction(trx, vendor, transactionId);
  if (stored.kind === 'VOID') {
    throw new VendorWalletError(kind === 'DEBIT' ? 'transaction_rolled_back' : 'transaction_conflict');
  }
  if (stored.kind !== kind || stored.request_hash !== hash) {
    throw new VendorWalletError('transaction_conflict');
  }
  if (stored.answer) return stored.answer as VendorAnswer;
  // A debit's or a payout's answer is its ledger transfer's: the balance right after it.
  const moved =
    kind === 'DEBIT' || kind === 'CREDIT'
      ? await findTransfer(trx, ledgerKey(vendor, transactionId))
      : undefined;
  const balance = kind === 'DEBIT' ? moved?.debitBalanceAfter : moved?.creditBalanceAfter;
  if (!moved || balance === null || balance === undefined) {
    throw new VendorWalletError('transaction_conflict');
  }
  return { status: 'OK', balance, currency: moved.currency, transactionId, roundId: stored.round_id };
}

/** Stores `answer` as the transaction's first answer and gives it back. */
export async function storeAnswer(
  trx: DbOrTrx,
  vendor: string,
  transactionId: string,
  answer: VendorAnswer,
  amount?: number,
): Promise<VendorAnswer> {
  await storeTransactionAnswer(trx, vendor, transactionId, answer, amount);
  return answer;
}

/** Why a round statement touched nothing: unknown, another player's, or closed. */
export async function roundRefusal(
  trx: DbOrTrx,
  vendor: string,
  roundId: string,
  memberId: number,
): Promise<never> {
  const round = await findRound(trx, vendor, roundId);
  if (!round) throw new VendorWalletError('round_not_found');
  if (round.member_id !== memberId) throw new VendorWalletError('round_conflict');
  throw new VendorWalletError('round_closed');
}
