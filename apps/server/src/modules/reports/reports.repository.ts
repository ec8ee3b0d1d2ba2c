import { productOfGameType } from '@banca/contract';
import { sql, type Insertable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { executePreparedSql } from '../../platform/db/prepared.ts';
import type { ReportsTables } from './reports.table.ts';

/*
 * The reports' SQL. The consumer's writes are one statement per event (per run of events, for settled
 * rounds): the fact row first (insert ... on conflict do nothing), and every rollup upsert selects
 * from it, so a fact the rollups
 * already hold (the same event again, or one the rebuild counted) changes nothing. Each is a named
 * statement, prepared once per connection.
 */

/** A settled round as the rollups take it. */
export interface RoundFact {
  ref: string;
  currency: string;
  day: string;
  /** The merchant-local hour the round settled in: the instant it began (reports.days.ts merchantHour). */
  hour: string;
  shard: number;
  memberId: number;
  vendor: string;
  gameType: string;
  stake: number;
  payout: number;
  /** The member's uplines (every agent above it): each one's team rollups take the round. */
  uplines: readonly number[];
}

/**
 * Settled rounds into every rollup, in one statement however many there are (the consumer passes a
 * dispatcher batch's run of them): the rounds arrive as parallel arrays, the fact insert keeps those
 * not counted yet, and each rollup takes their sums per row key (one upsert may not touch a row twice).
 * Rounds repeated within the call count once.
 */
export async function applyRounds(db: DbOrTrx, rounds: readonly RoundFact[]): Promise<void> {
  const seen = new Set<string>();
  const list = rounds.filter((r) => !seen.has(r.ref) && seen.add(r.ref));
  if (list.length === 0) return;
  const col = <T>(pick: (r: RoundFact) => T): T[] => list.map(pick);
  const uplineRefs: string[] = [];
  const uplineAgents: number[] = [];
  for (const r of list) {
    for (const agentId of r.uplines) {
      uplineRefs.push(r.ref);
      uplineAgents.push(agentId);
    }
  }
  await executePreparedSql(
    db,
    sql`with input as (
      select * from unnest(${col((r) => r.ref)}::text[], ${col((r) => r.currency)}::text[],
        ${col((r) => r.day)}::date[], ${col((r) => r.shard)}::smallint[], ${col((r) => r.memberId)}::integer[],
        ${col((r) => r.vendor)}::text[], ${col((r) => r.gameType)}::text[], ${col((r) => r.stake)}::bigint[],
        ${col((r) => r.payout)}::bigint[], ${col((r) => r.hour)}::timestamptz[],
        ${col((r) => productOfGameType(r.gameType))}::text[])
        as t(ref, currency, day, shard, member_id, vendor, game_type, stake, payout, hour, product)
    ), fact as (
      insert into report_fact (source, ref) select 'round', ref from input on conflict do nothing returning ref
    ), fresh as (
      select input.* from input join fact using (ref)
    ), team_rounds as (
      select u.agent_id, fresh.* from fresh
      join unnest(${uplineRefs}::text[], ${uplineAgents}::integer[]) u(ref, agent_id) using (ref)
    ), game as (
      insert into report_game_day (currency, day, vendor, game_type, shard, rounds, stake, payout)
      select currency, day, vendor, game_type, shard, count(*), sum(stake), sum(payout) from fresh
      group by currency, day, vendor, game_type, shard
      on conflict (currency, day, vendor, game_type, shard) do update set
        rounds = report_game_day.rounds + excluded.rounds,
        stake = report_game_day.stake + excluded.stake,
        payout = report_game_day.payout + excluded.payout
    ), member as (
      insert into report_member_day (member_id, day, currency, rounds, stake, payout)
      select member_id, day, currency, count(*), sum(stake), sum(payout) from fresh
      group by member_id, day, currency
      on conflict (member_id, day, currency) do update set
        rounds = report_member_day.rounds + excluded.rounds,
        stake = report_member_day.stake + excluded.stake,
        payout = report_member_day.payout + excluded.payout
    ), team as (
      insert into report_team_day (agent_id, day, currency, shard, rounds, stake, payout)
      select agent_id, day, currency, shard, count(*), sum(stake), sum(payout) from team_rounds
      group by agent_id, day, currency, shard
      on conflict (agent_id, day, currency, shard) do update set
        rounds = report_team_day.rounds + excluded.rounds,
        stake = report_team_day.stake + excluded.stake,
        payout = report_team_day.payout + excluded.payout
    ), team_hour as (
      -- Per (agent, hour, product, currency, member), under each upline and under the member itself
      -- (docs/reports.md "Team hour rollups").
      insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
      select agent_id, hour, product, currency, member_id, count(*), sum(stake), sum(payout)
      from (select agent_id, hour, product, currency, member_id, stake, payout from team_rounds
        union all select member_id, hour, product, currency, member_id, stake, payout from fresh) x
      group by agent_id, hour, product, currency, member_id
      on conflict (agent_id, hour, product, currency, member_id) do update set
        rounds = report_team_hour.rounds + excluded.rounds,
        stake = report_team_hour.stake + excluded.stake,
        payout = report_team_hour.payout + excluded.payout
    ), team_active as (
      -- The day, the week from Monday and the month it falls in (date_trunc's weeks start on Monday).
      insert into report_team_active (agent_id, period, period_start, currency, member_id)
      select distinct agent_id, p.period, p.period_start, currency, member_id
      from team_rounds, lateral (values ('D', day), ('W', date_trunc('week', day)::date),
        ('M', date_trunc('month', day)::date)) p(period, period_start)
      on conflict do nothing
      returning agent_id, period, period_start, currency
    ), team_active_count as (
      insert into report_team_active_count (agent_id, period, period_start, currency, members)
      select agent_id, period, period_start, currency, count(*) from team_active
      group by agent_id, period, period_start, currency
      on conflict (agent_id, period, period_start, currency) do update set
        members = report_team_active_count.members + excluded.members
    ), active as (
      insert into report_active_player (currency, day, member_id)
      select distinct currency, day, member_id from fresh
      on conflict do nothing
      returning currency, day, member_id
    ), newly_active as (
      select currency, day, shard, count(*) as n
      from active join (select distinct member_id, shard from fresh) m using (member_id)
      group by currency, day, shard
    )
    insert into report_day (currency, day, shard, rounds, stake, payout, active_players)
    select currency, day, shard, count(*), sum(stake), sum(payout),
      coalesce(max(newly_active.n), 0)
    from fresh left join newly_active using (currency, day, shard)
    group by currency, day, shard
    on conflict (currency, day, shard) do update set
      rounds = report_day.rounds + excluded.rounds,
      stake = report_day.stake + excluded.stake,
      payout = report_day.payout + excluded.payout,
      active_players = report_day.active_players + excluded.active_players`,
  );
}

/** A deposit, withdrawal or bonus as the rollups take it. */
export interface MoneyMove {
  ref: string;
  currency: string;
  day: string;
  shard: number;
  memberId: number;
  amount: number;
  /** The member's uplines: each one's team rollups take the movement. */
  uplines: readonly number[];
}

export async function applyDeposit(db: DbOrTrx, m: MoneyMove & { first: boolean }): Promise<void> {
  const firstCount = m.first ? 1 : 0;
  const firstAmount = m.first ? m.amount : 0;
  await executePreparedSql(
    db,
    sql`with fact as (
      insert into report_fact (source, ref) values ('deposit', ${m.ref}) on conflict do nothing returning 1
    ), member as (
      insert into report_member_day (member_id, day, currency, deposit_count, deposit_amount)
      select ${m.memberId}::integer, ${m.day}::date, ${m.currency}, 1, ${m.amount}::bigint from fact
      on conflict (member_id, day, currency) do update set
        deposit_count = report_member_day.deposit_count + excluded.deposit_count,
        deposit_amount = report_member_day.deposit_amount + excluded.deposit_amount
    ), team as (
      insert into report_team_day (agent_id, day, currency, shard, deposit_count, deposit_amount)
      select a, ${m.day}::date, ${m.currency}, ${m.shard}::smallint, 1, ${m.amount}::bigint
      from fact, unnest(${[...m.uplines]}::integer[]) a
      on conflict (agent_id, day, currency, shard) do update set
        deposit_count = report_team_day.deposit_count + excluded.deposit_count,
        deposit_amount = report_team_day.deposit_amount + excluded.deposit_amount
    )
    insert into report_day (currency, day, shard, deposit_count, deposit_amount, first_deposit_count,
      first_deposit_amount)
    select ${m.currency}, ${m.day}::date, ${m.shard}::smallint, 1, ${m.amount}::bigint,
      ${firstCount}::bigint, ${firstAmount}::bigint
    from fact
    on conflict (currency, day, shard) do update set
      deposit_count = report_day.deposit_count + excluded.deposit_count,
      deposit_amount = report_day.deposit_amount + excluded.deposit_amount,
      first_deposit_count = report_day.first_deposit_count + excluded.first_deposit_count,
      first_deposit_amount = report_day.first_deposit_amount + excluded.first_deposit_amount`,
  );
}

export async function applyWithdrawal(db: DbOrTrx, m: MoneyMove): Promise<void> {
  await executePreparedSql(
    db,
    sql`with fact as (
      insert into report_fact (source, ref) values ('withdrawal', ${m.ref}) on conflict do nothing returning 1
    ), member as (
      insert into report_member_day (member_id, day, currency, withdrawal_count, withdrawal_amount)
      select ${m.memberId}::integer, ${m.day}::date, ${m.currency}, 1, ${m.amount}::bigint from fact
      on conflict (member_id, day, currency) do update set
        withdrawal_count = report_member_day.withdrawal_count + excluded.withdrawal_count,
        withdrawal_amount = report_member_day.withdrawal_amount + excluded.withdrawal_amount
    ), team as (
      insert into report_team_day (agent_id, day, currency, shard, withdrawal_count, withdrawal_amount)
      select a, ${m.day}::date, ${m.currency}, ${m.shard}::smallint, 1, ${m.amount}::bigint
      from fact, unnest(${[...m.uplines]}::integer[]) a
      on conflict (agent_id, day, currency, shard) do update set
        withdrawal_count = report_team_day.withdrawal_count + excluded.withdrawal_count,
        withdrawal_amount = report_team_day.withdrawal_amount + excluded.withdrawal_amount
    )
    insert into report_day (currency, day, shard, withdrawal_count, withdrawal_amount)
    select ${m.currency}, ${m.day}::date, ${m.shard}::smallint, 1, ${m.amount}::bigint from fact
    on conflict (currency, day, shard) do update set
      withdrawal_count = report_day.withdrawal_count + excluded.withdrawal_count,
      withdrawal_amount = report_day.withdrawal_amount + excluded.withdrawal_amount`,
  );
}

export async function applyBonus(db: DbOrTrx, m: MoneyMove): Promise<void> {
  await executePreparedSql(
    db,
    sql`with fact as (
      insert into report_fact (source, ref) values ('bonus', ${m.ref}) on conflict do nothing returning 1
    ), member as (
      insert into report_member_day (member_id, day, currency, bonus_amount)
      select ${m.memberId}::integer, ${m.day}::date, ${m.currency}, ${m.amount}::bigint from fact
      on conflict (member_id, day, currency) do update set
        bonus_amount = report_member_day.bonus_amount + excluded.bonus_amount
    ), team as (
      insert into report_team_day (agent_id, day, currency, shard, bonus_amount)
      select a, ${m.day}::date, ${m.currency}, ${m.shard}::smallint, ${m.amount}::bigint
      from fact, unnest(${[...m.uplines]}::integer[]) a
      on conflict (agent_id, day, currency, shard) do update set
        bonus_amount = report_team_day.bonus_amount + excluded.bonus_amount
    )
    insert into report_day (currency, day, shard, bonus_count, bonus_amount)
    select ${m.currency}, ${m.day}::date, ${m.shard}::smallint, 1, ${m.amount}::bigint from fact
    on conflict (currency, day, shard) do update set
      bonus_count = report_day.bonus_count + excluded.bonus_count,
      bonus_amount = report_day.bonus_amount + excluded.bonus_amount`,
  );
}

export async function applyRegistration(
  db: DbOrTrx,
  r: { ref: string; day: string; shard: number },
): Promise<void> {
  await executePreparedSql(
    db,
    sql`with fact as (
      insert into report_fact (source, ref) values ('registration', ${r.ref}) on conflict do nothing returning 1
    )
    insert into report_registration_day (day, shard, registrations)
    select ${r.day}::date, ${r.shard}::smallint, 1 from fact
    on conflict (day, shard) do update set
      registrations = report_registration_day.registrations + excluded.registrations`,
  );
}

const ROLLUP_TABLES = [
  'report_game_day',
  'report_day',
  'report_registration_day',
  'report_active_player',
  'report_member_day',
  'report_team_day',
  'report_team_active',
  'report_team_active_count',
  'report_team_hour',
  'report_fact',
] as const;

/**
 * The rebuild's start, in its transaction: locks every rollup table against writes (readers go on
 * reading the old figures until the commit; the consumer's next write waits for it, then finds the
 * facts the rebuild counted), and empties them.
 */
export async function lockAndClearRollups(trx: DbOrTrx): Promise<void> {
  await sql`lock table ${sql.join(ROLLUP_TABLES.map((t) => sql.table(t)))} in exclusive mode`.execute(trx);
  for (const table of ROLLUP_TABLES) await trx.deleteFrom(table).execute();
  // Every gateway's cached active-player sets belong to the old generation from the commit on.
  await sql`insert into report_generation (id, generation) values (1, 1)
    on conflict (id) do update set generation = report_generation.generation + 1`.execute(trx);
}

/** The rollups' generation (0 before any rebuild). */
export const rollupGeneration = async (db: DbOrTrx): Promise<number> =>
  (
    await executePreparedSql(
      db,
      sql<{ generation: number }>`select coalesce(max(generation), 0)::bigint as generation
      from report_generation`,
    )
  ).rows[0]?.generation ?? 0;

/**
 * The members active on each of some days of one currency, sorted, with the generation read in the
 * same statement (days with nobody are absent).
 */
export const activeMembersOfDays = (db: DbOrTrx, currency: string, days: readonly string[]) =>
  executePreparedSql(
    db,
    sql<{ day: string; ids: number[]; generation: number }>`select day::text as day,
      array_agg(member_id order by member_id) as ids,
      (select coalesce(max(generation), 0)::bigint from report_generation) as generation
    from report_active_player
    where currency = ${currency} and day = any(${[...days]}::date[])
    group by day`,
  ).then((r) => r.rows);

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters in one). */
const INSERT_CHUNK = 2_000;

