import type { Database } from './database.ts';
import { eventPruneJob } from './platform/events/event.jobs.ts';
import type { ScheduledJob } from './platform/jobs/scheduler.ts';
import { authCleanupJob } from './modules/session/index.ts';
import { payoutProviderFor, payoutSyncJob, withdrawAutoConfirmJob } from './modules/wallet/index.ts';

/** Every periodic job of the gateway; each module contributes its own `*.jobs.ts`. */
export const scheduledJobs: readonly ScheduledJob<Database>[] = [
  authCleanupJob,
  eventPruneJob<Database>(),
  payoutSyncJob(payoutProviderFor(process.env.NODE_ENV === 'production')),
  withdrawAutoConfirmJob,
];
