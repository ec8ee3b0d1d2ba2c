import { partitionOf } from '../../platform/events/event-catalogue.ts';
import { localDate } from '../wallet/index.ts';

/*
 * The merchant's day of an instant, and a member's shard. Every time zone's offset and every DST
 * change falls on a quarter hour, so one quarter hour lies wholly inside one local day: the day is
 * looked up once per quarter hour and zone (the rebuild asks for millions of instants).
 */

const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_CACHED = 20_000;
const days = new Map<string, string>();

/** The merchant-local date ('YYYY-MM-DD') of `at` in `timeZone`. */
export function merchantDay(at: Date | string, timeZone: string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  let day = days.get(key);
  if (day === undefined) {
    day = localDate(new Date(quarter * QUARTER_HOUR_MS), timeZone);
    if (days.size >= MAX_CACHED) days.clear();
    days.set(key, day);
  }
  return day;
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();
const hours = new Map<string, string>();

/**
 * The instant (ISO-8601 UTC) the merchant-local hour of `at` began in `timeZone`: the hour rollups'
 * key. Offsets fall on quarter hours, so the local minute at the start of `at`'s quarter hour says
 * how far back the local hour began (a half-hour zone's hours begin at :30 UTC); a DST change's
 * repeated local hour is two hours here, as it was lived.
 */
export function merchantHour(at: Date | string, timeZone: string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  let hour = hours.get(key);
  if (hour === undefined) {
    let f = minuteFormats.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', { timeZone, minute: 'numeric' });
      minuteFormats.set(timeZone, f);
    }
    const start = quarter * QUARTER_HOUR_MS;
    const localMinute = Number(f.formatToParts(start).find((p) => p.type === 'minute')?.value ?? 0);
    hour = new Date(start - localMinute * 60_000).toISOString();
    if (hours.size >= MAX_CACHED) hours.clear();
    hours.set(key, hour);
  }
  return hour;
}

/** The rollup shard of a member's rows: its events' partition, so one dispatcher transaction writes
 *  only its own shard's rows (events of every kind are keyed by member id). */
export const shardOf = (memberId: number): number => partitionOf(String(memberId));
