import type { RoundProduct } from '@banca/contract';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { executePreparedSql } from '../../platform/db/prepared.ts';

/*
 * The team hour rollups' SQL (docs/reports.md "Team hour rollups"): report_team_hour holds, per agent x
 * merchant-local hour x product x currency x member, the member's settled rounds, under each of its
 * uplines AND under the member itself. A team's figures (with or without its head) over any hours and
 * any products are then one index range of the primary key, and the per-member sums give the active
 * members of any period. What the agent contracts' settlements read (daily, hourly, dividends).
 *
 * Written by `applyRounds` (reports.repository.ts) in the same statement as the other rollups, under
 * the round's one report_fact row; derived from the sources by the rebuild (`teamHourRebuild`).
 */

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
