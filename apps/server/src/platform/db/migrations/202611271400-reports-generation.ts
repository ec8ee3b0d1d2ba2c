import { sql, type Kysely } from 'kysely';

/**
 * The reports' rollup generation (docs/reports.md): one row, bumped by every rebuild in its
 * transaction. A gateway caches the active-player set of each day under the generation it read it
 * in; a rebuild (which may cut days differently) makes every cached set stale at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_generation (
      id smallint primary key default 1 check (id = 1),
      generation bigint not null default 0
    )`.execute(db);
  await sql`insert into report_generation (id, generation) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_generation`.execute(db);
}