/** Writes rebuilt rows into one rollup table, in chunks. */
export async function insertRollupRows<T extends keyof ReportsTables>(
  trx: DbOrTrx,
  table: T,
  rows: readonly Insertable<ReportsTables[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    // The table name is a union here; each call site passes one table with its own row type.
    await trx
      .insertInto(table as 'report_fact')
      .values(rows.slice(i, i + INSERT_CHUNK) as Insertable<ReportsTables['report_fact']>[])
      .execute();
  }
}

/** Per-day totals of one currency over [from, to] (days as text). */
export const dayTotals = (db: DbOrTrx, currency: string, from: string, to: string) =>
  executePreparedSql(
    db,
    sql<{
      day: string;
      rounds: number;
      stake: number;
      payout: number;
      first_deposit_count: number;
      first_deposit_amount: number;
      deposit_count: number;
      deposit_amount: number;
      withdrawal_count: number;
      withdrawal_amount: number;
      bonus_count: number;
      bonus_amount: number;
      active_players: number;
    }>`select day::text as day,
      sum(rounds)::bigint as rounds, sum(stake)::bigint as stake, sum(payout)::bigint as payout,
      sum(first_deposit_count)::bigint as first_deposit_count,
      sum(first_deposit_amount)::bigint as first_deposit_amount,
      sum(deposit_count)::bigint as deposit_count, sum(deposit_amount)::bigint as deposit_amount,
      sum(withdrawal_count)::bigint as withdrawal_count,
      sum(withdrawal_amount)::bigint as withdrawal_amount,
      sum(bonus_count)::bigint as bonus_count, sum(bonus_amount)::bigint as bonus_amount,
      sum(active_players)::bigint as active_players
    from report_day
    where currency = ${currency} and day between ${from}::date and ${to}::date
    group by day`,
  ).then((r) => r.rows);

