import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairRandom } from './fairness.ts';
import { seededRandom } from './random.ts';
import { HOUSE_SLOT } from './slot-game.ts';
import { evaluateSpin, lineWin, playSlot, slotRtp, type SlotDefinition } from './slot.ts';

/** A small reel set (7 × 6 × 6 × 6 × 7 stops) whose every combination can be played in a test. */
const SMALL: SlotDefinition = {
  code: 'TEST',
  targetRtpBp: 9_000,
  reels: [
    ['a', 'b', 'w', 'c', 's', 'b', 'c'],
    ['a', 'w', 'b', 's', 'c', 'b'],
    ['b', 'a', 's', 'w', 'c', 'c'],
    ['c', 'b', 'w', 'a', 's', 'b'],
    ['a', 'c', 'b', 's', 'b', 'w', 'c'],
  ],
  lines: HOUSE_SLOT.lines.slice(0, 9),
  wild: 'w',
  scatter: 's',
  paytable: {
    w: [0, 0, 0, 20, 60, 300],
    a: [0, 0, 0, 10, 30, 100],
    b: [0, 0, 0, 4, 10, 40],
    c: [0, 0, 0, 2, 5, 20],
  },
  scatterPays: [0, 0, 0, 2, 8, 40],
  freeSpins: { trigger: 3, spins: 5, multiplier: 3 },
  minBetPerLine: 1,
  maxBetPerLine: 1000,
};

/** Plays every stop combination of a definition through the real spin code, all lines at bet 1. */
function bruteForceRtp(definition: SlotDefinition): number {
  const lengths = definition.reels.map((strip) => strip.length);
  const combinations = lengths.reduce((a, b) => a * b, 1);
  const bet = { betPerLine: 1, lines: definition.lines.length };
  let paid = 0;
  let triggers = 0;
  const stops = [0, 0, 0, 0, 0];
  for (let n = 0; n < combinations; n++) {
    let rest = n;
    for (let r = 0; r < 5; r++) {
      stops[r] = rest % lengths[r]!;
      rest = Math.floor(rest / lengths[r]!);
    }
    const spin = evaluateSpin(definition, stops, bet);
    paid += spin.payout;
    if (spin.scatterCount >= definition.freeSpins!.trigger) triggers += 1;
  }
  const base = paid / combinations / bet.lines;
  const award = definition.freeSpins!;
  return base + (triggers / combinations) * award.spins * award.multiplier * base;
}

describe('slot line rules', () => {
  const line = (...symbols: string[]) => lineWin(SMALL, symbols);

  it('pays the run from reel 1, wilds standing in', () => {
    expect(line('a', 'a', 'a', 'b', 'a')).toEqual({ symbol: 'a', count: 3, multiplier: 10 });
    expect(line('a', 'w', 'a', 'a', 'c')).toEqual({ symbol: 'a', count: 4, multiplier: 30 });
    expect(line('w', 'b', 'w', 'b', 'b')).toEqual({ symbol: 'b', count: 5, multiplier: 40 });
    expect(line('b', 'a', 'a', 'a', 'a')).toBeNull();
    expect(line('a', 'a', 'c', 'c', 'c')).toBeNull();
  });

  it('pays a run of wilds alone by the wild entry when that is more', () => {
    expect(line('w', 'w', 'w', 'c', 'b')).toEqual({ symbol: 'w', count: 3, multiplier: 20 });
    expect(line('w', 'w', 'w', 'a', 'a')).toEqual({ symbol: 'a', count: 5, multiplier: 100 });
    expect(line('w', 'w', 'w', 'w', 'w')).toEqual({ symbol: 'w', count: 5, multiplier: 300 });
  });

  it('does not let a wild stand in for the scatter, nor the scatter start a line', () => {
    expect(line('s', 'a', 'a', 'a', 'a')).toBeNull();
    expect(line('w', 'w', 's', 'a', 'a')).toBeNull();
    expect(line('w', 'w', 'w', 's', 's')).toEqual({ symbol: 'w', count: 3, multiplier: 20 });
  });

  it('evaluates a window: lines, scatters anywhere, payouts in minor units', () => {
    // Stops chosen so the middle row reads a w a a a and three scatters are in view.
    const spin = evaluateSpin(SMALL, [6, 0, 0, 2, 6], { betPerLine: 25, lines: 9 });
    expect(spin.grid).toEqual([
      ['c', 'a', 'b', 'w', 'c'],
      ['a', 'w', 'a', 'a', 'a'],
      ['b', 'b', 's', 's', 'c'],
    ]);
    expect(spin.lineWins.find((w) => w.line === 1)).toEqual({
      line: 1,
      symbol: 'a',
      count: 5,
      multiplier: 100,
      payout: 2500,
    });
    expect(spin.scatterCount).toBe(2);
    expect(spin.scatterWin).toBe(0);
    const lines = spin.lineWins.reduce((sum, w) => sum + w.payout, 0);
    expect(spin.payout).toBe(lines);
  });

  it('pays scatters on the total bet and plays free spins from the same stream', () => {
    // Find a seed whose first spin shows 3+ scatters.
    let seed = 0;
    let outcome = playSlot(SMALL, seededRandom(seed), { betPerLine: 10, lines: 5 });
    while (outcome.base.scatterCount < 3)
      outcome = playSlot(SMALL, seededRandom(++seed), { betPerLine: 10, lines: 5 });
    expect(outcome.base.scatterWin).toBe(SMALL.scatterPays[outcome.base.scatterCount]! * 50);
    expect(outcome.freeSpins).toHaveLength(5);
    for (const spin of outcome.freeSpins) expect(spin.multiplier).toBe(3);
    expect(outcome.totalPayout).toBe(
      outcome.base.payout + outcome.freeSpins.reduce((s, f) => s + f.payout, 0),
    );
    expect(Number.isSafeInteger(outcome.totalPayout)).toBe(true);
  });

  it.each([
    [{ betPerLine: 0, lines: 20 }, 'slot_bad_bet'],
    [{ betPerLine: 1.5, lines: 20 }, 'slot_bad_bet'],
    [{ betPerLine: 10_001, lines: 20 }, 'slot_bet_out_of_range'],
    [{ betPerLine: 10, lines: 0 }, 'slot_bad_lines'],
    [{ betPerLine: 10, lines: 21 }, 'slot_bad_lines'],
    [{ betPerLine: 10, lines: 2.5 }, 'slot_bad_lines'],
  ])('refuses %j', (bet, code) => {
    expect(() => playSlot(HOUSE_SLOT, seededRandom(1), bet)).toThrow(expect.objectContaining({ code }));
  });
});

