/**
 * Leading-edge throttle: runs `fn` at most once per `ms` and drops the calls in between (spec
 * section 5 and 9: captcha refresh, SMS send and the favourite toggle, 1 s). Returns whether the call
 * ran. `now` is injectable for tests. Components take it as `useThrottled` (lib/clock.ts, kept apart so
 * the home chunk that carries this one carries no hook).
 */
export const throttle = <A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  now: () => number = Date.now,
) => {
  let last = -Infinity;
  return (...args: A): boolean => {
    const at = now();
    if (at - last < ms) return false;
    last = at;
    fn(...args);
    return true;
  };
};
