import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '@banca/contract';
import { localeOf } from './locale';
import { throttle } from './throttle';

/**
 * Clocks and calendar days as the screens use them: a ticking "now", a countdown in whole seconds,
 * a throttled callback, a duration as mm:ss, moments and the viewer's calendar days against the UTC
 * instants the wire speaks.
 */

/**
 * Now (ms since the epoch, plus `offset`: the server's clock when known), re-read every `every` ms
 * while `active`; frozen while not.
 */
export function useNow(every: number, { active = true, offset = 0 } = {}): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now() + offset), every);
    return () => clearInterval(timer);
  }, [every, active, offset]);
  return now;
}

/** A countdown in whole seconds from `start(seconds)`; 0 when idle. */
export const useCountdown = () => {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  const start = useCallback((seconds: number) => {
    stop();
    const end = Date.now() + seconds * 1000;
    setLeft(seconds);
    timer.current = setInterval(() => {
      const next = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) stop();
    }, 250);
  }, []);
  return { left, start };
};

/** mm:ss (or h:mm:ss) of a non-negative number of milliseconds, for a countdown. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** A local calendar day (yyyy-mm-dd) as the UTC instant of its local midnight (the wire speaks UTC). */
export const localMidnight = (day: string, plusDays = 0): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
};

/** A calendar day (yyyy-mm-dd) moved by `plusDays`, as a calendar day: no zone involved. */
export const shiftDay = (day: string, plusDays: number): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays))
    .toISOString()
    .slice(0, 10);
};

/** Today in the viewer's calendar, yyyy-mm-dd, moved by `plusDays`. */
export const localDay = (plusDays = 0): string => {
  const d = new Date();
  d.setDate(d.getDate() + plusDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** "GMT-03:00" for the viewer's zone at `date`. */
export const gmtOffset = (date: Date): string => {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `GMT${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/** A throttled callback (once per `ms`, as lib/throttle.ts `throttle`) of the component's current `fn`. */
export const useThrottled = <A extends unknown[]>(fn: (...args: A) => void, ms: number) => {
  // One gate per component, kept across renders; each call runs the `fn` of the render that made it.
  const [gate] = useState(() => throttle((run: () => void) => run(), ms));
  return (...args: A): boolean => gate(() => fn(...args));
};

/** A moment as the record pages show it: short date, time with seconds, in the viewer's zone. */
export const dateTimeFormat = (language: Language): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'short', timeStyle: 'medium' });
