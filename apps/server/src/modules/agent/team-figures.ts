import type { Db } from '../../database.ts';
import { memberDaily } from '../reports/index.ts';

/** Rollup figures (reports' member rollups) of a set of members over merchant days, in one currency. */
export async function sumMembers(
  deps: { db: Db },
  ids: readonly number[],
  range: { from: string; to: string },
  currency: string,
) {
  const sums = {
    members: ids.length,
    active: 0,
    depositCount: 0,
    depositAmount: 0,
    withdrawalCount: 0,
    withdrawalAmount: 0,
    validBet: 0,
    profit: 0,
    bonusAmount: 0,
  };
  // memberDaily takes at most MEMBER_DAILY_MAX_MEMBERS ids at once: a large team in slices.
  const SLICE = 5_000;
  for (let i = 0; i < ids.length; i += SLICE) {
    const { members } = await memberDaily(deps.db, ids.slice(i, i + SLICE), range);
    for (const m of members) {
      if (m.currency !== currency) continue;
      if (m.activeDays > 0) sums.active += 1;
      sums.depositCount += m.depositCount;
      sums.depositAmount += m.depositAmount;
      sums.withdrawalCount += m.withdrawalCount;
      sums.withdrawalAmount += m.withdrawalAmount;
      sums.validBet += m.stake;
      sums.profit += m.profit;
      sums.bonusAmount += m.bonusAmount;
    }
  }
  return sums;
}
