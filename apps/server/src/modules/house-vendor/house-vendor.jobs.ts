import type { Database } from '../../database.ts';
import type { ScheduledJob } from '../../platform/jobs/scheduler.ts';
import { deleteExpiredHouseSessions } from './house-session.ts';

/** A day past its expiry a house session is gone (its player session outlives it at the gateway). */
const GRACE_MS = 24 * 3_600_000;

export const houseCleanupJob: ScheduledJob<Database> = {
  name: 'house.cleanup-expired',
  everySeconds: 3600,
  run: async (db, now) =>
    `house_session=${await deleteExpiredHouseSessions(db, new Date(now.getTime() - GRACE_MS))}`,
};
