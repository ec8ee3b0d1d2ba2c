import { sql, type Kysely } from 'kysely';
import type { ScheduledJob } from '../jobs/scheduler.ts';
import type { EventTables } from './event.table.ts';

/**
 * Removes events every consumer cursor has passed once they are older than the retention, so the
 * outbox stays small. An event some consumer dead-lettered is kept until that row is deleted (it
 * may be re-driven). Cursors of a consumer that no longer exists hold events back: delete that
 * consumer's event_cursor rows when removing it. A consumer added later starts from the oldest
 * event still kept.
 */
export async function pruneEvents(
  dbOrTrx: Kysely<EventTables>,
  recordedBefore: Date,
  limit = 10_000,
): Promise<number> {
  const result = await dbOrTrx
    .deleteFrom('domain_event')
    .where(
      'id',
      'in',
      dbOrTrx
        .selectFrom('domain_event as e')
        .select('e.id')
        .where('e.recorded_at', '<', recordedBefore)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('event_cursor as c')
                .select('c.consumer')
                .whereRef('c.partition', '=', 'e.partition')
                .where(sql<boolean>`(c.tx, c.event_id) < (e.tx, e.id)`),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('event_dead_letter as d').select('d.consumer').whereRef('d.event_id', '=', 'e.id'),
            ),
          ),
        )
        .orderBy('e.id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const eventPruneJob = <DB extends EventTables = EventTables>(retentionDays = 7): ScheduledJob<DB> => ({
  name: 'events.prune',
  everySeconds: 3600,
  run: async (db, now) => {
    const before = new Date(now.getTime() - retentionDays * 86_400_000);
    const removed = await pruneEvents(db as unknown as Kysely<EventTables>, before);
    return `removed ${removed} events recorded before ${before.toISOString()}`;
  },
});
