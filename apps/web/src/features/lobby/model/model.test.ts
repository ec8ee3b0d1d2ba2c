import { describe, expect, it } from 'vitest';
import { addFavourite, removeFavourite } from './favourites';
import { sessionCache } from './session-cache';

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
