import { sql, type Kysely } from 'kysely';

/**
 * Scheduled jobs (ARCHITECTURE.md section 4): one row per job and period. The primary key is the
 * claim: every gateway node tries to insert the row when a period is due and only the node whose
 * insert succeeds runs the job, so a job runs once per period however many nodes are up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_run')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('done', 'failed')`))
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('job_run_pk', ['name', 'period_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_run').execute();
}
