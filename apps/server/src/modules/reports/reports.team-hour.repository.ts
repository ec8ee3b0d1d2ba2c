import { productOfGameType, type RoundProduct } from '@banca/contract';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { executePreparedSql } from '../../platform/db/prepared.ts';
import type { RoundFact } from './reports.repository.ts';

/*
 * The team hour rollups' SQL (docs/reports.md "Team hour rollups"): report_team_hour holds, per agent x
 * merchant-local hour x product x currency x member, the member's settled rounds, under each of its
 * uplines AND under the member itself. A team's figures (with or without its head) over any hours and
 * any products are then one index range of the primary key, and the per-member sums give the active
 * members of any period. What the agent contracts' settlements read (daily, hourly, dividends).
 *
 * Written by `applyRoundsTeamHour`, one set-based statement over an array of rounds, deduplicated by
 * its own report_fact source ('round-hour'): a second delivery of a round, or a round the rebuild
 * counted, adds nothing. Derived from the sources by the rebuild (`teamHourRebuild`).
 */

/** The report_fact source of the hour rollups. */
export const TEAM_HOUR_FACT = 'round-hour';

/**
 * Adds settled rounds to the team hour rollups in one statement: every round's fact row is inserted
 * first (ON CONFLICT DO NOTHING), and only the rounds whose fact is new are summed, per (agent,
 * hour, product, currency, member), into the rollup. A round appearing twice in the array counts once.
 */
export async function applyRoundsTeamHour(db: DbOrTrx, rounds: readonly RoundFact[]): Promise<void> {
  if (rounds.length === 0) return;
  await executePreparedSql(
    db,
    sql`with input as (
      select distinct on (ref) ref, member_id, hour, product, currency, stake, payout, uplines
      from unnest(${rounds.map((r) => r.ref)}::text[], ${rounds.map((r) => r.memberId)}::integer[],
        ${rounds.map((r) => r.hour)}::timestamptz[], ${rounds.map((r) => productOfGameType(r.gameType))}::text[],
        ${rounds.map((r) => r.currency)}::text[], ${rounds.map((r) => r.stake)}::bigint[],
        ${rounds.map((r) => r.payout)}::bigint[], ${rounds.map((r) => `{${r.uplines.join(',')}}`)}::text[])
        as t(ref, member_id, hour, product, currency, stake, payout, uplines)
    ), fact as (
      insert into report_fact (source, ref) select ${TEAM_HOUR_FACT}, ref from input
      on conflict do nothing returning ref
    )
    insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
    select a, i.hour, i.product, i.currency, i.member_id, count(*), sum(i.stake), sum(i.payout)
    from fact join input i on i.ref = fact.ref,
      unnest(array[i.member_id] || i.uplines::integer[]) a
    group by a, i.hour, i.product, i.currency, i.member_id
    on conflict (agent_id, hour, product, currency, member_id) do update set
      rounds = report_team_hour.rounds + excluded.rounds,
      stake = report_team_hour.stake + excluded.stake,
      payout = report_team_hour.payout + excluded.payout`,
  );
}

/** One member's sums in a team over a range of hours (or per hour: `hour` set). */
export interface TeamHourMember {
  memberId: number;
  /** The hour (ISO instant it began) when read per hour; null when summed over the range. */
  hour: string | null;
  rounds: number;
  stake: number;
  payout: number;
}

/**
 * The members of `agentId`'s team, the agent itself included, with their settled rounds in the
 * merchant hours beginning in [from, to), in `currency`, of the given products (null: every product),
 * summed over the range or per hour. Members with nothing are absent. teamsHourMembers for one team.
 */
export async function teamHourMembers(
  db: DbOrTrx,
  agentId: number,
  range: { from: Date; to: Date },
  currency: string,
  products: readonly RoundProduct[] | null,
  per: 'range' | 'hour' = 'range',
): Promise<TeamHourMember[]> {
  return (await teamsHourMembers(db, [agentId], range, currency, products, per)).get(agentId)!;
}

/**
 * teamHourMembers for many teams at once (one statement): per agent of `agentIds`, the members of its
 * team (itself included) with their settled rounds in the merchant hours beginning in [from, to), in
 * `currency`, of the given products (null: every product), summed over the range or per hour (then in
 * hour order). An agent whose team has nothing maps to an empty list. What a settlement page reads:
 * daily wages and dividends summed over their period, hourly salaries per hour.
 */
export async function teamsHourMembers(
  db: DbOrTrx,
  agentIds: readonly number[],
  range: { from: Date; to: Date },
  currency: string,
  products: readonly RoundProduct[] | null,
  per: 'range' | 'hour' = 'range',
): Promise<Map<number, TeamHourMember[]>> {
  const out = new Map<number, TeamHourMember[]>(agentIds.map((id) => [id, []]));
  if (agentIds.length === 0) return out;
  const filter = products === null ? null : [...products];
  const ids = [...new Set(agentIds)];
  type Row = {
    agent_id: number;
    member_id: number;
    hour: Date | null;
    rounds: number;
    stake: number;
    payout: number;
  };
  const { rows } =
    per === 'hour'
      ? await executePreparedSql(
          db,
          sql<Row>`select agent_id, member_id, hour, sum(rounds)::bigint as rounds, sum(stake)::bigint as stake,
            sum(payout)::bigint as payout
          from report_team_hour
          where agent_id = any(${ids}::integer[])
            and hour >= ${range.from.toISOString()}::timestamptz and hour < ${range.to.toISOString()}::timestamptz
            and currency = ${currency} and (${filter}::text[] is null or product = any(${filter}::text[]))
          group by agent_id, hour, member_id order by agent_id, hour, member_id`,
        )
      : await executePreparedSql(
          db,
          sql<Row>`select agent_id, member_id, null as hour, sum(rounds)::bigint as rounds,
            sum(stake)::bigint as stake, sum(payout)::bigint as payout
          from report_team_hour
          where agent_id = any(${ids}::integer[])
            and hour >= ${range.from.toISOString()}::timestamptz and hour < ${range.to.toISOString()}::timestamptz
            and currency = ${currency} and (${filter}::text[] is null or product = any(${filter}::text[]))
          group by agent_id, member_id order by agent_id, member_id`,
        );
  for (const r of rows)
    out.get(r.agent_id)?.push({
      memberId: r.member_id,
      hour: r.hour === null ? null : new Date(r.hour).toISOString(),
      rounds: Number(r.rounds),
      stake: Number(r.stake),
      payout: Number(r.payout),
    });
  return out;
}
