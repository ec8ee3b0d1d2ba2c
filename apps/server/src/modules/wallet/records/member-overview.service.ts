import type { DepositSummary, RecordEntry, Withdrawal } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import { listMemberDeposits } from '../deposits/deposit.repository.ts';
import { summaryOf } from '../deposits/deposit.service.ts';
import { listWithdrawals } from '../withdrawals/withdrawal.repository.ts';
import { toWithdrawal } from '../withdrawals/withdrawal.views.ts';
import { memberAccounts } from './wallet-record.repository.ts';
import { listRecord } from './wallet-record.service.ts';

/**
 * The wallet's part of the back office's member profile: the balance of each of the member's
 * wallets, the account record's newest lines, and the newest deposits and withdrawals, read as the
 * member's own pages read them.
 */
export async function memberMoneyOverview(
  db: DbOrTrx,
  memberId: number,
  limit = 20,
): Promise<{
  balances: { wallet: string; currency: string; balance: number }[];
  ledger: RecordEntry[];
  deposits: DepositSummary[];
  withdrawals: Withdrawal[];
}> {
  const [accounts, record, deposits, withdrawals] = await Promise.all([
    memberAccounts(db, memberId),
    listRecord(db, memberId, { limit }),
    listMemberDeposits(db, memberId, limit),
    listWithdrawals(db, { memberId, limit: limit - 1 }),
  ]);
  return {
    balances: accounts.map((a) => ({
      wallet: a.currency === 'XPL' ? 'PLAY' : a.wallet,
      currency: a.currency,
      balance: Number(a.balance),
    })),
    ledger: record.items,
    deposits: deposits.map(summaryOf),
    withdrawals: withdrawals.map(toWithdrawal),
  };
}
