/**
 * Lottery schedules: a day (in the schedule's time zone, a fixed UTC offset) is cut into periods of
 * `periodSeconds`, numbered from 1; period n of day D has the id `YYYYMMDD-nnnn` (e.g. 20261123-0042).
 * It opens when the previous one draws, closes to bets `closeSeconds` before its draw, and draws at
 * its end. Times are epoch milliseconds.
 */
import { HouseGameError } from './errors.ts';

export interface LotterySchedule {
  /** Period length in seconds; divides a day (86,400 s). */
  periodSeconds: number;
  /** Bets close this many seconds before the draw. */
  closeSeconds: number;
  /** The time zone days and period numbers follow, as minutes east of UTC (0 = UTC). */
  utcOffsetMinutes: number;
}

export interface LotteryPeriod {
  periodId: string;
  /** The day, YYYYMMDD in the schedule's time zone. */
  day: string;
  /** 1-based number of the period in its day. */
  number: number;
  opensAt: number;
  closesAt: number;
  drawAt: number;
}

export type BettingState = 'upcoming' | 'open' | 'closed';

const DAY_MS = 86_400_000;
const PERIOD_ID = /^(\d{4})(\d{2})(\d{2})-(\d{4})$/;

export function assertSchedule(schedule: LotterySchedule): void {
  const { periodSeconds, closeSeconds, utcOffsetMinutes } = schedule;
  if (!Number.isInteger(periodSeconds) || periodSeconds < 10 || 86_400 % periodSeconds !== 0) {
    throw new HouseGameError(
      'lottery_bad_schedule',
      'The period length must divide a day into whole seconds.',
    );
  }
  if (!Number.isInteger(closeSeconds) || closeSeconds < 0 || closeSeconds >= periodSeconds) {
    throw new HouseGameError('lottery_bad_schedule', 'Bets must close before the draw, inside the period.');
  }
  if (!Number.isInteger(utcOffsetMinutes) || Math.abs(utcOffsetMinutes) > 14 * 60) {
    throw new HouseGameError('lottery_bad_schedule', 'The UTC offset is whole minutes within ±14 hours.');
  }
}

function periodOf(schedule: LotterySchedule, dayStartLocal: number, number: number): LotteryPeriod {
  const offsetMs = schedule.utcOffsetMinutes * 60_000;
  const periodMs = schedule.periodSeconds * 1000;
  const opensAt = dayStartLocal - offsetMs + (number - 1) * periodMs;
  const drawAt = opensAt + periodMs;
  const date = new Date(dayStartLocal);
  const day =
    String(date.getUTCFullYear()).padStart(4, '0') +
    String(date.getUTCMonth() + 1).padStart(2, '0') +
    String(date.getUTCDate()).padStart(2, '0');
  return {
    periodId: `${day}-${String(number).padStart(4, '0')}`,
    day,
    number,
    opensAt,
    closesAt: drawAt - schedule.closeSeconds * 1000,
    drawAt,
  };
}

/** The period running at `time` (opensAt <= time < drawAt). */
export function periodAt(schedule: LotterySchedule, time: number): LotteryPeriod {
  assertSchedule(schedule);
  if (!Number.isSafeInteger(time))
    throw new HouseGameError('lottery_bad_time', 'A time is epoch milliseconds.');
  const local = time + schedule.utcOffsetMinutes * 60_000;
  const dayStartLocal = Math.floor(local / DAY_MS) * DAY_MS;
  const number = Math.floor((local - dayStartLocal) / (schedule.periodSeconds * 1000)) + 1;
  return periodOf(schedule, dayStartLocal, number);
}

/** The period a well-formed id names on this schedule; a bad or impossible id is a HouseGameError. */
export function periodById(schedule: LotterySchedule, periodId: string): LotteryPeriod {
  assertSchedule(schedule);
  const match = typeof periodId === 'string' ? PERIOD_ID.exec(periodId) : null;
  const bad = (): HouseGameError =>
    new HouseGameError('lottery_unknown_period', `No period ${String(periodId)} on this schedule.`);
  if (match === null) throw bad();
  const [, y, m, d, n] = match;
  const dayStartLocal = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const number = Number(n);
  const check = new Date(dayStartLocal);
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() + 1 !== Number(m) ||
    check.getUTCDate() !== Number(d) ||
    number < 1 ||
    number > 86_400 / schedule.periodSeconds
  ) {
    throw bad();
  }
  return periodOf(schedule, dayStartLocal, number);
}

/** Whether a period takes bets at `time`: upcoming (not open yet), open, or closed (draw due or done). */
export function bettingState(period: LotteryPeriod, time: number): BettingState {
  if (time < period.opensAt) return 'upcoming';
  return time < period.closesAt ? 'open' : 'closed';
}

/** `count` consecutive periods from the one running at `time` (for a lobby's timetable). */
export function nextPeriods(schedule: LotterySchedule, time: number, count: number): LotteryPeriod[] {
  const periods: LotteryPeriod[] = [];
  let at = time;
  for (let i = 0; i < count; i++) {
    const period = periodAt(schedule, at);
    periods.push(period);
    at = period.drawAt;
  }
  return periods;
}
