import { describe, expect, it } from 'vitest';
import { CatalogueCache } from './catalogue-cache.ts';

/** A cache on a hand-moved clock and a hand-set catalogue version; snapshots are numbered builds. */
function setup(maxEntries = 3) {
  let now = 0;
  let version = 1;
  let versionReads = 0;
  let builds = 0;
  const cache = new CatalogueCache(
    async () => ({ version, build: ++builds }),
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
    builds: () => builds,
    versionReads: () => versionReads,
    tick: (ms: number) => (now += ms),
    bump: () => ++version,
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
    // The snapshot is rebuilt with the answers, once per version.
    expect(c.builds()).toBe(2);
    expect((await c.cache.snapshot()).version).toBe(2);
  });

  it('rebuilds at once for a change event, without waiting for the next version read', async () => {
    const c = setup();
    expect(await c.cache.get('a', c.load('a1'))).toBe('a1');
    c.cache.changed(c.bump());
    // No time passed: the event alone makes the next call answer from the new version.
    expect(await c.cache.get('a', c.load('a2'))).toBe('a2');
    expect((await c.cache.snapshot()).version).toBe(2);
    expect([c.versionReads(), c.builds()]).toEqual([1, 2]);
    // An event for a version already held changes nothing.
    c.cache.changed(2);
    c.cache.changed(1);
    expect(await c.cache.get('a', c.load('a3'))).toBe('a2');
    expect(c.builds()).toBe(2);
  });

  it('keeps rebuilding until it holds the version an event named (a build that raced the change)', async () => {
    let version = 1;
    let builds = 0;
    const cache = new CatalogueCache(
      async () => {
        builds++;
        // The first rebuild reads the catalogue just before the change commits.
        const seen = version;
        if (builds === 2) version = 3;
        return { version: seen };
      },
      async () => version,
      { checkEveryMs: 60_000, maxEntries: 10 },
    );
    expect((await cache.snapshot()).version).toBe(1);
    cache.changed(3);
    expect((await cache.snapshot()).version).toBe(1);
    expect((await cache.snapshot()).version).toBe(3);
    expect(builds).toBe(3);
  });

  it('shares one load between concurrent callers and does not keep a failure', async () => {
    const c = setup();
    const [x, y] = await Promise.all([c.cache.get('k', c.load('v')), c.cache.get('k', c.load('w'))]);
    expect([x, y, c.loads()]).toEqual(['v', 'v', 1]);
    expect(c.builds()).toBe(1);
    await expect(c.cache.get('bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await c.cache.get('bad', c.load('ok'))).toBe('ok');
  });

  it('does not keep a failed build: the next call builds again', async () => {
    let fail = true;
    const cache = new CatalogueCache(
      async () => {
        if (fail) throw new Error('database down');
        return { version: 1 };
      },
      async () => 1,
    );
    await expect(cache.snapshot()).rejects.toThrow('database down');
    fail = false;
    expect((await cache.snapshot()).version).toBe(1);
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
    expect(c.builds()).toBe(2);
  });

  it('keeps an answer only from its second ask while remembered (getAskedAgain)', async () => {
    const c = setup(2);
    // Asked once: answered, not kept.
    expect(await c.cache.getAskedAgain('a', c.load('a1'))).toBe('a1');
    // Asked again: made again and kept from now on.
    expect(await c.cache.getAskedAgain('a', c.load('a2'))).toBe('a2');
    expect(await c.cache.getAskedAgain('a', c.load('a3'))).toBe('a2');
    expect(c.loads()).toBe(2);
    // Kept answers are shared with get, and one kept by get is a hit at once.
    expect(await c.cache.get('a', c.load('a4'))).toBe('a2');
    await c.cache.get('b', c.load('b1'));
    expect(await c.cache.getAskedAgain('b', c.load('b2'))).toBe('b1');
    // Only the last 2 * maxEntries keys asked once are remembered: a key asked long ago is new again.
    for (const key of ['x', 'y', 'z', 'w', 'v']) await c.cache.getAskedAgain(key, c.load(key));
    expect(await c.cache.getAskedAgain('x', c.load('x2'))).toBe('x2');
    expect(await c.cache.getAskedAgain('x', c.load('x3'))).toBe('x3');
    expect(await c.cache.getAskedAgain('x', c.load('x4'))).toBe('x3');
    // A new catalogue version forgets what was asked with the old one.
    c.cache.changed(c.bump());
    expect(await c.cache.getAskedAgain('x', c.load('x5'))).toBe('x5');
    expect(await c.cache.getAskedAgain('x', c.load('x6'))).toBe('x6');
    expect(await c.cache.getAskedAgain('x', c.load('x7'))).toBe('x6');
    // A failure is not kept.
    await c.cache.getAskedAgain('bad', c.load('ok'));
    await expect(c.cache.getAskedAgain('bad', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await c.cache.getAskedAgain('bad', c.load('ok2'))).toBe('ok2');
  });

  it('peeks at a made answer only while its snapshot needs no check, and never one dropped', async () => {
    const c = setup(3);
    // Nothing before the first build, nor for a key never kept.
    expect(c.cache.peek('a')).toBeUndefined();
    await c.cache.get('a', c.load('a1'));
    expect(c.cache.peek('a')).toBe('a1');
    expect(c.cache.peek('zz')).toBeUndefined();
    // Asked once by getAskedAgain: answered, not kept, so not peeked either.
    await c.cache.getAskedAgain('once', c.load('o1'));
    expect(c.cache.peek('once')).toBeUndefined();
    // Not while it is being made, nor when making it failed.
    let finish!: (value: string) => void;
    const making = c.cache.get('slow', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(c.cache.peek('slow')).toBeUndefined();
    finish('s1');
    expect(await making).toBe('s1');
    expect(c.cache.peek('slow')).toBe('s1');
    await expect(c.cache.get('bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(c.cache.peek('bad')).toBeUndefined();
    // Peeking counts as a use: 'a' stays and 'slow' goes when 'b' and 'c' come in (three entries).
    expect(c.cache.peek('a')).toBe('a1');
    await c.cache.get('b', c.load('b1'));
    await c.cache.get('c', c.load('c1'));
    expect(c.cache.peek('slow')).toBeUndefined();
    expect(c.cache.peek('a')).toBe('a1');
    // Due a version check, or told of a newer version: nothing until a call has rebuilt.
    c.tick(1000);
    expect(c.cache.peek('a')).toBeUndefined();
    expect(await c.cache.get('a', c.load('a2'))).toBe('a1');
    expect(c.cache.peek('a')).toBe('a1');
    c.cache.changed(c.bump());
    expect(c.cache.peek('a')).toBeUndefined();
    expect(await c.cache.get('a', c.load('a3'))).toBe('a3');
    expect(c.cache.peek('a')).toBe('a3');
    c.cache.invalidate();
    expect(c.cache.peek('a')).toBeUndefined();
  });
});
