import { sql, type Kysely } from 'kysely';

/**
 * How many of an agent's team were active in each day, week and month (docs/reports.md, "Team
 * rollups"): kept beside report_team_active by the same statement, which adds the rows it inserted,
 * so the agent centre reads one row where it counted up to a whole team's rows (a top agent's month:
 * 10,000). Filled from report_team_active for what is already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_team_active_count (
      agent_id integer not null,
      period char(1) not null check (period in ('D', 'W', 'M')),
      period_start date not null,
      currency text not null,
      members bigint not null,
      primary key (agent_id, period, period_start, currency)
    )`.execute(db);
  await sql`
    insert into report_team_active_count (agent_id, period, period_start, currency, members)
    select agent_id, period, period_start, currency, count(*) from report_team_active
    group by agent_id, period, period_start, currency`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_team_active_count`.execute(db);
}
