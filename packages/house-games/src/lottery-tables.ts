/**
 * The quick lottery's regional variants: each its own markets, odds and schedule.
 *
 * Odds were set as floor(target RTP × 100,000 / winning draws), in hundredths; the exact RTP of every
 * selection (`lotteryRtp`) is therefore at the target or a little below (docs/house-games.md lists
 * them). Every selection wins in at least 10% of draws, so a 10-million-draw simulation pins its RTP
 * to about ±0.1 percentage point (bench/rtp.mjs).
 */
import type { Condition, LotteryMarket, LotterySelection, LotteryTable } from './lottery.ts';

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const BIG = [5, 6, 7, 8, 9];
const SMALL = [0, 1, 2, 3, 4];
const ODD = [1, 3, 5, 7, 9];
const EVEN = [0, 2, 4, 6, 8];
const ALL = [0, 1, 2, 3, 4];

const selection = (code: string, label: string, odds: number, condition: Condition): LotterySelection => ({
  code,
  label,
  odds,
  condition,
});

/** A position's digit: ten selections. */
function digitMarket(code: string, label: string, position: number, odds: number): LotteryMarket {
  return {
    code,
    label,
    selections: DIGITS.map((d) =>
      selection(String(d), String(d), odds, { type: 'digit', position, values: [d] }),
    ),
  };
}

/** A position's big (5-9) / small (0-4) or odd / even. */
function halvesMarket(
  code: string,
  label: string,
  position: number,
  kind: 'big-small' | 'odd-even',
  odds: number,
): LotteryMarket {
  const [a, b] = kind === 'big-small' ? (['big', 'small'] as const) : (['odd', 'even'] as const);
  const values = { big: BIG, small: SMALL, odd: ODD, even: EVEN };
  return {
    code,
    label,
    selections: [a, b].map((s) => selection(s, s, odds, { type: 'digit', position, values: values[s] })),
  };
}

/** Ranges of the sum of `positions`: each [code, min, max, odds]. */
function sumMarket(
  code: string,
  label: string,
  positions: number[],
  ranges: [string, number, number, number, ('odd' | 'even')?][],
): LotteryMarket {
  return {
    code,
    label,
    selections: ranges.map(([s, min, max, odds, parity]) =>
      selection(
        s,
        s,
        odds,
        parity === undefined
          ? { type: 'sum', positions, min, max }
          : { type: 'sum', positions, min, max, parity },
      ),
    ),
  };
}

/** Dragon (left digit greater), tiger (right greater) or tie. */
function dragonTigerMarket(left: number, right: number, odds: number, tieOdds: number): LotteryMarket {
  return {
    code: 'dragon-tiger',
    label: `Dragon / tiger / tie (position ${left + 1} against ${right + 1})`,
    selections: [
      selection('dragon', 'dragon', odds, { type: 'compare', left, right, result: 'greater' }),
      selection('tiger', 'tiger', odds, { type: 'compare', left, right, result: 'less' }),
      selection('tie', 'tie', tieOdds, { type: 'compare', left, right, result: 'equal' }),
    ],
  };
}

const positionMarkets = (digitOdds: number, halfOdds: number): LotteryMarket[] =>
  ALL.flatMap((p) => [
    digitMarket(`p${p + 1}-digit`, `Position ${p + 1}: digit`, p, digitOdds),
    halvesMarket(
      `p${p + 1}-big-small`,
      `Position ${p + 1}: big (5-9) / small (0-4)`,
      p,
      'big-small',
      halfOdds,
    ),
    halvesMarket(`p${p + 1}-odd-even`, `Position ${p + 1}: odd / even`, p, 'odd-even', halfOdds),
  ]);

const sumHalves = (odds: number): LotteryMarket[] => [
  sumMarket('sum-big-small', 'Sum of five: big (23-45) / small (0-22)', ALL, [
    ['big', 23, 45, odds],
    ['small', 0, 22, odds],
  ]),
  sumMarket('sum-odd-even', 'Sum of five: odd / even', ALL, [
    ['odd', 0, 45, odds, 'odd'],
    ['even', 0, 45, odds, 'even'],
  ]),
];

