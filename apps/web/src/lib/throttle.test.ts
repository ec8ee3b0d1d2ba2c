import { describe, expect, it } from 'vitest';
import { throttle } from './throttle';

describe('favourite toggle throttle (spec section 9: once a second)', () => {
  it('runs the first call and drops calls within the window', () => {
    let clock = 0;
    const calls: number[] = [];
    const run = throttle(
      (n: number) => calls.push(n),
      1000,
      () => clock,
    );
    expect(run(1)).toBe(true);
    clock = 999;
    expect(run(2)).toBe(false);
    clock = 1000;
    expect(run(3)).toBe(true);
    clock = 1500;
    expect(run(4)).toBe(false);
    expect(calls).toEqual([1, 3]);
  });
});
