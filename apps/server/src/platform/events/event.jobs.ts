import type { Kysely } from 'kysely';
import type { ScheduledJob } from '../jobs/scheduler.ts';
import { pruneEvents } from './event.repository.ts';
import type { EventTables } from './event.table.ts';

/**
 * Hourly: events every cursor has passed, older than the retention, go (event.repository.ts
 * pruneEvents says which are kept).
 */
export const eventPruneJob = <DB extends EventTables = EventTables>(retentionDays = 7): ScheduledJob<DB> => ({
  name: 'events.prune',
  everySeconds: 3600,
  run: async (db, now) => {
    const before = new Date(now.getTime() - retentionDays * 86_400_000);
    const removed = await pruneEvents(db as unknown as Kysely<EventTables>, before);
    return `removed ${removed} events recorded before ${before.toISOString()}`;
  },
});
