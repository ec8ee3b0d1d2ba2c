import type { DatabaseFunction } from '../db/database-functions.ts';

/**
 * The events platform's in-database functions (sql/*.sql; applied by the repeatable step): the
 * outbox insert for writers that run in the database, and its partition function.
 */
export const eventFunctions: readonly DatabaseFunction[] = [
  { name: 'domain_event_partition', file: new URL('./sql/domain_event_partition.sql', import.meta.url) },
  { name: 'domain_event_record', file: new URL('./sql/domain_event_record.sql', import.meta.url) },
];
