import type { Database } from '../../../database.ts';
import type { ScheduledJob } from '../../../platform/jobs/scheduler.ts';
import { expireDeposits, reconcileDeposits, type DepositDeps } from './deposit.service.ts';

/**
 * The deposit jobs, each run once per period across all nodes (platform/jobs/scheduler.ts):
 * - wallet.expire-deposits (every minute): pending charges past their expiry become expired;
 * - wallet.reconcile-deposits (every 5 minutes): asks the provider about unpaid charges and credits
 *   the paid ones whose webhook never arrived.
 */
export function depositJobs(deps: DepositDeps): ScheduledJob<Database>[] {
  return [
    {
      name: 'wallet.expire-deposits',
      everySeconds: 60,
      run: async (db, now) => `expired ${await expireDeposits(db, now)}`,
    },
    {
      name: 'wallet.reconcile-deposits',
      everySeconds: 300,
      run: async (_db, now) => {
        const { asked, credited } = await reconcileDeposits(deps, now);
        return `asked ${asked}, credited ${credited}`;
      },
    },
  ];
}
