import { PLAY_MONEY_CURRENCY } from '@banca/contract';
import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { settledRoundsPage } from '../games/index.ts';
import { registeredMembers, uplinesOf } from '../member/index.ts';
import {
  bonusCreditsPage,
  createWalletSettings,
  creditedDepositsPage,
  paidWithdrawalsPage,
  type MoneyFact,
} from '../wallet/index.ts';
import { FACT } from './reports.consumer.ts';
import { merchantDay, shardOf } from './reports.days.ts';
import { insertRollupRows, lockAndClearRollups } from './reports.repository.ts';
import type { ReportsTables } from './reports.table.ts';
import { teamHourRebuild } from './reports.team-hour.ts';

/** What a rebuild counted. */
export interface RebuildSummary {
  timeZone: string;
  rounds: number;
  deposits: number;
  withdrawals: number;
  bonuses: number;
  registrations: number;
  /** Rows written per rollup table. */
  rows: Record<Exclude<keyof ReportsTables, 'report_generation'>, number>;
}

const PAGE = 5_000;

type Row<T extends keyof ReportsTables> = Insertable<ReportsTables[T]>;
type DayRow = Required<Row<'report_day'>>;
type MemberDayRow = Required<Row<'report_member_day'>>;

/** The Monday of a day's week and the first of its month ('YYYY-MM-DD'), as date_trunc cuts them. */
export function periodStarts(day: string): { week: string; month: string } {
  const t = Date.parse(`${day}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return { week: new Date(t - back * 86_400_000).toISOString().slice(0, 10), month: `${day.slice(0, 8)}01` };
}

/** report_team_active_count from the rows it counts. */
function teamActiveCounts(
  active: readonly Required<Row<'report_team_active'>>[],
): Required<Row<'report_team_active_count'>>[] {
  const counts = new Map<string, Required<Row<'report_team_active_count'>>>();
  for (const a of active) {
    const key = `${a.agent_id}|${a.period}|${a.period_start}|${a.currency}`;
    const row = counts.get(key);
    if (row) row.members += 1;
    else
      counts.set(key, {
        agent_id: a.agent_id,
        period: a.period,
        period_start: a.period_start,
        currency: a.currency,
        members: 1,
      });
  }
  return [...counts.values()];
}

/**
 * The team rollups from the member rollups: each member's day added to every upline's team day (in
 * the member's shard), and each member active on a day marked in its uplines' day, week and month.
 */
async function teamRollups(
  db: DbOrTrx,
  memberDays: readonly MemberDayRow[],
): Promise<{ days: Required<Row<'report_team_day'>>[]; active: Required<Row<'report_team_active'>>[] }> {
  const ids = [...new Set(memberDays.map((m) => m.member_id))];
  const uplines = new Map<number, number[]>();
  for (let i = 0; i < ids.length; i += PAGE) {
    for (const [id, list] of await uplinesOf(db, ids.slice(i, i + PAGE))) uplines.set(id, list);
  }
  const days = new Map<string, Required<Row<'report_team_day'>>>();
  const active = new Map<string, Required<Row<'report_team_active'>>>();
  for (const m of memberDays) {
    const shard = shardOf(m.member_id);
    const starts = periodStarts(m.day);
    for (const agentId of uplines.get(m.member_id) ?? []) {
      const key = `${agentId}|${m.day}|${m.currency}|${shard}`;
      let row = days.get(key);
      if (!row) {
        row = {
          agent_id: agentId,
          day: m.day,
          currency: m.currency,
          shard,
          rounds: 0,
          stake: 0,
          payout: 0,
          deposit_count: 0,
          deposit_amount: 0,
          withdrawal_count: 0,
          withdrawal_amount: 0,
          bonus_amount: 0,
        };
        days.set(key, row);
      }
      row.rounds += m.rounds;
      row.stake += m.stake;
      row.payout += m.payout;
      row.deposit_count += m.deposit_count;
      row.deposit_amount += m.deposit_amount;
      row.withdrawal_count += m.withdrawal_count;
      row.withdrawal_amount += m.withdrawal_amount;
      row.bonus_amount += m.bonus_amount;
      if (m.rounds === 0) continue;
      for (const [period, periodStart] of [
        ['D', m.day],
        ['W', starts.week],
        ['M', starts.month],
      ] as const) {
        const activeKey = `${agentId}|${period}|${periodStart}|${m.currency}|${m.member_id}`;
        if (!active.has(activeKey)) {
          active.set(activeKey, {
            agent_id: agentId,
            period,
            period_start: periodStart,
            currency: m.currency,
            member_id: m.member_id,
          });
        }
      }
    }
  }
  return { days: [...days.values()], active: [...active.values()] };
}

/** Reads pages of a source by id until one comes back short. */
async function eachPage<T extends { id: number }>(
  read: (afterId: number) => Promise<T[]>,
  handle: (rows: T[]) => Promise<void>,
): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) {
      await handle(rows);
      after = rows.at(-1)!.id;
      total += rows.length;
    }
    if (rows.length < PAGE) return total;
  }
}

/**
 * Recomputes every rollup from the sources, in one transaction: the settled rounds (games' face),
 * the credited deposits, paid withdrawals and bonus credits (wallet's face) and the registered
 * members (member's face). Idempotent: it empties the rollups and writes them again, so running it
 * twice leaves the same rows. The tables are locked against writes while it runs (dashboards keep
 * reading the old figures until its commit); the consumer's writes wait, then skip the facts it
 * counted (report_fact), so events in flight are neither lost nor counted twice.
 */
export async function rebuildReports(db: DbOrTrx, merchantCode: string): Promise<RebuildSummary> {
  const timeZone = (await createWalletSettings(db).get(merchantCode)).timeZone;
  return inTransaction(db, async (trx) => {
    await lockAndClearRollups(trx);
    const games = new Map<string, Required<Row<'report_game_day'>>>();
    const days = new Map<string, DayRow>();
    const registrations = new Map<string, Required<Row<'report_registration_day'>>>();
    const active = new Set<string>();
    const members = new Map<string, MemberDayRow>();
    const teamHours = teamHourRebuild(timeZone);
    let factRows = 0;
    const facts = async (source: string, refs: string[]) => {
      await insertRollupRows(
        trx,
        'report_fact',
        refs.map((ref) => ({ source, ref })),
      );
      factRows += refs.length;
    };
    const dayRow = (currency: string, day: string, shard: number): DayRow => {
      const key = `${currency}|${day}|${shard}`;
      let row = days.get(key);
      if (!row) {
        row = {
          currency,
          day,
          shard,
          rounds: 0,
          stake: 0,
          payout: 0,
          first_deposit_count: 0,
          first_deposit_amount: 0,
          deposit_count: 0,
          deposit_amount: 0,
          withdrawal_count: 0,
          withdrawal_amount: 0,
          bonus_count: 0,
          bonus_amount: 0,
          active_players: 0,
        };
        days.set(key, row);
      }
      return row;
    };
    const memberRow = (memberId: number, day: string, currency: string): MemberDayRow => {
      const key = `${memberId}|${day}|${currency}`;
      let row = members.get(key);
      if (!row) {
        row = {
          member_id: memberId,
          day,
          currency,
          rounds: 0,
          stake: 0,
          payout: 0,
          deposit_count: 0,
          deposit_amount: 0,
          withdrawal_count: 0,
          withdrawal_amount: 0,
          bonus_amount: 0,
        };
        members.set(key, row);
      }
      return row;
    };

    const rounds = await eachPage(
      (after) => settledRoundsPage(trx, after, PAGE),
      async (page) => {
        const refs: string[] = [];
        for (const r of page) {
          if (r.currency === PLAY_MONEY_CURRENCY) continue;
          refs.push(FACT.round(`${r.vendor}:${r.roundId}`));
          const day = merchantDay(r.settledAt, timeZone);
          const shard = shardOf(r.memberId);
          const gameKey = `${r.currency}|${day}|${r.vendor}|${r.gameType}|${shard}`;
          let game = games.get(gameKey);
          if (!game) {
            game = {
              currency: r.currency,
              day,
              vendor: r.vendor,
              game_type: r.gameType,
              shard,
              rounds: 0,
              stake: 0,
              payout: 0,
            };
            games.set(gameKey, game);
          }
          game.rounds += 1;
          game.stake += r.stake;
          game.payout += r.payout;
          const d = dayRow(r.currency, day, shard);
          d.rounds += 1;
          d.stake += r.stake;
          d.payout += r.payout;
          const m = memberRow(r.memberId, day, r.currency);
          m.rounds += 1;
          m.stake += r.stake;
          m.payout += r.payout;
          const activeKey = `${r.currency}|${day}|${r.memberId}`;
          if (!active.has(activeKey)) {
            active.add(activeKey);
            d.active_players += 1;
          }
          teamHours.add(r);
        }
        await facts('round', refs);
      },
    );

    // A member's first deposit is their earliest credited one (credit order: the wallet lock
    // serialises a member's credits, and the event says "first" when no other was credited yet).
    const firstDeposit = new Map<number, MoneyFact>();
    const money = async (
      source: 'deposit' | 'withdrawal' | 'bonus',
      read: (after: number) => Promise<MoneyFact[]>,
      add: (f: MoneyFact, day: DayRow, member: MemberDayRow) => void,
    ) =>
      eachPage(read, async (page) => {
        const refs: string[] = [];
        for (const f of page) {
          if (f.currency === PLAY_MONEY_CURRENCY) continue;
          refs.push(String(f.id));
          const day = merchantDay(f.at, timeZone);
          add(f, dayRow(f.currency, day, shardOf(f.memberId)), memberRow(f.memberId, day, f.currency));
        }
        await facts(source, refs);
      });
    const deposits = await money(
      'deposit',
      (after) => creditedDepositsPage(trx, merchantCode, after, PAGE),
      (f, d, m) => {
        d.deposit_count += 1;
        d.deposit_amount += f.amount;
        m.deposit_count += 1;
        m.deposit_amount += f.amount;
        const first = firstDeposit.get(f.memberId);
        if (!first || f.at < first.at || (f.at.getTime() === first.at.getTime() && f.id < first.id)) {
          firstDeposit.set(f.memberId, f);
        }
      },
    );
    for (const f of firstDeposit.values()) {
      const d = dayRow(f.currency, merchantDay(f.at, timeZone), shardOf(f.memberId));
      d.first_deposit_count += 1;
      d.first_deposit_amount += f.amount;
    }
    const withdrawals = await money(
      'withdrawal',
      (after) => paidWithdrawalsPage(trx, merchantCode, after, PAGE),
      (f, d, m) => {
        d.withdrawal_count += 1;
        d.withdrawal_amount += f.amount;
        m.withdrawal_count += 1;
        m.withdrawal_amount += f.amount;
      },
    );
    const bonuses = await money(
      'bonus',
      (after) => bonusCreditsPage(trx, merchantCode, after, PAGE),
      (f, d, m) => {
        d.bonus_count += 1;
        d.bonus_amount += f.amount;
        m.bonus_amount += f.amount;
      },
    );
    const registered = await eachPage(
      async (after) =>
        (await registeredMembers(trx, merchantCode, after, PAGE)).map((m) => ({ ...m, id: m.memberId })),
      async (page) => {
        for (const m of page) {
          const day = merchantDay(m.createdAt, timeZone);
          const shard = shardOf(m.memberId);
          const key = `${day}|${shard}`;
          const row = registrations.get(key) ?? { day, shard, registrations: 0 };
          row.registrations += 1;
          registrations.set(key, row);
        }
        await facts(
          'registration',
          page.map((m) => FACT.registration(m.memberId)),
        );
      },
    );

    const activeRows = [...active].map((key) => {
      const [currency, day, memberId] = key.split('|') as [string, string, string];
      return { currency, day, member_id: Number(memberId) };
    });
    await insertRollupRows(trx, 'report_game_day', [...games.values()]);
    await insertRollupRows(trx, 'report_day', [...days.values()]);
    await insertRollupRows(trx, 'report_registration_day', [...registrations.values()]);
    await insertRollupRows(trx, 'report_active_player', activeRows);
    await insertRollupRows(trx, 'report_member_day', [...members.values()]);
    const team = await teamRollups(trx, [...members.values()]);
    await insertRollupRows(trx, 'report_team_day', team.days);
    await insertRollupRows(trx, 'report_team_active', team.active);
    const activeCounts = teamActiveCounts(team.active);
    await insertRollupRows(trx, 'report_team_active_count', activeCounts);
    const teamHourRows = await teamHours.write(trx);
    return {
      timeZone,
      rounds,
      deposits,
      withdrawals,
      bonuses,
      registrations: registered,
      rows: {
        report_game_day: games.size,
        report_day: days.size,
        report_registration_day: registrations.size,
        report_active_player: activeRows.length,
        report_member_day: members.size,
        report_team_day: team.days.length,
        report_team_active: team.active.length,
        report_team_active_count: activeCounts.length,
        report_team_hour: teamHourRows,
        report_fact: factRows,
      },
    };
  });
}
