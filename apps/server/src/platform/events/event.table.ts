import type { ColumnType, Generated } from 'kysely';

/**
 * The transactional outbox (ARCHITECTURE.md section 1, "react to another's change"). A module writes
 * one `domain_event` row in the transaction of the change; consumers read them after the commit.
 */
export interface DomainEventTable {
  id: Generated<number>;
  /**
   * The recording transaction's id (xid8, text on the wire). Dispatch reads only rows whose
   * transaction is older than every running one, so a row can never appear behind a cursor later.
   */
  tx: Generated<string>;
  /** hash(key) mod EVENT_PARTITIONS: events of one key share a partition, hence one cursor. */
  partition: number;
  /** Ordering key, usually the member id: one consumer sees one key's events in recording order. */
  key: string;
  name: string;
  payload: ColumnType<unknown, string, never>;
  recorded_at: Generated<Date>;
}

/** Where one consumer is in one partition, and how its head event is failing. */
export interface EventCursorTable {
  consumer: string;
  partition: number;
  /** (tx, event_id) of the last event this consumer is done with in the partition. */
  tx: Generated<string>;
  event_id: Generated<number>;
  /** Failed tries of the head event (the first after the cursor); 0 when it is not failing. */
  attempts: Generated<number>;
  /** The partition is not tried again before this (backoff after a failure). */
  next_attempt_at: Generated<Date>;
  last_error: string | null;
}

export type DeadLetterStatus = 'dead' | 'redrive' | 'redriven';

/** An event a consumer gave up on after its last try; visible and re-drivable, one row per pair. */
export interface EventDeadLetterTable {
  consumer: string;
  event_id: number;
  status: DeadLetterStatus;
  attempts: number;
  last_error: string | null;
  dead_at: Date;
  /** When a re-drive succeeded. */
  resolved_at: Date | null;
}

export interface EventTables {
  domain_event: DomainEventTable;
  event_cursor: EventCursorTable;
  event_dead_letter: EventDeadLetterTable;
}
