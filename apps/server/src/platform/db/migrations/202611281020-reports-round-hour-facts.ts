import { sql, type Kysely } from 'kysely';

/**
 * The team hour rollups are now written by the same statement as the other round rollups, under the
 * round's one `round` fact (docs/reports.md "Team hour rollups"): the `round-hour` facts (a second row
 * per settled round) count nothing any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from report_fact where source = 'round-hour'`.execute(db);
}

/** Nothing to restore: a rebuild (npm run reports:rebuild) derives every fact again. */
export async function down(): Promise<void> {}
