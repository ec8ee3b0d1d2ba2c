import { CONTRACT_KINDS, type ContractKind } from '@banca/contract';
import type { Database } from '../../database.ts';
import type { ScheduledJob } from '../../platform/jobs/scheduler.ts';
import type { SettlementClockAhead } from './agent-contracts.clock-ahead.ts';
import { pruneRounds } from './agent-contracts.repository.ts';
import { settleKind, type SettlementDeps } from './agent-contracts.settlement.ts';

/** Daily wages and dividends settle every hour by default (config AGENT_SETTLEMENT_SECONDS shortens it
 *  for e2e): each run settles the last whole period of every contract in force; periods already
 *  settled move nothing. */
export const AGENT_SETTLEMENT_SECONDS = 3600;
/** Hourly and real-time salaries every 5 minutes by default (AGENT_SALARY_SETTLEMENT_SECONDS): each run
 *  settles their closed periods (hours, 5-minute periods) that have no settlement yet. */
export const AGENT_SALARY_SETTLEMENT_SECONDS = 300;
/** Real-time rounds are kept this long (settlement looks back 2 hours). */
const ROUNDS_KEPT_MS = 2 * 86_400_000;

const PERIOD_KINDS = CONTRACT_KINDS.filter((k) => k === 'DIVIDEND' || k === 'DAILY');
const SALARY_KINDS: ContractKind[] = ['HOURLY', 'REALTIME'];

async function runKinds(
  deps: SettlementDeps,
  kinds: readonly ContractKind[],
  now: Date,
  ahead: SettlementClockAhead | undefined,
): Promise<string> {
  const parts: string[] = [];
  // Every contract at the scheduler's clock, then the contracts a journey set ahead (development
  // only, agent-contracts.clock-ahead.ts) at theirs: those only.
  const runs = [
    { at: now, only: undefined as number[] | undefined, label: '' },
    ...(ahead?.groups() ?? []).map((g) => ({
      at: new Date(now.getTime() + g.aheadMs),
      only: g.contractIds,
      label: ` (${g.aheadMs / 1000} s ahead)`,
    })),
  ];
  for (const run of runs)
    for (const kind of kinds) {
      const r = await settleKind(deps, kind, run.at, run.only);
      if (r.contracts > 0)
        parts.push(`${kind}${run.label} ${r.settled}/${r.contracts} paid ${r.paid} debt ${r.debt}`);
    }
  return parts.join('; ') || 'no contracts';
}

/** The two jobs; `ahead`: the contracts a journey set ahead of the clock (development only). */
export function agentContractJobs(
  deps: Omit<SettlementDeps, 'db'>,
  everySeconds: number = AGENT_SETTLEMENT_SECONDS,
  salaryEverySeconds: number = AGENT_SALARY_SETTLEMENT_SECONDS,
  ahead?: SettlementClockAhead,
): ScheduledJob<Database>[] {
  return [
    {
      name: 'agent-contracts.settle',
      everySeconds,
      run: (db, now) => runKinds({ ...deps, db }, PERIOD_KINDS, now, ahead),
    },
    {
      name: 'agent-contracts.settle-salaries',
      everySeconds: salaryEverySeconds,
      run: async (db, now) => {
        const summary = await runKinds({ ...deps, db }, SALARY_KINDS, now, ahead);
        await pruneRounds(db, new Date(now.getTime() - ROUNDS_KEPT_MS));
        return summary;
      },
    },
  ];
}
