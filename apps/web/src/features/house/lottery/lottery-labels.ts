import { getLanguage } from '@/i18n';
import { formatDecimal } from '@/lib/locale';
import type { TKey, TVars } from '@/i18n';

type Translate = (key: TKey, vars?: TVars) => string;

/**
 * Market and selection names in the page's language, from the tables' codes (the tables' own labels
 * are English data): `p3-digit` is "Position 3: digit", `last2-sum` "Sum of the last two", ...
 */
export function marketLabel(t: Translate, code: string): string {
  const position = /^p(\d)-(digit|big-small|odd-even)$/.exec(code);
  if (position) return t(`lottery.market.position.${position[2] as 'digit'}`, { n: Number(position[1]) });
  const end = /^(head|tail)-(digit|big-small|odd-even)$/.exec(code);
  if (end) return t(`lottery.market.${end[1] as 'head'}.${end[2] as 'digit'}`);
  const known: Record<string, TKey> = {
    'sum-big-small': 'lottery.market.sumBigSmall',
    'sum-odd-even': 'lottery.market.sumOddEven',
    'sum-range': 'lottery.market.sumRange',
    'sum-combo': 'lottery.market.sumCombo',
    'dragon-tiger': 'lottery.market.dragonTiger',
    'last2-sum': 'lottery.market.last2Sum',
    'last2-odd-even': 'lottery.market.last2OddEven',
  };
  return known[code] ? t(known[code]) : code;
}

const SELECTIONS: Record<string, TKey> = {
  big: 'lottery.selection.big',
  small: 'lottery.selection.small',
  odd: 'lottery.selection.odd',
  even: 'lottery.selection.even',
  middle: 'lottery.selection.middle',
  dragon: 'lottery.selection.dragon',
  tiger: 'lottery.selection.tiger',
  tie: 'lottery.selection.tie',
  'big-odd': 'lottery.selection.bigOdd',
  'big-even': 'lottery.selection.bigEven',
  'small-odd': 'lottery.selection.smallOdd',
  'small-even': 'lottery.selection.smallEven',
};

/** Digits and sum ranges are shown as they are; words in the page's language. */
export const selectionLabel = (t: Translate, code: string): string =>
  SELECTIONS[code] ? t(SELECTIONS[code]) : code;

/** Decimal odds from hundredths (196 -> "1.96"). */
/** Odds (hundredths) in the page's language: 1,95 in PT, 1.95 in EN (lib/locale). */
export const oddsText = (odds: number): string =>
  formatDecimal(odds / 100, getLanguage(), { min: 2, max: 2 });
