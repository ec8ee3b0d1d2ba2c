import type { Database } from './platform/db/database.ts';
import type { Consumer } from './platform/events/event-catalogue.ts';
import { eventPruneJob } from './platform/events/event.jobs.ts';
import type { ScheduledJob } from './platform/jobs/scheduler.ts';
import { authCleanupJob } from './modules/session/session.jobs.ts';

/** Every periodic job of the gateway; each module contributes its own `*.jobs.ts`. */
export const scheduledJobs: readonly ScheduledJob[] = [authCleanupJob, eventPruneJob()];

/** Every domain-event consumer of the gateway (platform/events); each module contributes its own. */
export const eventConsumers: readonly Consumer<Database>[] = [];
