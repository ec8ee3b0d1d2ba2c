import { sql, type Kysely } from 'kysely';

/**
 * Hourly and real-time salaries (docs/agent-centre.md "Contracts and settlement"; docs/reports.md
 * "Team hour rollups").
 * - report_team_hour (reports): per agent x merchant-local hour x product x currency x member, the
 *   member's settled rounds, under each of its uplines and under itself: the team figures of any hour,
 *   day or period and any product are one index range. Filled by the reports consumer from now on;
 *   `npm run reports:rebuild` derives the past (run it once after this migration).
 * - agent_contract_round (agent-contracts): the settled lottery rounds of members with an upline, one
 *   row per (agent above the member or the member itself, round): what real-time salaries are paid on.
 * - agent_contract_settlement gains the real-time inputs: rounds counted, the stake of rounds the
 *   member won, and the loss rate (rate is the profit rate then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_team_hour (
      agent_id integer not null,
      hour timestamptz not null,
      product text not null,
      currency text not null,
      member_id integer not null,
      rounds bigint not null default 0,
      stake bigint not null default 0,
      payout bigint not null default 0,
      primary key (agent_id, hour, product, currency, member_id)
    )`.execute(db);
  await sql`
    create table agent_contract_round (
      agent_id integer not null,
      ref text not null,
      member_id integer not null,
      settled_at timestamptz not null,
      product text not null,
      currency text not null,
      stake bigint not null,
      payout bigint not null,
      primary key (agent_id, ref)
    )`.execute(db);
  await sql`create index agent_contract_round_by_time on agent_contract_round (agent_id, settled_at)`.execute(
    db,
  );
  await sql`create index agent_contract_round_prune on agent_contract_round (settled_at)`.execute(db);
  await sql`alter table agent_contract_settlement
    add column rounds integer not null default 0,
    add column won_bet bigint,
    add column loss_rate bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agent_contract_settlement drop column rounds, drop column won_bet, drop column loss_rate`.execute(
    db,
  );
  await sql`drop table agent_contract_round`.execute(db);
  await sql`drop table report_team_hour`.execute(db);
}
