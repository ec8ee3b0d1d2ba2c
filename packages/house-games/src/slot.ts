/**
 * A 5-reel, 3-row video slot with fixed paylines, a wild and a scatter (docs/house-games.md).
 *
 * Rules:
 * - Each reel is a circular strip; a spin draws one stop per reel, reel 1 to 5, with
 *   `uniformInt(random, strip.length)`; the window shows strip[stop], strip[stop+1], strip[stop+2]
 *   (wrapping) as rows 1-3.
 * - A line pays the longest run from the leftmost reel of one symbol, wilds standing in for any symbol
 *   but the scatter: pay = paytable[symbol][run length] × bet per line. A run of wilds alone pays the
 *   wild's own entry; when both are possible the line pays the larger. One win per line.
 * - Scatters pay anywhere in the window: scatterPays[count] × total bet (bet per line × lines).
 * - `freeSpins.trigger` or more scatters award `freeSpins.spins` free spins on the same reels, every
 *   win in them multiplied by `freeSpins.multiplier`; free spins do not award more free spins.
 * - All pays are whole multiples of the bet, so every payout is a whole number of minor units.
 *
 * The RTP is exact (`slotRtp`): reels are independent and a line takes one cell per reel, so every
 * line has the same distribution (each reel's cell is a uniformly chosen strip position) and the line
 * RTP is the sum, over all symbol 5-tuples, of the product of per-reel symbol counts times the line
 * win. Scatters: the count of scatters in each reel's window, per stop, convolved over the reels. Free
 * spins add P(trigger) × spins × multiplier × (base RTP), since they play the same reels.
 */
import { assertStake, HouseGameError } from './errors.ts';
import { uniformInt, type RandomSource } from './random.ts';

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

export interface SlotDefinition {
  code: string;
  /** The RTP the game was tuned to, in basis points; its exact RTP (`slotRtp`) is within 10 bp of it. */
  targetRtpBp: number;
  /** Five circular strips of symbol ids. */
  reels: string[][];
  /** Each line is the row (0-2) it takes on reels 1-5. */
  lines: number[][];
  wild: string;
  scatter: string;
  /** Line pays in multiples of the bet per line, indexed by run length (0-5); 0 = no pay. */
  paytable: Record<string, readonly number[]>;
  /** Scatter pays in multiples of the total bet, indexed by the count of scatters in the window. */
  scatterPays: readonly number[];
  freeSpins: { trigger: number; spins: number; multiplier: number } | null;
  /** Allowed bet per line in minor units. */
  minBetPerLine: number;
  maxBetPerLine: number;
}

export interface SlotBet {
  /** Bet per line in minor units. */
  betPerLine: number;
  /** Lines played: the first `lines` lines of the definition (1 to all). */
  lines: number;
}

export interface SlotLineWin {
  /** The line's number, 1-based. */
  line: number;
  symbol: string;
  /** Run length from reel 1 (3-5). */
  count: number;
  /** Pay in multiples of the bet per line. */
  multiplier: number;
  payout: number;
}

export interface SlotSpin {
  stops: number[];
  /** grid[row][reel], 3 rows of 5 symbol ids. */
  grid: string[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  scatterWin: number;
  /** Free spins' multiplier applied to this spin's wins (1 on the base spin). */
  multiplier: number;
  /** This spin's payout: (line wins + scatter win) × multiplier. */
  payout: number;
}

export interface SlotOutcome {
  bet: SlotBet;
  totalBet: number;
  base: SlotSpin;
  freeSpins: SlotSpin[];
  /** Everything the round pays back, in minor units. */
  totalPayout: number;
}

/** Checks a bet against the definition; answers the total bet. */
export function checkSlotBet(definition: SlotDefinition, bet: SlotBet): number {
  assertStake(bet.betPerLine, 'slot_bad_bet');
  if (bet.betPerLine < definition.minBetPerLine || bet.betPerLine > definition.maxBetPerLine) {
    throw new HouseGameError(
      'slot_bet_out_of_range',
      `The bet per line is between ${definition.minBetPerLine} and ${definition.maxBetPerLine} minor units.`,
    );
  }
  if (!Number.isInteger(bet.lines) || bet.lines < 1 || bet.lines > definition.lines.length) {
    throw new HouseGameError('slot_bad_lines', `Lines are from 1 to ${definition.lines.length}.`);
  }
  return bet.betPerLine * bet.lines;
}

/** The multiple of the line bet a line of five symbols pays, and the symbol and run it pays for. */
export function lineWin(
  definition: SlotDefinition,
  symbols: readonly string[],
): { symbol: string; count: number; multiplier: number } | null {
  const { wild, scatter, paytable } = definition;
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === wild) wilds += 1;
  const wildPay = paytable[wild]?.[wilds] ?? 0;
  const first = symbols[wilds];
  let symbolPay = 0;
  let count = wilds;
  if (first !== undefined && first !== scatter) {
    while (count < symbols.length && (symbols[count] === first || symbols[count] === wild)) count += 1;
    symbolPay = paytable[first]?.[count] ?? 0;
  }
  if (symbolPay === 0 && wildPay === 0) return null;
  if (symbolPay >= wildPay) return { symbol: first!, count, multiplier: symbolPay };
  return { symbol: wild, count: wilds, multiplier: wildPay };
}

/** The window of each reel for the given stops, as grid[row][reel]. */
function windowOf(definition: SlotDefinition, stops: readonly number[]): string[][] {
  const grid: string[][] = [];
  for (let row = 0; row < SLOT_ROWS; row++) {
    grid.push(definition.reels.map((strip, reel) => strip[(stops[reel]! + row) % strip.length]!));
  }
  return grid;
}

