import type { Db } from '../../database.ts';
import { memberDaily, teamDaily } from '../reports/index.ts';

/** Figures of a set of members over merchant days, in one currency (minor units). */
export interface TeamSums {
  depositCount: number;
  depositAmount: number;
  withdrawalCount: number;
  withdrawalAmount: number;
  validBet: number;
  profit: number;
  bonusAmount: number;
}

const zero = (): TeamSums => ({
  depositCount: 0,
  depositAmount: 0,
  withdrawalCount: 0,
  withdrawalAmount: 0,
  validBet: 0,
  profit: 0,
  bonusAmount: 0,
});

/**
 * Each named agent's whole team (everyone below it) over a range of merchant days, in `currency`,
 * from the reports' team rollups: a few rows an agent whatever the team's size. `withSelf` adds the
 * agent's own figures (its member rollup) — a direct downline's line in the downline P&L is itself
 * and its team.
 */
export async function teamSums(
  deps: { db: Db },
  agentIds: readonly number[],
  range: { from: string; to: string },
  currency: string,
  options: { withSelf: boolean },
): Promise<Map<number, TeamSums>> {
  const out = new Map<number, TeamSums>(agentIds.map((id) => [id, zero()]));
  if (agentIds.length === 0) return out;
  const [teams, selves] = await Promise.all([
    teamDaily(deps.db, agentIds, range),
    options.withSelf ? memberDaily(deps.db, agentIds, range) : Promise.resolve({ members: [] }),
  ]);
  const rows = [
    ...teams.map((t) => ({ id: t.agentId, ...t })),
    ...selves.members.map((m) => ({ id: m.memberId, ...m })),
  ];
  for (const r of rows) {
    const s = out.get(r.id);
    if (!s || r.currency !== currency) continue;
    s.depositCount += r.depositCount;
    s.depositAmount += r.depositAmount;
    s.withdrawalCount += r.withdrawalCount;
    s.withdrawalAmount += r.withdrawalAmount;
    s.validBet += r.stake;
    s.profit += r.profit;
    s.bonusAmount += r.bonusAmount;
  }
  return out;
}
