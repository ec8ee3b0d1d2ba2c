import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DICE_RULES, diceRtp, diceRtpExact, playDice, quoteDice, type DiceBet } from './dice.ts';
import { fairRandom } from './fairness.ts';
import type { RandomSource } from './random.ts';

/** A source whose first word is the roll itself (any word below 4294960000 is accepted as word % 10000). */
const rolling = (roll: number): RandomSource => ({ nextUint32: () => roll });

describe('dice', () => {
  it('prices a bet from its chance and the 1% edge', () => {
    expect(quoteDice({ stake: 1000, direction: 'under', target: 5000 })).toEqual({
      chanceCount: 5000,
      chancePercent: 50,
      multiplierNumerator: 9900,
      multiplierDenominator: 5000,
      multiplier: 1.98,
      payoutIfWin: 1980,
    });
    const over = quoteDice({ stake: 1000, direction: 'over', target: 7499 });
    expect(over.chanceCount).toBe(2500);
    expect(over.multiplier).toBe(3.96);
    // 9900 / 3 = 3300 exactly; 9900 / 7 = 1414.28… rounds down to the minor unit.
    expect(quoteDice({ stake: 100, direction: 'under', target: 300 }).payoutIfWin).toBe(3300);
    expect(quoteDice({ stake: 100, direction: 'under', target: 700 }).payoutIfWin).toBe(1414);
    expect(quoteDice({ stake: 100, direction: 'under', target: 700 }).multiplier).toBe(14.1428);
  });

  it('wins under when the roll is below the target and over when above; the target itself loses both', () => {
    const under: DiceBet = { stake: 100, direction: 'under', target: 5000 };
    const over: DiceBet = { stake: 100, direction: 'over', target: 5000 };
    expect(playDice(rolling(4999), under)).toMatchObject({
      roll: 4999,
      rollText: '49.99',
      won: true,
      payout: 198,
    });
    expect(playDice(rolling(5000), under)).toMatchObject({ won: false, payout: 0 });
    expect(playDice(rolling(5000), over)).toMatchObject({ won: false, payout: 0 });
    expect(playDice(rolling(5001), over)).toMatchObject({ won: true, payout: 198 });
    expect(playDice(rolling(0), under).rollText).toBe('0.00');
    expect(playDice(rolling(9999), over).rollText).toBe('99.99');
  });

  it('rolls the first draw of the fair stream (node:crypto oracle)', () => {
    const serverSeed = 'a'.repeat(64);
    const digest = createHmac('sha256', serverSeed).update('player:3:0').digest();
    const word = digest.readUInt32BE(0);
    const outcome = playDice(fairRandom({ serverSeed, clientSeed: 'player', nonce: 3 }), {
      stake: 100,
      direction: 'under',
      target: 5000,
    });
    // The first word is accepted unless it is one of the top 7,296 of 2^32 (then the next is used).
    expect(word).toBeLessThan(4_294_960_000);
    expect(outcome.roll).toBe(word % 10_000);
  });

  it('returns exactly 1 - edge over the 10,000 rolls when the payout is whole', () => {
    expect(diceRtp()).toBe(0.99);
    for (const direction of ['under', 'over'] as const) {
      for (const target of [101, 4950, 9800]) {
        const chance = direction === 'under' ? target : 9999 - target;
        if (chance < 100 || chance > 9800) continue;
        const bet = { stake: chance * 10, direction, target }; // stake × 9900 / chance is whole
        let paid = 0;
        for (let roll = 0; roll < 10_000; roll++) paid += playDice(rolling(roll), bet).payout;
        expect(paid / (10_000 * bet.stake)).toBeCloseTo(0.99, 12);
        expect(diceRtpExact(bet)).toBeCloseTo(0.99, 12);
      }
    }
    // Otherwise the rounding down takes less than a minor unit off each win.
    const rtp = diceRtpExact({ stake: 100, direction: 'under', target: 700 });
    expect(rtp).toBeLessThan(0.99);
    expect(rtp).toBeGreaterThan(0.99 - 700 / 10_000 / 100);
  });

  it.each([
    [{ stake: 0, direction: 'under', target: 5000 }, 'bad_stake'],
    [{ stake: 1.5, direction: 'under', target: 5000 }, 'bad_stake'],
    [{ stake: -100, direction: 'under', target: 5000 }, 'bad_stake'],
    [{ stake: 100, direction: 'sideways', target: 5000 }, 'dice_bad_direction'],
    [{ stake: 100, direction: 'under', target: 50.5 }, 'dice_bad_target'],
    [{ stake: 100, direction: 'under', target: -1 }, 'dice_bad_target'],
    [{ stake: 100, direction: 'over', target: 10_000 }, 'dice_bad_target'],
    [{ stake: 100, direction: 'under', target: 99 }, 'dice_chance_out_of_range'],
    [{ stake: 100, direction: 'under', target: 9801 }, 'dice_chance_out_of_range'],
    [{ stake: 100, direction: 'over', target: 9900 }, 'dice_chance_out_of_range'],
    [{ stake: 100, direction: 'over', target: 198 }, 'dice_chance_out_of_range'],
  ])('refuses %j', (bet, code) => {
    expect(() => playDice(rolling(1), bet as DiceBet)).toThrow(expect.objectContaining({ code }));
  });

  it('accepts the chance limits themselves', () => {
    expect(quoteDice({ stake: 100, direction: 'under', target: 100 }).chanceCount).toBe(
      DEFAULT_DICE_RULES.minChanceCount,
    );
    expect(quoteDice({ stake: 100, direction: 'over', target: 199 }).chanceCount).toBe(
      DEFAULT_DICE_RULES.maxChanceCount,
    );
  });

  it('pays large stakes exactly (no float rounding)', () => {
    const stake = 9_007_199_254_740; // ~9e12 minor units
    expect(quoteDice({ stake, direction: 'under', target: 5000 }).payoutIfWin).toBe(
      Number((BigInt(stake) * 9900n) / 5000n),
    );
  });
});
