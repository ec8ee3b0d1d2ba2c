/**
 * Leading-edge throttle: runs `fn` at most once per `ms` and drops calls in between (the favourite
 * toggle, spec section 9: 1000 ms). Returns whether the call ran. `now` is injectable for tests.
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