/** Evaluates one spin for given stops (no randomness): line wins, scatters, payout. */
export function evaluateSpin(
  definition: SlotDefinition,
  stops: readonly number[],
  bet: SlotBet,
  multiplier = 1,
): SlotSpin {
  const grid = windowOf(definition, stops);
  const lineWins: SlotLineWin[] = [];
  let lineTotal = 0;
  for (let index = 0; index < bet.lines; index++) {
    const rows = definition.lines[index]!;
    const win = lineWin(
      definition,
      rows.map((row, reel) => grid[row]![reel]!),
    );
    if (win === null) continue;
    const payout = win.multiplier * bet.betPerLine * multiplier;
    lineWins.push({
      line: index + 1,
      symbol: win.symbol,
      count: win.count,
      multiplier: win.multiplier,
      payout,
    });
    lineTotal += payout;
  }
  let scatterCount = 0;
  for (const row of grid) for (const symbol of row) if (symbol === definition.scatter) scatterCount += 1;
  const scatterWin = (definition.scatterPays[scatterCount] ?? 0) * bet.betPerLine * bet.lines * multiplier;
  return {
    stops: [...stops],
    grid,
    lineWins,
    scatterCount,
    scatterWin,
    multiplier,
    payout: lineTotal + scatterWin,
  };
}

function drawStops(definition: SlotDefinition, random: RandomSource): number[] {
  return definition.reels.map((strip) => uniformInt(random, strip.length));
}

/**
 * Plays one round: the base spin's stops are the stream's first five draws, then each free spin's five
 * in turn. `totalPayout` (minor units, whole) is what the round credits; the stake is `totalBet`.
 */
export function playSlot(definition: SlotDefinition, random: RandomSource, bet: SlotBet): SlotOutcome {
  const totalBet = checkSlotBet(definition, bet);
  const base = evaluateSpin(definition, drawStops(definition, random), bet);
  const freeSpins: SlotSpin[] = [];
  const award = definition.freeSpins;
  if (award !== null && base.scatterCount >= award.trigger) {
    for (let i = 0; i < award.spins; i++) {
      freeSpins.push(evaluateSpin(definition, drawStops(definition, random), bet, award.multiplier));
    }
  }
  const totalPayout = freeSpins.reduce((sum, spin) => sum + spin.payout, base.payout);
  return { bet: { betPerLine: bet.betPerLine, lines: bet.lines }, totalBet, base, freeSpins, totalPayout };
}

export interface SlotRtp {
  /** Return to player as a fraction of the total bet (0.96 = 96%), exact up to float division. */
  rtp: number;
  /** Line wins of base spins. */
  lineRtp: number;
  /** Scatter wins of base spins. */
  scatterRtp: number;
  /** Everything won in free spins. */
  freeSpinsRtp: number;
  /** Probability a base spin awards free spins. */
  freeSpinsChance: number;
  /** Stop combinations the figures are exact over (product of the strip lengths). */
  combinations: number;
}

/** Counts of each symbol on a strip. */
function symbolCounts(strip: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return counts;
}

/** The exact RTP of a definition (independent of the bet and of the number of lines played). */
export function slotRtp(definition: SlotDefinition): SlotRtp {
  const reels = definition.reels;
  const combinations = reels.reduce((n, strip) => n * strip.length, 1);

  // Line: the sum over symbol 5-tuples of (ways = product of per-reel counts) × line multiple.
  const perReel = reels.map((strip) => [...symbolCounts(strip)]);
  let lineSum = 0;
  const symbols: string[] = [];
  const walk = (reel: number, ways: number): void => {
    if (reel === reels.length) {
      const win = lineWin(definition, symbols);
      if (win !== null) lineSum += ways * win.multiplier;
      return;
    }
    for (const [symbol, count] of perReel[reel]!) {
      symbols[reel] = symbol;
      walk(reel + 1, ways * count);
    }
  };
  walk(0, 1);

  // Scatter: per reel, how many stops show 0, 1, 2, 3 scatters in the window; convolved over the reels.
  let ways = [1];
  for (const strip of reels) {
    const perStop = [0, 0, 0, 0];
    for (let stop = 0; stop < strip.length; stop++) {
      let n = 0;
      for (let row = 0; row < SLOT_ROWS; row++)
        if (strip[(stop + row) % strip.length] === definition.scatter) n++;
      perStop[n]! += 1;
    }
    const next = new Array<number>(ways.length + SLOT_ROWS).fill(0);
    ways.forEach((w, k) => perStop.forEach((p, n) => (next[k + n]! += w * p)));
    ways = next;
  }
  let scatterSum = 0;
  let triggerWays = 0;
  ways.forEach((w, k) => {
    scatterSum += w * (definition.scatterPays[k] ?? 0);
    if (definition.freeSpins !== null && k >= definition.freeSpins.trigger) triggerWays += w;
  });

  const lineRtp = lineSum / combinations;
  const scatterRtp = scatterSum / combinations;
  const freeSpinsChance = triggerWays / combinations;
  const award = definition.freeSpins;
  const freeSpinsRtp =
    award === null ? 0 : freeSpinsChance * award.spins * award.multiplier * (lineRtp + scatterRtp);
  return {
    rtp: lineRtp + scatterRtp + freeSpinsRtp,
    lineRtp,
    scatterRtp,
    freeSpinsRtp,
    freeSpinsChance,
    combinations,
  };
}
