import { describe, expect, it } from 'vitest';
import { CatalogueCache } from './catalogue-cache.ts';

/** A cache on a hand-moved clock and a hand-set catalogue version. */
function setup(maxEntries = 3) {
  let now = 0;
  let version = 1;
  let versionReads = 0;
  const cache = new CatalogueCache(
    async () => {
      versionReads++;
      return version;
    },
    { checkEveryMs: 1000, maxEntries, now: () => now },
  );
  let loads = 0;
  const load = (value: string) => async () => {
    loads++;
    return value;
  };
  return {
    cache,
    load,
    loads: () => loads,
    versionReads: () => versionReads,
    tick: (ms: number) => (now += ms),
    bump: () => version++,
  };
}

describe('CatalogueCache', () => {
  it('answers from memory until the catalogue version moves, read at most once per interval', async () => {
    const c = setup();
    expect(await c.cache.get('a', c.load('a1'))).toBe('a1');
    expect(await c.cache.get('a', c.load('a2'))).toBe('a1');
    expect(c.loads()).toBe(1);
    c.bump();
    // Within the interval the version is not read again: the old answer stands.
    c.tick(999);
    expect(await c.cache.get('a', c.load('a3'))).toBe('a1');
    expect(c.versionReads()).toBe(1);
    c.tick(1);
    expect(await c.cache.get('a', c.load('a4'))).toBe('a4');
    expect(c.versionReads()).toBe(2);
  });

  it('shares one load between concurrent callers and does not keep a failure', async () => {
    const c = setup();
    const [x, y] = await Promise.all([c.cache.get('k', c.load('v')), c.cache.get('k', c.load('w'))]);
    expect([x, y, c.loads()]).toEqual(['v', 'v', 1]);
    await expect(c.cache.get('bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await c.cache.get('bad', c.load('ok'))).toBe('ok');
  });

  it('drops the least recently used entry beyond its size, and everything on invalidate', async () => {
    const c = setup(2);
    await c.cache.get('a', c.load('a'));
    await c.cache.get('b', c.load('b'));
    await c.cache.get('a', c.load('a!')); // a is now the most recent
    await c.cache.get('c', c.load('c')); // evicts b
    expect(await c.cache.get('a', c.load('a?'))).toBe('a');
    expect(await c.cache.get('b', c.load('b2'))).toBe('b2');
    c.cache.invalidate();
    expect(await c.cache.get('a', c.load('a3'))).toBe('a3');
  });
});
