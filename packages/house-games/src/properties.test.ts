import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playDice } from './dice.ts';
import { HouseGameError, mulDivFloor } from './errors.ts';
import { settleBet } from './lottery.ts';
import { LOTTERY_TABLES } from './lottery-tables.ts';
import { seededRandom, uniformInt } from './random.ts';
import { HOUSE_SLOT } from './slot-game.ts';
import { playSlot } from './slot.ts';

describe('properties (fast-check)', () => {
  it('uniformInt stays in [0, n) whatever the words', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 32 }),
        fc.array(fc.nat({ max: 2 ** 32 - 1 }), { minLength: 1 }),
        (n, words) => {
          let i = 0;
          const source = { nextUint32: () => (i < words.length ? words[i++]! : 0) };
          const x = uniformInt(source, n);
          expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
        },
      ),
    );
  });

  it('mulDivFloor is floor(a × b / c) exactly', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 2 ** 40 }),
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (a, b, c) => {
          const exact = (BigInt(a) * BigInt(b)) / BigInt(c);
          if (exact > BigInt(Number.MAX_SAFE_INTEGER)) return;
          expect(mulDivFloor(a, b, c)).toBe(Number(exact));
        },
      ),
    );
  });

  it('a dice round pays 0 or the quoted win, never more than stake × multiplier', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.constantFrom('under' as const, 'over' as const),
        fc.integer({ min: 0, max: 9999 }),
        fc.nat(),
        (stake, direction, target, seed) => {
          try {
            const o = playDice(seededRandom(seed), { stake, direction, target });
            expect([0, o.payoutIfWin]).toContain(o.payout);
            expect(o.payoutIfWin * o.chanceCount).toBeLessThanOrEqual(stake * 9900);
            expect(o.roll >= 0 && o.roll <= 9999).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(HouseGameError); // chance outside 1-98%: refused, not mispriced
          }
        },
      ),
    );
  });

  it('a slot round pays whole minor units, the sum of its spins', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 20 }),
        (seed, betPerLine, lines) => {
          const o = playSlot(HOUSE_SLOT, seededRandom(seed), { betPerLine, lines });
          expect(o.totalBet).toBe(betPerLine * lines);
          expect(Number.isSafeInteger(o.totalPayout) && o.totalPayout >= 0).toBe(true);
          expect(o.base.grid).toHaveLength(3);
          for (const row of o.base.grid) expect(row).toHaveLength(5);
          expect(o.totalPayout).toBe([o.base, ...o.freeSpins].reduce((s, spin) => s + spin.payout, 0));
          for (const w of o.base.lineWins) expect(w.line).toBeLessThanOrEqual(lines);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a lottery bet pays 0 or floor(stake × odds), on every table', () => {
    const bets = fc.constantFrom(...LOTTERY_TABLES).chain((table) =>
      fc.record({
        table: fc.constant(table),
        market: fc.constantFrom(...table.markets),
        stake: fc.integer({ min: table.minStake, max: table.maxStake }),
        digits: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 5, maxLength: 5 }),
      }),
    );
    fc.assert(
      fc.property(bets, fc.nat(), ({ table, market, stake, digits }, pick) => {
        const selection = market.selections[pick % market.selections.length]!;
        const r = settleBet(table, { market: market.code, selection: selection.code, stake }, digits);
        expect(r.payout).toBe(r.won ? Math.floor((stake * selection.odds) / 100) : 0);
      }),
    );
  });
});
