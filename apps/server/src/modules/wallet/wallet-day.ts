/**
 * The merchant's day: "daily" limits (withdraw dailyCount and dailyAmount) count what was asked for
 * since 00:00 of today in the merchant's time zone (wallet settings `timeZone`, UTC unless set), so a
 * Brazilian merchant's day turns at midnight in Sao Paulo, not at 21:00 local.
 */

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormat.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time in `timeZone` at `at`, read as if it were UTC (milliseconds). */
function wallClockAsUtc(at: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(at)) p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** The instant 00:00 of `now`'s day began in `timeZone` (DST-safe: the offset is taken at midnight). */
export function startOfDay(now: Date, timeZone = 'UTC'): Date {
  const offsetAt = (t: number) => wallClockAsUtc(t, timeZone) - (t - (t % 1000));
  const d = new Date(wallClockAsUtc(now.getTime(), timeZone));
  const midnightWall = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  // First guess with the offset at `now`, then corrected with the offset at the guess itself.
  const guess = midnightWall - offsetAt(now.getTime());
  return new Date(midnightWall - offsetAt(guess));
}

/**
 * The instant the local day `day` (yyyy-mm-dd) begins in `timeZone`: its local midnight, so
 * `dayStartIn('2026-03-10', 'America/Sao_Paulo')` is 2026-03-10T03:00Z.
 */
export function dayStartIn(day: string, timeZone = 'UTC'): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(wall)) throw new RangeError(`not a calendar day: ${day}`);
  // Near local midnight (the offset at the wall time read as UTC), then two hours in, safely inside
  // the day whatever the offset did in between; startOfDay finds the day's true start.
  const nearMidnight = wall - (wallClockAsUtc(wall, timeZone) - wall);
  return startOfDay(new Date(nearMidnight + 2 * 3_600_000), timeZone);
}

export type CalendarPeriod = 'day' | 'week' | 'month';

/** The local date (YYYY-MM-DD) in `timeZone` at `at`. */
export function localDate(at: Date, timeZone = 'UTC'): string {
  return new Date(wallClockAsUtc(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** 00:00 of the local day after the one `dayStart` begins (days last 23 to 25 hours: +30 h is inside the next). */
const nextDayStart = (dayStart: Date, timeZone: string) =>
  startOfDay(new Date(dayStart.getTime() + 30 * 3_600_000), timeZone);

/**
 * The merchant's calendar periods (days, weeks from Monday, or months) that meet [from, to), in order:
 * each with its first local day and the instants it begins and ends. Reports bucket by these, so a
 * Sao Paulo merchant's "day" is its own midnight to midnight, whatever the server's zone.
 */
export function calendarPeriods(
  from: Date,
  to: Date,
  period: CalendarPeriod,
  timeZone = 'UTC',
): { label: string; start: Date; end: Date }[] {
  // Back from from's local day to the period's first day (Monday, or the 1st).
  let start = startOfDay(from, timeZone);
  const firstDayOf = (d: Date) => {
    const [, , day] = localDate(d, timeZone).split('-').map(Number);
    if (period === 'month') return day === 1;
    if (period === 'week') return new Date(`${localDate(d, timeZone)}T00:00:00Z`).getUTCDay() === 1;
    return true;
  };
  while (!firstDayOf(start)) start = startOfDay(new Date(start.getTime() - 18 * 3_600_000), timeZone);
  const periods: { label: string; start: Date; end: Date }[] = [];
  while (start < to) {
    let end = nextDayStart(start, timeZone);
    while (!firstDayOf(end)) end = nextDayStart(end, timeZone);
    periods.push({ label: localDate(start, timeZone), start, end });
    start = end;
  }
  return periods;
}
