/**
 * Dice: a roll of 0.00-99.99 (10,000 equally likely outcomes, held as integer hundredths 0-9999);
 * the player bets the roll lands under or over a target.
 *
 * - under target t wins when roll < t: t winning outcomes; over target t wins when roll > t: 9999 - t.
 * - chance = winning outcomes / 10,000; multiplier = (100% - house edge) / chance
 *   = (10,000 - edgeBp) / winningOutcomes; payout = floor(stake * multiplier) in minor units.
 * - RTP = chance * multiplier = 1 - edge exactly, before the rounding down of the payout to the minor
 *   unit (which takes less than one minor unit off a win).
 * - The roll: `uniformInt(random, 10000)`, the first draw of the round's stream.
 */
import { assertStake, HouseGameError, mulDivFloor } from './errors.ts';
import { uniformInt, type RandomSource } from './random.ts';

export const DICE_OUTCOMES = 10_000;

export interface DiceRules {
  /** House edge in basis points of the stake (100 = 1%). */
  houseEdgeBp: number;
  /** Fewest winning outcomes a bet may have (100 = 1.00% chance). */
  minChanceCount: number;
  /** Most winning outcomes a bet may have (9800 = 98.00% chance). */
  maxChanceCount: number;
}

export const DEFAULT_DICE_RULES: DiceRules = { houseEdgeBp: 100, minChanceCount: 100, maxChanceCount: 9_800 };

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  /** Stake in minor units. */
  stake: number;
  direction: DiceDirection;
  /** The target in hundredths: 4950 is 49.50. */
  target: number;
}

export interface DiceQuote {
  /** Winning outcomes out of 10,000. */
  chanceCount: number;
  /** The chance in percent, e.g. 49.5. */
  chancePercent: number;
  /** The exact multiplier as a fraction: payout = floor(stake * numerator / denominator). */
  multiplierNumerator: number;
  multiplierDenominator: number;
  /** The multiplier rounded down to 4 decimals, for display (e.g. 2.0000). */
  multiplier: number;
  /** What a win pays for this stake, stake included. */
  payoutIfWin: number;
}

export interface DiceOutcome extends DiceQuote {
  bet: DiceBet;
  /** The roll in hundredths, 0-9999. */
  roll: number;
  /** The roll as shown, e.g. "07.31" is shown as "7.31". */
  rollText: string;
  won: boolean;
  /** Paid back in minor units, stake included (0 on a loss). */
  payout: number;
}

/** The winning outcomes of a direction and target (no range check). */
function winningOutcomes(direction: DiceDirection, target: number): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

/** Checks a bet (stake, direction, target, chance within the rules) and prices it. */
export function quoteDice(bet: DiceBet, rules: DiceRules = DEFAULT_DICE_RULES): DiceQuote {
  assertStake(bet.stake);
  if (bet.direction !== 'under' && bet.direction !== 'over') {
    throw new HouseGameError('dice_bad_direction', 'The direction is "under" or "over".');
  }
  if (!Number.isInteger(bet.target) || bet.target < 0 || bet.target >= DICE_OUTCOMES) {
    throw new HouseGameError('dice_bad_target', 'The target is a whole number of hundredths from 0 to 9999.');
  }
  const chanceCount = winningOutcomes(bet.direction, bet.target);
  if (chanceCount < rules.minChanceCount || chanceCount > rules.maxChanceCount) {
    throw new HouseGameError(
      'dice_chance_out_of_range',
      `The chance must be between ${rules.minChanceCount / 100}% and ${rules.maxChanceCount / 100}%.`,
    );
  }
  const numerator = DICE_OUTCOMES - rules.houseEdgeBp;
  return {
    chanceCount,
    chancePercent: chanceCount / 100,
    multiplierNumerator: numerator,
    multiplierDenominator: chanceCount,
    multiplier: Math.floor((numerator * 10_000) / chanceCount) / 10_000,
    payoutIfWin: mulDivFloor(bet.stake, numerator, chanceCount),
  };
}

/** Plays one roll: validates, draws the roll from `random`, settles. */
export function playDice(
  random: RandomSource,
  bet: DiceBet,
  rules: DiceRules = DEFAULT_DICE_RULES,
): DiceOutcome {
  const quote = quoteDice(bet, rules);
  const roll = uniformInt(random, DICE_OUTCOMES);
  const won = bet.direction === 'under' ? roll < bet.target : roll > bet.target;
  return {
    chanceCount: quote.chanceCount,
    chancePercent: quote.chancePercent,
    multiplierNumerator: quote.multiplierNumerator,
    multiplierDenominator: quote.multiplierDenominator,
    multiplier: quote.multiplier,
    payoutIfWin: quote.payoutIfWin,
    bet: { stake: bet.stake, direction: bet.direction, target: bet.target },
    roll,
    rollText: (roll / 100).toFixed(2),
    won,
    payout: won ? quote.payoutIfWin : 0,
  };
}

/** The stated RTP of dice under these rules: 1 - edge, exactly (as a fraction of 1). */
export function diceRtp(rules: DiceRules = DEFAULT_DICE_RULES): number {
  return (DICE_OUTCOMES - rules.houseEdgeBp) / DICE_OUTCOMES;
}

/**
 * The exact RTP of one bet at one stake (winning rolls × rounded-down payout / (10,000 × stake)): shows
 * what the rounding down of the payout to the minor unit costs (nothing when stake × multiplier is whole).
 */
export function diceRtpExact(bet: DiceBet, rules: DiceRules = DEFAULT_DICE_RULES): number {
  const quote = quoteDice(bet, rules);
  return (quote.chanceCount * quote.payoutIfWin) / (DICE_OUTCOMES * bet.stake);
}
