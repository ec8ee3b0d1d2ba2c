import { REPORT_RANGE_MAX_DAYS, type ReportDashboard, type ReportFigures } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { ReportsError } from './reports.errors.ts';
import { ActivePlayersCache } from './reports.active-cache.ts';
import {
  activeMembersOfDays,
  dayTotals,
  gameTotals,
  memberSums,
  registrationTotals,
  rollupGeneration,
  teamActiveCount,
  teamSums,
} from './reports.repository.ts';

/** One active-player cache per database handle (a gateway has one; tests have several). */
const activeCaches = new WeakMap<object, ActivePlayersCache>();
const activeCacheOf = (db: DbOrTrx): ActivePlayersCache => {
  let cache = activeCaches.get(db);
  if (!cache) activeCaches.set(db, (cache = new ActivePlayersCache()));
  return cache;
};

/** A range of merchant days, both ends included ('YYYY-MM-DD'). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** from <= to and at most REPORT_RANGE_MAX_DAYS days; returns every day of it in order. */
export function daysOf(range: DayRange): string[] {
  const from = dayNumber(range.from);
  const to = dayNumber(range.to);
  if (!Number.isInteger(from) || !Number.isInteger(to))
    throw new ReportsError('report_range_inverted', range);
  if (from > to) throw new ReportsError('report_range_inverted', { from: range.from, to: range.to });
  if (to - from + 1 > REPORT_RANGE_MAX_DAYS) {
    throw new ReportsError('report_range_too_long', { maxDays: REPORT_RANGE_MAX_DAYS });
  }
  const days: string[] = [];
  for (let d = from; d <= to; d++) days.push(dayText(d));
  return days;
}

const emptyFigures = (): ReportFigures => ({
  rounds: 0,
  stakes: 0,
  payouts: 0,
  ggr: 0,
  registrations: 0,
  firstDepositCount: 0,
  firstDepositAmount: 0,
  depositCount: 0,
  depositAmount: 0,
  withdrawalCount: 0,
  withdrawalAmount: 0,
  bonusCount: 0,
  bonusAmount: 0,
  ngr: 0,
  activePlayers: 0,
});

const finish = (f: ReportFigures): ReportFigures => {
  f.ggr = f.stakes - f.payouts;
  f.ngr = f.ggr - f.bonusAmount;
  return f;
};

const play = (rows: { rounds: number; stake: number; payout: number }[]) => {
  const out = { rounds: 0, stakes: 0, payouts: 0, ggr: 0 };
  for (const r of rows) {
    out.rounds += r.rounds;
    out.stakes += r.stake;
    out.payouts += r.payout;
  }
  out.ggr = out.stakes - out.payouts;
  return out;
};

function groupPlay<K extends string>(
  rows: { vendor: string; game_type: string; rounds: number; stake: number; payout: number }[],
  keyOf: (r: (typeof rows)[number]) => string,
  name: K,
) {
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = keyOf(r);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.entries()]
    .map(
      ([key, group]) => ({ [name]: key, ...play(group) }) as { [P in K]: string } & ReturnType<typeof play>,
    )
    .sort((a, b) => b.stakes - a.stakes || (a[name] < b[name] ? -1 : 1));
}

/**
 * The back-office dashboard over a range of merchant days, in one currency: per-day series (every
 * day, empty ones included), totals (active players counted once each over the range), per vendor
 * and per game type. Reads only the rollups: four small queries, side by side, then the
 * active-player sets of the days this gateway does not hold current (reports.active-cache.ts).
 */
export async function dashboard(
  db: DbOrTrx,
  range: DayRange,
  currency: string,
  timeZone: string,
): Promise<ReportDashboard> {
  const days = daysOf(range);
  const [dayRows, regRows, gameRows, generation] = await Promise.all([
    dayTotals(db, currency, range.from, range.to),
    registrationTotals(db, range.from, range.to),
    gameTotals(db, currency, range.from, range.to),
    rollupGeneration(db),
  ]);
  const active = await activeCacheOf(db).count(
    currency,
    new Map(dayRows.map((r) => [r.day, r.active_players])),
    generation,
    (stale) => activeMembersOfDays(db, currency, stale),
  );
  const byDay = new Map(days.map((day) => [day, emptyFigures()]));
  for (const r of dayRows) {
    const f = byDay.get(r.day);
    if (!f) continue;
    f.rounds = r.rounds;
    f.stakes = r.stake;
    f.payouts = r.payout;
    f.firstDepositCount = r.first_deposit_count;
    f.firstDepositAmount = r.first_deposit_amount;
    f.depositCount = r.deposit_count;
    f.depositAmount = r.deposit_amount;
    f.withdrawalCount = r.withdrawal_count;
    f.withdrawalAmount = r.withdrawal_amount;
    f.bonusCount = r.bonus_count;
    f.bonusAmount = r.bonus_amount;
    f.activePlayers = r.active_players;
  }
  for (const r of regRows) {
    const f = byDay.get(r.day);
    if (f) f.registrations = r.registrations;
  }
  const totals = emptyFigures();
  const series = days.map((day) => {
    const f = finish(byDay.get(day)!);
    for (const key of Object.keys(totals) as (keyof ReportFigures)[]) totals[key] += f[key];
    return { day, ...f };
  });
  finish(totals);
  totals.activePlayers = active;
  return {
    from: range.from,
    to: range.to,
    currency,
    timeZone,
    totals,
    days: series,
    vendors: groupPlay(gameRows, (r) => r.vendor, 'vendor'),
    gameTypes: groupPlay(gameRows, (r) => r.game_type, 'gameType'),
  };
}

