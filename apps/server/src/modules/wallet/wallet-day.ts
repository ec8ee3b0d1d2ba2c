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