describe('slot RTP', () => {
  it('the exact calculation equals a brute-force play of every stop combination', () => {
    const exact = slotRtp(SMALL);
    expect(exact.combinations).toBe(7 * 6 * 6 * 6 * 7);
    expect(exact.rtp).toBeCloseTo(bruteForceRtp(SMALL), 12);
    expect(exact.freeSpinsRtp).toBeGreaterThan(0);
  });

  it('the same without free spins, and with a different line set', () => {
    const definition = { ...SMALL, freeSpins: null, lines: HOUSE_SLOT.lines };
    const exact = slotRtp(definition);
    const withoutAward = { ...definition, freeSpins: { trigger: 99, spins: 0, multiplier: 1 } };
    expect(exact.rtp).toBeCloseTo(bruteForceRtp(withoutAward), 12);
    expect(exact.freeSpinsRtp).toBe(0);
  });

  it('a seeded simulation of the small set agrees within 4 standard errors', () => {
    const exact = slotRtp(SMALL).rtp;
    const random = seededRandom(2026);
    const bet = { betPerLine: 1, lines: 9 };
    const rounds = 100_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < rounds; i++) {
      const x = playSlot(SMALL, random, bet).totalPayout / 9;
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / rounds;
    const stderr = Math.sqrt((sumSq / rounds - mean * mean) / rounds);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * stderr);
  });

  it('the house slot returns 96% within 0.1 percentage point, independent of lines played', () => {
    const { rtp, lineRtp, scatterRtp, freeSpinsRtp, freeSpinsChance } = slotRtp(HOUSE_SLOT);
    expect(Math.abs(rtp - HOUSE_SLOT.targetRtpBp / 10_000)).toBeLessThan(0.001);
    expect(lineRtp + scatterRtp + freeSpinsRtp).toBeCloseTo(rtp, 12);
    expect(freeSpinsChance).toBeGreaterThan(0.01);
    expect(HOUSE_SLOT.lines).toHaveLength(20);
    expect(new Set(HOUSE_SLOT.lines.map((l) => l.join(''))).size).toBe(20);
  });

  it('the house slot plays from the fair stream: stops are the first draws (node:crypto oracle)', () => {
    const serverSeed = 'b'.repeat(64);
    const digest = createHmac('sha256', serverSeed).update('me:0:0').digest();
    const outcome = playSlot(HOUSE_SLOT, fairRandom({ serverSeed, clientSeed: 'me', nonce: 0 }), {
      betPerLine: 5,
      lines: 20,
    });
    const expected = HOUSE_SLOT.reels.map((strip, r) => digest.readUInt32BE(r * 4) % strip.length);
    // Strip lengths (32, 34) reject only words in the top 0-31 of 2^32: the first five words decide.
    expect(outcome.base.stops).toEqual(expected);
    expect(outcome.totalBet).toBe(100);
  });
});
