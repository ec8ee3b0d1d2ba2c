import { sql, type Kysely } from 'kysely';

/**
 * Domain events through a transactional outbox (platform/events). `domain_event` is append-only;
 * consumers keep one cursor per partition and a dead-letter row per event they gave up on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domain_event')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // The recording transaction: dispatch waits until every older transaction has ended.
    .addColumn('tx', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addColumn('partition', 'smallint', (c) => c.notNull().check(sql`partition >= 0`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The dispatcher's only read: one partition's events after a cursor, in (tx, id) order.
  await db.schema
    .createIndex('domain_event_dispatch')
    .on('domain_event')
    .columns(['partition', 'tx', 'id'])
    .execute();

  await db.schema
    .createTable('event_cursor')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('partition', 'smallint', (c) => c.notNull())
    .addColumn('tx', sql`xid8`, (c) => c.notNull().defaultTo(sql`'0'::xid8`))
    .addColumn('event_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`'-infinity'`))
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('event_cursor_pk', ['consumer', 'partition'])
    .execute();

  await db.schema
    .createTable('event_dead_letter')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('domain_event.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('dead', 'redrive', 'redriven')`))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('dead_at', 'timestamptz', (c) => c.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .addPrimaryKeyConstraint('event_dead_letter_pk', ['consumer', 'event_id'])
    .execute();
  // Re-drive looks only for rows asked to run again.
  await db.schema
    .createIndex('event_dead_letter_redrive')
    .on('event_dead_letter')
    .columns(['consumer'])
    .where(sql.ref('status'), '=', 'redrive')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_dead_letter').execute();
  await db.schema.dropTable('event_cursor').execute();
  await db.schema.dropTable('domain_event').execute();
}