/** Registrations per day over [from, to]. */
export const registrationTotals = (db: DbOrTrx, from: string, to: string) =>
  executePreparedSql(
    db,
    sql<{ day: string; registrations: number }>`select day::text as day,
      sum(registrations)::bigint as registrations
    from report_registration_day where day between ${from}::date and ${to}::date group by day`,
  ).then((r) => r.rows);

/** Play totals per (vendor, game type) of one currency over [from, to]. */
export const gameTotals = (db: DbOrTrx, currency: string, from: string, to: string) =>
  executePreparedSql(
    db,
    sql<{ vendor: string; game_type: string; rounds: number; stake: number; payout: number }>`select
      vendor, game_type, sum(rounds)::bigint as rounds, sum(stake)::bigint as stake,
      sum(payout)::bigint as payout
    from report_game_day
    where currency = ${currency} and day between ${from}::date and ${to}::date
    group by vendor, game_type`,
  ).then((r) => r.rows);

/** Distinct members with a settled round in [from, to] (each member once over the range). */
export const distinctActivePlayers = async (db: DbOrTrx, currency: string, from: string, to: string) =>
  (
    await executePreparedSql(
      db,
      sql<{ n: number }>`select count(distinct member_id)::bigint as n from report_active_player
      where currency = ${currency} and day between ${from}::date and ${to}::date`,
    )
  ).rows[0]?.n ?? 0;

