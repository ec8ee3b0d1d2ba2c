import { useState } from 'react';

/**
 * Leading-edge throttle: runs `fn` at most once per `ms` and drops the calls in between (spec
 * section 5 and 9: captcha refresh, SMS send and the favourite toggle, 1 s). Returns whether the call
 * ran. `now` is injectable for tests.
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

/** A throttled callback (once per `ms`, as `throttle`) of the component's current `fn`. */
export const useThrottled = <A extends unknown[]>(fn: (...args: A) => void, ms: number) => {
  // One gate per component, kept across renders; each call runs the `fn` of the render that made it.
  const [gate] = useState(() => throttle((run: () => void) => run(), ms));
  return (...args: A): boolean => gate(() => fn(...args));
};
