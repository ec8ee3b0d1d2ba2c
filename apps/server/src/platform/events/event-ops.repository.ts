import { sql, type Kysely } from 'kysely';
import type { EventTables } from './event.table.ts';

/**
 * What the back office's Events page reads beyond the lag (event-lag.repository.ts): retries in
 * progress, dead letters waiting for a re-drive, and the latest dead letters. Small indexed reads
 * on demand, never on the dispatcher's path.
 */

type Db = Kysely<EventTables>;

/** Cursors whose head event is failing and waits for its next try. */
export const retryingCursors = (db: Db, consumers: readonly string[]) =>
  db
    .selectFrom('event_cursor')
    .select(['consumer', 'partition', 'attempts', 'last_error', 'next_attempt_at'])
    .where('consumer', 'in', [...consumers])
    .where('attempts', '>', 0)
    .orderBy('consumer')
    .orderBy('partition')
    .execute();

/** Dead letters asked to be re-driven and not yet run, per consumer. */
export async function redrivesWaiting(db: Db, consumers: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('event_dead_letter')
    .select(['consumer', sql<number>`count(*)::int`.as('n')])
    .where('consumer', 'in', [...consumers])
    .where('status', '=', 'redrive')
    .groupBy('consumer')
    .execute();
  return new Map(rows.map((r) => [r.consumer, r.n]));
}

/**
 * The latest dead letters of these consumers: those still dead first, then those asked to run again,
 * then those a re-drive resolved; newest first within each.
 */
export const latestDeadLetters = (db: Db, consumers: readonly string[], limit: number) =>
  db
    .selectFrom('event_dead_letter as d')
    .innerJoin('domain_event as e', 'e.id', 'd.event_id')
    .select([
      'd.consumer',
      'd.event_id',
      'd.status',
      'd.attempts',
      'd.last_error',
      'd.dead_at',
      'd.resolved_at',
      'e.name',
      'e.key',
      'e.recorded_at',
    ])
    .where('d.consumer', 'in', [...consumers])
    .orderBy(sql`case d.status when 'dead' then 0 when 'redrive' then 1 else 2 end`)
    .orderBy('d.dead_at', 'desc')
    .orderBy('d.event_id', 'desc')
    .limit(limit)
    .execute();

/** The id of the latest recorded event of this name and key (the dev route that dead-letters one). */
export async function latestEventId(db: Db, name: string, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('domain_event')
    .select('id')
    .where('name', '=', name)
    .where('key', '=', key)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
