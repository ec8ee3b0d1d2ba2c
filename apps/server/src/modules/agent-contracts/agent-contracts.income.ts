import type { ContractKind } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { memberReferencedByPeriod } from '../wallet/index.ts';
import { paidToDownline } from './agent-contracts-ops.repository.ts';
import { DEBT_REPAYMENT_REFERENCE_PREFIX } from './agent-contracts.rules.ts';

export type ContractIncome = Record<ContractKind, number>;
export const noContractIncome = (): ContractIncome => ({ DIVIDEND: 0, DAILY: 0, HOURLY: 0, REALTIME: 0 });

/**
 * What the member was paid as a contract's downline (dividends, daily wages, hourly and real-time
 * salaries), by kind, in each period [bounds[i], bounds[i + 1]) by the moment the settlement paid it:
 * the agent module's income report (`contractIncome` seam). Debts an upline pays later are not in it:
 * they are `debtRepaymentsByPeriod`.
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

/** What debt repayments moved for the member in a period: received as creditor, withheld as debtor. */
export interface DebtRepayments {
  /** The late money its upline paid it (>= 0). */
  received: number;
  /** What its own contract credits paid towards its debts (>= 0; the report shows it as a deduction). */
  withheld: number;
}

/**
 * Debt repayments per period [bounds[i], bounds[i + 1]) by the moment the money moved (the ledger
 * transfers the settlement wrote for them): for the debtor, the part of a later credit that went to
 * pay an old debt; for the creditor, the late money received. The agent module's income report
 * (`debtRepayments` seam).
 */
export async function debtRepaymentsByPeriod(
  db: DbOrTrx,
  memberId: number,
  bounds: readonly Date[],
): Promise<Map<number, DebtRepayments>> {
  const out = new Map<number, DebtRepayments>();
  if (bounds.length < 2) return out;
  const rows = await memberReferencedByPeriod(db, {
    memberId,
    kind: 'AGENT_CONTRACT',
    referencePrefix: DEBT_REPAYMENT_REFERENCE_PREFIX,
    bounds,
  });
  for (const r of rows) {
    const sums = out.get(r.bucket) ?? { received: 0, withheld: 0 };
    if (r.side === 'credit') sums.received += r.amount;
    else sums.withheld += r.amount;
    out.set(r.bucket, sums);
  }
  return out;
}