export interface MemberSumsRow {
  member_id: number;
  currency: string;
  rounds: number;
  stake: number;
  payout: number;
  deposit_count: number;
  deposit_amount: number;
  withdrawal_count: number;
  withdrawal_amount: number;
  bonus_amount: number;
  active_days: number;
}

/** Each named member's sums over [from, to], per currency (members with nothing are absent). */
export const memberSums = (db: DbOrTrx, memberIds: readonly number[], from: string, to: string) =>
  executePreparedSql(
    db,
    sql<MemberSumsRow>`select member_id, currency, sum(rounds)::bigint as rounds,
      sum(stake)::bigint as stake, sum(payout)::bigint as payout,
      sum(deposit_count)::bigint as deposit_count, sum(deposit_amount)::bigint as deposit_amount,
      sum(withdrawal_count)::bigint as withdrawal_count,
      sum(withdrawal_amount)::bigint as withdrawal_amount,
      sum(bonus_amount)::bigint as bonus_amount,
      count(*) filter (where rounds > 0)::bigint as active_days
    from report_member_day
    where member_id = any(${[...memberIds]}::integer[]) and day between ${from}::date and ${to}::date
    group by member_id, currency
    order by member_id, currency`,
  ).then((r) => r.rows);

export interface TeamSumsRow {
  currency: string;
  rounds: number;
  stake: number;
  payout: number;
  deposit_count: number;
  deposit_amount: number;
  withdrawal_count: number;
  withdrawal_amount: number;
  bonus_amount: number;
}