/** Members named at once in memberDaily (a team is read in slices of this many). */
export const MEMBER_DAILY_MAX_MEMBERS = 10_000;

/** One member's sums over a range, in one currency. */
export interface MemberFigures {
  memberId: number;
  currency: string;
  rounds: number;
  stake: number;
  payout: number;
  /** payout - stake: the member's own profit and loss (the house's GGR with the sign turned). */
  profit: number;
  depositCount: number;
  depositAmount: number;
  withdrawalCount: number;
  withdrawalAmount: number;
  bonusAmount: number;
  /** Days of the range with at least one settled round. */
  activeDays: number;
}

/**
 * The agent centre's team figures: each named member's sums over a range of merchant days (per
 * currency; members with nothing in the range are absent), and their totals per currency. The
 * caller names the team (e.g. the member module's downline of an agent): the rollups know no tree.
 */
export async function memberDaily(
  db: DbOrTrx,
  memberIds: readonly number[],
  range: DayRange,
): Promise<{ members: MemberFigures[]; totals: Omit<MemberFigures, 'memberId'>[] }> {
  daysOf(range);
  if (memberIds.length > MEMBER_DAILY_MAX_MEMBERS) {
    throw new ReportsError('report_too_many_members', { max: MEMBER_DAILY_MAX_MEMBERS });
  }
  if (memberIds.length === 0) return { members: [], totals: [] };
  const rows = await memberSums(db, memberIds, range.from, range.to);
  const members = rows.map((r) => ({
    memberId: r.member_id,
    currency: r.currency,
    rounds: r.rounds,
    stake: r.stake,
    payout: r.payout,
    profit: r.payout - r.stake,
    depositCount: r.deposit_count,
    depositAmount: r.deposit_amount,
    withdrawalCount: r.withdrawal_count,
    withdrawalAmount: r.withdrawal_amount,
    bonusAmount: r.bonus_amount,
    activeDays: r.active_days,
  }));
  const totals = new Map<string, Omit<MemberFigures, 'memberId'>>();
  for (const { memberId: _memberId, ...m } of members) {
    const t = totals.get(m.currency);
    if (!t) {
      totals.set(m.currency, { ...m });
      continue;
    }
    for (const key of Object.keys(m) as (keyof typeof m)[]) {
      if (key !== 'currency') t[key] += m[key];
    }
  }
  return { members, totals: [...totals.values()] };
}

/** An agent's whole team (every member below it, not itself) summed over a range, in one currency. */
export type TeamFigures = Omit<MemberFigures, 'memberId' | 'activeDays'> & { agentId: number };

/**
 * Each named agent's team figures over a range of merchant days, from the team rollups (a few rows
 * an agent whatever the team's size), per currency; agents whose team did nothing are absent.
 */
export async function teamDaily(
  db: DbOrTrx,
  agentIds: readonly number[],
  range: DayRange,
): Promise<TeamFigures[]> {
  daysOf(range);
  if (agentIds.length > MEMBER_DAILY_MAX_MEMBERS) {
    throw new ReportsError('report_too_many_members', { max: MEMBER_DAILY_MAX_MEMBERS });
  }
  if (agentIds.length === 0) return [];
  return (await teamSums(db, agentIds, range.from, range.to)).map((r) => ({
    agentId: r.agent_id,
    currency: r.currency,
    rounds: r.rounds,
    stake: r.stake,
    payout: r.payout,
    profit: r.payout - r.stake,
    depositCount: r.deposit_count,
    depositAmount: r.deposit_amount,
    withdrawalCount: r.withdrawal_count,
    withdrawalAmount: r.withdrawal_amount,
    bonusAmount: r.bonus_amount,
  }));
}

/**
 * How many of the agent's team had a settled round in one merchant day ('D', start = the day), week
 * from Monday ('W', start = that Monday) or month ('M', start = its first day), per currency.
 */
export async function teamActiveMembers(
  db: DbOrTrx,
  agentId: number,
  period: 'D' | 'W' | 'M',
  periodStart: string,
): Promise<Map<string, number>> {
  const rows = await teamActiveCount(db, agentId, period, periodStart);
  return new Map(rows.map((r) => [r.currency, r.n]));
}
