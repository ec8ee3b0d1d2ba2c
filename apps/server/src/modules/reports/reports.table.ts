import type { ColumnType } from 'kysely';

/*
 * The reports module's rollups (migration 202611270900-reports-rollups; docs/reports.md). Days are
 * the merchant's (wallet settings timeZone), written and read as 'YYYY-MM-DD' text. `shard` is the
 * member's event partition, so each dispatcher transaction touches only its own rows; readers sum it.
 * Money is integer minor units.
 */

type Day = ColumnType<string, string, string>;
type Sum = ColumnType<number, number | undefined, number>;

/** Per merchant day x vendor x game type x currency: settled rounds, their stakes and payouts. */
export interface ReportGameDayTable {
  currency: string;
  day: Day;
  vendor: string;
  game_type: string;
  shard: number;
  rounds: Sum;
  stake: Sum;
  payout: Sum;
}

/** Per merchant day x currency: play totals, money movements, members active that day. */
export interface ReportDayTable {
  currency: string;
  day: Day;
  shard: number;
  rounds: Sum;
  stake: Sum;
  payout: Sum;
  first_deposit_count: Sum;
  first_deposit_amount: Sum;
  deposit_count: Sum;
  deposit_amount: Sum;
  withdrawal_count: Sum;
  withdrawal_amount: Sum;
  bonus_count: Sum;
  bonus_amount: Sum;
  active_players: Sum;
}

/** Registrations per merchant day (a registration has no currency). */
export interface ReportRegistrationDayTable {
  day: Day;
  shard: number;
  registrations: Sum;
}

/** A member with a settled round on a day: the exact set behind every active-player count. */
export interface ReportActivePlayerTable {
  currency: string;
  day: Day;
  member_id: number;
}

/** Per member x day x currency: what the agent centre sums over a team. */
export interface ReportMemberDayTable {
  member_id: number;
  day: Day;
  currency: string;
  rounds: Sum;
  stake: Sum;
  payout: Sum;
  deposit_count: Sum;
  deposit_amount: Sum;
  withdrawal_count: Sum;
  withdrawal_amount: Sum;
  bonus_amount: Sum;
}

/**
 * Per agent x day x currency x shard: the agent's whole team (every member below it, not itself)
 * summed as report_member_day sums one member (migration 202611271500-reports-team).
 */
export interface ReportTeamDayTable {
  agent_id: number;
  day: Day;
  currency: string;
  shard: number;
  rounds: Sum;
  stake: Sum;
  payout: Sum;
  deposit_count: Sum;
  deposit_amount: Sum;
  withdrawal_count: Sum;
  withdrawal_amount: Sum;
  bonus_amount: Sum;
}

/** A team member with a settled round in the agent's day (D), week from Monday (W) or month (M). */
export interface ReportTeamActiveTable {
  agent_id: number;
  period: 'D' | 'W' | 'M';
  period_start: Day;
  currency: string;
  member_id: number;
}

/** How many rows report_team_active holds per (agent, period, start, currency): the count read. */
export interface ReportTeamActiveCountTable {
  agent_id: number;
  period: 'D' | 'W' | 'M';
  period_start: Day;
  currency: string;
  members: Sum;
}

/** Source facts the rollups hold: (round | deposit | withdrawal | bonus | registration, its id). */
/**
 * Per agent x merchant-local hour x product x currency x member: the settled rounds of the member in
 * that hour, under the agent's team **including the agent itself** (every member has its own rows too),
 * so "the team of D with D" in an hour range is one index range (migration 202611271720-agent-hourly;
 * reports.team-hour.repository.ts). `hour` is the instant the local hour began; `product` is productOfGameType.
 */
export interface ReportTeamHourTable {
  agent_id: number;
  hour: ColumnType<Date, string, string>;
  product: string;
  currency: string;
  member_id: number;
  rounds: Sum;
  stake: Sum;
  payout: Sum;
}

/** Source facts the rollups hold: (round | deposit | withdrawal | bonus | registration, its id). */
export interface ReportFactTable {
  source: string;
  ref: string;
}

/** One row: the rollups' generation, bumped by every rebuild (keys the gateways' day caches). */
export interface ReportGenerationTable {
  id: number;
  generation: Sum;
}

export interface ReportsTables {
  report_game_day: ReportGameDayTable;
  report_day: ReportDayTable;
  report_registration_day: ReportRegistrationDayTable;
  report_active_player: ReportActivePlayerTable;
  report_member_day: ReportMemberDayTable;
  report_fact: ReportFactTable;
  report_generation: ReportGenerationTable;
  report_team_day: ReportTeamDayTable;
  report_team_active: ReportTeamActiveTable;
  report_team_active_count: ReportTeamActiveCountTable;
  report_team_hour: ReportTeamHourTable;
}
