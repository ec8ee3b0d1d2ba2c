import { sql, type Kysely } from 'kysely';

/**
 * The team rollups (docs/reports.md, "Team rollups"): an agent's whole team summed per merchant day,
 * kept by the reports consumer beside the member rollups, so a top agent's figures are a few rows
 * whatever the team's size (summing 10,000 members' days per request answered in hundreds of ms).
 * `shard` is the member's event partition, as in report_day: each dispatcher transaction writes only
 * its own rows, so partitions never wait on one agent's row. report_team_active holds who was active
 * in each day, week (from Monday) and month, for the distinct counts of the agent centre's periods.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_team_day (
      agent_id integer not null,
      day date not null,
      currency text not null,
      shard smallint not null,
      rounds bigint not null default 0,
      stake bigint not null default 0,
      payout bigint not null default 0,
      deposit_count bigint not null default 0,
      deposit_amount bigint not null default 0,
      withdrawal_count bigint not null default 0,
      withdrawal_amount bigint not null default 0,
      bonus_amount bigint not null default 0,
      primary key (agent_id, day, currency, shard)
    )`.execute(db);
  await sql`
    create table report_team_active (
      agent_id integer not null,
      period char(1) not null check (period in ('D', 'W', 'M')),
      period_start date not null,
      currency text not null,
      member_id integer not null,
      primary key (agent_id, period, period_start, currency, member_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_team_active`.execute(db);
  await sql`drop table report_team_day`.execute(db);
}
