import { sql, type Kysely } from 'kysely';

/**
 * The reports module's rollups (modules/reports, docs/reports.md): kept current by its consumer of
 * the settled-round, deposit, withdrawal, bonus and registration events, rebuilt from the sources by
 * `npm run reports:rebuild`. Days are the merchant's (wallet settings timeZone). `shard` is the event
 * partition of the member (platform/events partitionOf): each dispatcher transaction writes only its
 * own shard's rows, so two partitions never wait on one hot row; readers sum the shards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_game_day (
      currency text not null,
      day date not null,
      vendor text not null,
      game_type text not null,
      shard smallint not null,
      rounds bigint not null default 0,
      stake bigint not null default 0,
      payout bigint not null default 0,
      primary key (currency, day, vendor, game_type, shard)
    )`.execute(db);
  await sql`
    create table report_day (
      currency text not null,
      day date not null,
      shard smallint not null,
      rounds bigint not null default 0,
      stake bigint not null default 0,
      payout bigint not null default 0,
      first_deposit_count bigint not null default 0,
      first_deposit_amount bigint not null default 0,
      deposit_count bigint not null default 0,
      deposit_amount bigint not null default 0,
      withdrawal_count bigint not null default 0,
      withdrawal_amount bigint not null default 0,
      bonus_count bigint not null default 0,
      bonus_amount bigint not null default 0,
      active_players bigint not null default 0,
      primary key (currency, day, shard)
    )`.execute(db);
  // Registrations carry no currency: per day only.
  await sql`
    create table report_registration_day (
      day date not null,
      shard smallint not null,
      registrations bigint not null default 0,
      primary key (day, shard)
    )`.execute(db);
  // One row per member active on a day: the insert that creates it is what counts them, exactly once.
  await sql`
    create table report_active_player (
      currency text not null,
      day date not null,
      member_id integer not null,
      primary key (currency, day, member_id)
    )`.execute(db);
  // The agent centre sums these over a team: member first, then the day range.
  await sql`
    create table report_member_day (
      member_id integer not null,
      day date not null,
      currency text not null,
      rounds bigint not null default 0,
      stake bigint not null default 0,
      payout bigint not null default 0,
      deposit_count bigint not null default 0,
      deposit_amount bigint not null default 0,
      withdrawal_count bigint not null default 0,
      withdrawal_amount bigint not null default 0,
      bonus_amount bigint not null default 0,
      primary key (member_id, day, currency)
    )`.execute(db);
  // Which source facts the rollups hold (round, deposit, withdrawal, bonus, registration): a fact is
  // added once whether its event or the rebuild got there first (an event recorded before a rebuild
  // and delivered after it adds nothing).
  await sql`
    create table report_fact (
      source text not null,
      ref text not null,
      primary key (source, ref)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'report_fact',
    'report_member_day',
    'report_active_player',
    'report_registration_day',
    'report_day',
    'report_game_day',
  ]) {
    await sql`drop table ${sql.table(t)}`.execute(db);
  }
}