/** Five ranges of the sum of five digits, symmetric around 22.5; odds for the outer, inner, middle. */
const sumRanges = (outer: number, inner: number, middle: number): LotteryMarket =>
  sumMarket('sum-range', 'Sum of five: range', ALL, [
    ['0-15', 0, 15, outer],
    ['16-19', 16, 19, inner],
    ['20-25', 20, 25, middle],
    ['26-29', 26, 29, inner],
    ['30-45', 30, 45, outer],
  ]);

/** LOTT (and ELOTT): the house's own quick 5D, a draw every 5 minutes (Brasília time), 98%. */
export const QUICK_5D: LotteryTable = {
  code: 'HOUSE_5D',
  vassalage: 'LOTT',
  label: 'Quick 5D',
  targetRtpBp: 9_800,
  schedule: { periodSeconds: 300, closeSeconds: 30, utcOffsetMinutes: -180 },
  minStake: 100,
  maxStake: 1_000_000,
  markets: [
    ...positionMarkets(980, 196),
    ...sumHalves(196),
    sumRanges(688, 536, 279),
    dragonTigerMarket(0, 4, 217, 980),
  ],
};

/**
 * TCG_LOTTO_VN: Vietnamese-style 5D, a draw every 3 minutes (UTC+7), 97%: bets on the head (position 1)
 * and the tail (position 5), on the sum of the last two digits (small 0-8, middle 9, big 10-18), on the
 * sum of five, and dragon (head) against tiger (tail).
 */
export const VN_5D: LotteryTable = {
  code: 'VN_5D',
  vassalage: 'TCG_LOTTO_VN',
  label: 'Vietnam 5D',
  targetRtpBp: 9_700,
  schedule: { periodSeconds: 180, closeSeconds: 20, utcOffsetMinutes: 420 },
  minStake: 100,
  maxStake: 1_000_000,
  markets: [
    digitMarket('head-digit', 'Head (position 1): digit', 0, 970),
    halvesMarket('head-big-small', 'Head: big / small', 0, 'big-small', 194),
    halvesMarket('head-odd-even', 'Head: odd / even', 0, 'odd-even', 194),
    digitMarket('tail-digit', 'Tail (position 5): digit', 4, 970),
    halvesMarket('tail-big-small', 'Tail: big / small', 4, 'big-small', 194),
    halvesMarket('tail-odd-even', 'Tail: odd / even', 4, 'odd-even', 194),
    sumMarket(
      'last2-sum',
      'Sum of the last two: small (0-8) / middle (9) / big (10-18)',
      [3, 4],
      [
        ['small', 0, 8, 215],
        ['middle', 9, 9, 970],
        ['big', 10, 18, 215],
      ],
    ),
    sumMarket(
      'last2-odd-even',
      'Sum of the last two: odd / even',
      [3, 4],
      [
        ['odd', 0, 18, 194, 'odd'],
        ['even', 0, 18, 194, 'even'],
      ],
    ),
    ...sumHalves(194),
    dragonTigerMarket(0, 4, 215, 970),
  ],
};

/**
 * TCG_SEA: South-East Asian 5D, a draw every 90 seconds (UTC+8), 97.5%: position digits, the sum of
 * five by halves, by combination (big-odd, big-even, small-odd, small-even) and by range, dragon/tiger.
 */
export const SEA_5D: LotteryTable = {
  code: 'SEA_5D',
  vassalage: 'TCG_SEA',
  label: 'SEA 5D',
  targetRtpBp: 9_750,
  schedule: { periodSeconds: 90, closeSeconds: 10, utcOffsetMinutes: 480 },
  minStake: 100,
  maxStake: 1_000_000,
  markets: [
    ...ALL.map((p) => digitMarket(`p${p + 1}-digit`, `Position ${p + 1}: digit`, p, 975)),
    ...sumHalves(195),
    sumMarket('sum-combo', 'Sum of five: big/small with odd/even', ALL, [
      ['big-odd', 23, 45, 367, 'odd'],
      ['big-even', 23, 45, 415, 'even'],
      ['small-odd', 0, 22, 415, 'odd'],
      ['small-even', 0, 22, 367, 'even'],
    ]),
    sumRanges(684, 534, 278),
    dragonTigerMarket(0, 4, 216, 975),
  ],
};

export const LOTTERY_TABLES: readonly LotteryTable[] = [QUICK_5D, VN_5D, SEA_5D];
