import { describe, expect, it } from 'vitest';
import { addFavourite, removeFavourite } from './favourites';
import { sessionCache } from './session-cache';
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

describe('local favourite lists (spec section 4)', () => {
  const a = { nodeId: 'a' };
  const b = { nodeId: 'b' };
  it('adds in front, and skips a game already present', () => {
    expect(addFavourite([a], b)).toEqual([b, a]);
    const list = [a, b];
    expect(addFavourite(list, { nodeId: 'a' })).toBe(list);
  });
  it('removes by nodeId', () => {
    expect(removeFavourite([a, b], 'a')).toEqual([b]);
    expect(removeFavourite([a], 'zz')).toEqual([a]);
  });
});

describe('session cache', () => {
  it('writes, reads and clears JSON under its key', () => {
    sessionStorage.clear();
    const cache = sessionCache<string[]>('HOT_GAMES');
    expect(cache.read()).toBeUndefined();
    cache.write(['x']);
    expect(sessionStorage.getItem('HOT_GAMES')).toBe('["x"]');
    expect(cache.read()).toEqual(['x']);
    cache.clear();
    expect(cache.read()).toBeUndefined();
  });
  it('reads broken JSON or failing storage as empty', () => {
    sessionStorage.setItem('gameVendor', '{oops');
    expect(sessionCache('gameVendor').read()).toBeUndefined();
    const failing = sessionCache('x', () => {
      throw new Error('blocked');
    });
    expect(failing.read()).toBeUndefined();
    expect(() => failing.write(1)).not.toThrow();
  });
});
