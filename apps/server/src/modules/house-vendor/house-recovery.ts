import type { Database, DbOrTrx } from '../../database.ts';
import type { ScheduledJob } from '../../platform/jobs/scheduler.ts';
import type { GatewayWallet } from './gateway-wallet.ts';
import { rollBackDebit, sendCredit } from './house-play.service.ts';
import { listOpenRoundsBefore } from './house-vendor.repository.ts';

/*
 * Finishes rounds a failure left open (house-play.service.ts): a round whose debit the gateway
 * confirmed gets its credit re-sent (same transaction id, so at most one is ever applied) until the
 * gateway confirms; a round whose debit was never confirmed is rolled back (the gateway refunds it if
 * it did arrive, or remembers the rollback so a late copy of the debit is refused). Rounds younger
 * than `graceMs` are left to the request still playing them.
 */

interface RecoveryResult {
  credited: number;
  rolledBack: number;
  failed: number;
}

export async function recoverHouseRounds(
  db: DbOrTrx,
  wallet: GatewayWallet,
  now = new Date(),
  graceMs = 30_000,
  batch = 100,
): Promise<RecoveryResult> {
  const rows = await listOpenRoundsBefore(db, new Date(now.getTime() - graceMs), batch);
  const result: RecoveryResult = { credited: 0, rolledBack: 0, failed: 0 };
  for (const row of rows) {
    try {
      if (row.status === 'debited') {
        const done = await sendCredit({ db, wallet }, row);
        if (done.status === 'settled') result.credited += 1;
      } else {
        const done = await rollBackDebit({ db, wallet }, row);
        if (done.status === 'rolled_back') result.rolledBack += 1;
        else result.failed += 1;
      }
    } catch {
      // Still unreachable: the next run tries again (attempts counts the tries).
      result.failed += 1;
    }
  }
  return result;
}

/** Every 15 s, once across nodes (the scheduler's claim). */
export const houseRecoveryJob = (wallet: GatewayWallet): ScheduledJob<Database> => ({
  name: 'house.recover-rounds',
  everySeconds: 15,
  run: async (db, now) => {
    const r = await recoverHouseRounds(db, wallet, now);
    return `credited=${r.credited} rolled_back=${r.rolledBack} failed=${r.failed}`;
  },
});
