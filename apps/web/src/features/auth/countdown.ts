import { useCallback, useEffect, useRef, useState } from 'react';
import { SMS_COUNTDOWN_DEFAULT_MINUTES } from '@banca/contract';

/**
 * How long an SMS code stays valid, in minutes: the server's CODE_TTL_MS (verification module), also
 * stated in the SMS text. Shown under the code field beside the resend countdown, which is shorter.
 */
export const SMS_CODE_VALID_MINUTES = 5;

/** Seconds the send button stays disabled: expiredMinutes x 60 (spec section 4), 1 minute by default. */
export const countdownSeconds = (expiredMinutes?: number | null): number =>
  Math.round((expiredMinutes && expiredMinutes > 0 ? expiredMinutes : SMS_COUNTDOWN_DEFAULT_MINUTES) * 60);

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

/**
 * Once per `ms` (spec section 5: captcha refresh and SMS send, 1 s): a call within the window after
 * the previous one is dropped. `now` is injectable for tests.
 */
export const throttle = <A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  now = () => Date.now(),
) => {
  let last = -Infinity;
  return (...args: A): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    fn(...args);
    return true;
  };
};

/** A throttled callback (once per `ms`, as `throttle`) of the current `fn`. */
export const useThrottled = <A extends unknown[]>(fn: (...args: A) => void, ms: number) => {
  const last = useRef(-Infinity);
  return (...args: A): boolean => {
    const now = Date.now();
    if (now - last.current < ms) return false;
    last.current = now;
    fn(...args);
    return true;
  };
};
