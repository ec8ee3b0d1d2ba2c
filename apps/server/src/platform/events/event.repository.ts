import { sql, type Kysely } from 'kysely';
import type { EventTables } from './event.table.ts';

/** The outbox's SQL outside the dispatcher's loop: recording an event, pruning passed ones. */

/** Inserts one domain event; answers its id. */
export async function insertDomainEvent(
  db: Kysely<EventTables>,
  row: { partition: number; key: string; name: string; payload: string },
): Promise<number> {
  const inserted = await db.insertInto('domain_event').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

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
