import type { Database, Db } from '../../database.ts';
import type { ScheduledJob } from '../../platform/jobs/scheduler.ts';
import { deleteExpiredVerifications } from '../verification/index.ts';
import { deleteExpiredRows } from './session.repository.ts';

const HOUR_MS = 3_600_000;

/**
 * How long a row outlives its expiry before the clean-up removes it. Short-lived secrets (captchas,
 * codes, challenges, sign-in states) are useless once expired; a day of slack keeps them for anyone
 * looking into a complaint about "my code did not work". Sessions stay a week past their absolute
 * expiry, so a member's recent sign-ins can still be looked into; the audit table is never purged here.
 */
export const CLEANUP_GRACE_HOURS = { shortLived: 24, session: 24 * 7 } as const;

/** Deletes expired captchas, verification codes, login challenges, social sign-in states and sessions. */
export async function cleanupExpiredAuthRows(db: Db, now: Date): Promise<Record<string, number>> {
  const shortLivedCutoff = new Date(now.getTime() - CLEANUP_GRACE_HOURS.shortLived * HOUR_MS);
  const sessionCutoff = new Date(now.getTime() - CLEANUP_GRACE_HOURS.session * HOUR_MS);
  // Captchas and codes through the verification module, which owns them; verification_code before
  // login_challenge: codes of a challenge cascade anyway, this just counts them under their own name.
  const removed: Record<string, number> = { ...(await deleteExpiredVerifications(db, shortLivedCutoff)) };
  for (const table of ['login_challenge', 'social_login_state'] as const) {
    removed[table] = await deleteExpiredRows(db, table, shortLivedCutoff);
  }
  removed.session = await deleteExpiredRows(db, 'session', sessionCutoff);
  return removed;
}

export const authCleanupJob: ScheduledJob<Database> = {
  name: 'auth.cleanup-expired',
  everySeconds: 3600,
  run: async (db, now) => {
    const removed = await cleanupExpiredAuthRows(db, now);
    return Object.entries(removed)
      .map(([table, n]) => `${table}=${n}`)
      .join(' ');
  },
};