/** Each agent's team summed over [from, to], per currency (agents whose team did nothing are absent). */
export const teamSums = (db: DbOrTrx, agentIds: readonly number[], from: string, to: string) =>
  executePreparedSql(
    db,
    sql<TeamSumsRow & { agent_id: number }>`select agent_id, currency, sum(rounds)::bigint as rounds,
      sum(stake)::bigint as stake, sum(payout)::bigint as payout,
      sum(deposit_count)::bigint as deposit_count, sum(deposit_amount)::bigint as deposit_amount,
      sum(withdrawal_count)::bigint as withdrawal_count,
      sum(withdrawal_amount)::bigint as withdrawal_amount,
      sum(bonus_amount)::bigint as bonus_amount
    from report_team_day
    where agent_id = any(${[...agentIds]}::integer[]) and day between ${from}::date and ${to}::date
    group by agent_id, currency
    order by agent_id, currency`,
  ).then((r) => r.rows);

/** How many of the agent's team were active in one day, week (from Monday) or month, per currency. */
export const teamActiveCount = (db: DbOrTrx, agentId: number, period: 'D' | 'W' | 'M', periodStart: string) =>
  executePreparedSql(
    db,
    sql<{ currency: string; n: number }>`select currency, members as n
    from report_team_active_count
    where agent_id = ${agentId}::integer and period = ${period} and period_start = ${periodStart}::date`,
  ).then((r) => r.rows);
