import type { Kysely } from 'kysely';
import type { JobRunTable, JobTables } from './job-run.table.ts';

/** The scheduler's SQL (job_run). */

/** Claims a job's period for this node; false when another node claimed it first. */
export async function claimJobRun(
  db: Kysely<JobTables>,
  run: { name: string; periodStart: Date; node: string; now: Date },
): Promise<boolean> {
  const claimed = await db
    .insertInto('job_run')
    .values({ name: run.name, period_start: run.periodStart, node: run.node, started_at: run.now })
    .onConflict((oc) => oc.columns(['name', 'period_start']).doNothing())
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function finishJobRun(
  db: Kysely<JobTables>,
  run: { name: string; periodStart: Date; outcome: JobRunTable['outcome']; detail: string },
): Promise<void> {
  await db
    .updateTable('job_run')
    .set({ finished_at: new Date(), outcome: run.outcome, detail: run.detail })
    .where('name', '=', run.name)
    .where('period_start', '=', run.periodStart)
    .execute();
}
