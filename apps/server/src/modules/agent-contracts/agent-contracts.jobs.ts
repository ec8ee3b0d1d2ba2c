import { CONTRACT_KINDS } from '@banca/contract';
import type { Database } from '../../database.ts';
import type { ScheduledJob } from '../../platform/jobs/scheduler.ts';
import { settleKind, type SettlementDeps } from './agent-contracts.settlement.ts';

/** Settlement runs every hour by default (config AGENT_SETTLEMENT_SECONDS shortens it for e2e): each run
 *  settles the last whole period of every contract in force; periods already settled move nothing. */
export const AGENT_SETTLEMENT_SECONDS = 3600;

export function agentContractJobs(
  deps: Omit<SettlementDeps, 'db'>,
  everySeconds: number = AGENT_SETTLEMENT_SECONDS,
): ScheduledJob<Database>[] {
  return [
    {
      name: 'agent-contracts.settle',
      everySeconds,
      run: async (db, now) => {
        const parts: string[] = [];
        for (const kind of CONTRACT_KINDS) {
          const r = await settleKind({ ...deps, db }, kind, now);
          if (r.contracts > 0)
            parts.push(`${kind} ${r.settled}/${r.contracts} paid ${r.paid} debt ${r.debt}`);
        }
        return parts.join('; ') || 'no contracts';
      },
    },
  ];
}
