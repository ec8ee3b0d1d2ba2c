import type { Database } from './database.ts';
import { eventPruneJob } from './platform/events/event.jobs.ts';
import type { ScheduledJob } from './platform/jobs/scheduler.ts';
import { authCleanupJob } from './modules/session/index.ts';
import { gamesCleanupJob } from './modules/games/index.ts';
import { houseCleanupJob } from './modules/house-vendor/index.ts';

/** Every periodic job of the gateway that needs nothing of the running app; each module contributes
 *  its own `*.jobs.ts`. Jobs that need the app's pieces (the wallet's: payment and payout rails, the
 *  audit) come from the modules in app.ts. */
export const scheduledJobs: readonly ScheduledJob<Database>[] = [
  authCleanupJob,
  gamesCleanupJob,
  houseCleanupJob,
  eventPruneJob<Database>(),
];
