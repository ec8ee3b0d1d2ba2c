import type { ContractKind } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { paidToDownline } from './agent-contracts-ops.repository.ts';

export type ContractIncome = Record<ContractKind, number>;
export const noContractIncome = (): ContractIncome => ({ DIVIDEND: 0, DAILY: 0, HOURLY: 0, REALTIME: 0 });

/**
 * What the member was paid as a contract's downline (dividends, daily wages, hourly and real-time
 * salaries), by kind, in each period [bounds[i], bounds[i + 1]) by the moment the settlement paid it:
 * the agent module's income report (`contractIncome` seam). Debts an upline pays later are not in it.
 */
export async function contractIncomeByPeriod(
  db: DbOrTrx,
  memberId: number,
  bounds: readonly Date[],
): Promise<Map<number, ContractIncome>> {
  const out = new Map<number, ContractIncome>();
  if (bounds.length < 2) return out;
  const rows = await paidToDownline(db, memberId, bounds[0]!, bounds[bounds.length - 1]!);
  for (const r of rows) {
    const at = new Date(r.created_at).getTime();
    let lo = 0;
    let hi = bounds.length - 2;
    // The last period starting at or before the payment.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bounds[mid]!.getTime() <= at) lo = mid;
      else hi = mid - 1;
    }
    const sums = out.get(lo) ?? noContractIncome();
    sums[r.kind] += Number(r.paid);
    out.set(lo, sums);
  }
  return out;
}
