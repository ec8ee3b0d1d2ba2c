import { sql, type Kysely } from 'kysely';
import type { EventTables } from './event.table.ts';

/** How far behind one consumer is, read from the outbox tables (shared by every node). */
export interface ConsumerLag {
  consumer: string;
  /**
   * Age in seconds of the oldest event not yet handled by this consumer (the first event after its
   * cursor, over all partitions); 0 when it has caught up.
   */
  lagSeconds: number;
  /** Events given up on for this consumer and not re-driven (status dead). */
  deadLetters: number;
}

/**
 * The lag and dead letters of `consumers`, in two statements. Each cursor's head event is one probe
 * of the dispatcher's own index (partition, tx, id), so the cost is consumers x partitions index
 * look-ups whatever the table's size: cheap enough for every scrape. Read at scrape time rather than
 * counted by the dispatcher, so its pass (run after every write request) does no extra work.
 */
export async function consumerLag<DB extends EventTables>(
  dbOf: Kysely<DB>,
  consumers: readonly string[],
): Promise<ConsumerLag[]> {
  if (consumers.length === 0) return [];
  const db = dbOf as unknown as Kysely<EventTables>;
  const { rows: heads } = await sql<{ consumer: string; lag_seconds: number | string | null }>`
    select c.consumer,
           max(extract(epoch from (clock_timestamp() - head.recorded_at)))::float8 as lag_seconds
    from event_cursor c
    cross join lateral (
      select e.recorded_at from domain_event e
      where e.partition = c.partition and (e.tx, e.id) > (c.tx, c.event_id)
      order by e.tx, e.id
      limit 1
    ) head
    where c.consumer in (${sql.join(consumers)})
    group by c.consumer`.execute(db);
  const { rows: dead } = await sql<{ consumer: string; n: number }>`
    select consumer, count(*)::int as n from event_dead_letter
    where status = 'dead' and consumer in (${sql.join(consumers)})
    group by consumer`.execute(db);
  const lagOf = new Map(heads.map((r) => [r.consumer, Math.max(0, Number(r.lag_seconds ?? 0))]));
  const deadOf = new Map(dead.map((r) => [r.consumer, r.n]));
  return consumers.map((consumer) => ({
    consumer,
    lagSeconds: lagOf.get(consumer) ?? 0,
    deadLetters: deadOf.get(consumer) ?? 0,
  }));
}
