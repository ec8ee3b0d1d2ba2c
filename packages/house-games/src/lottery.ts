/**
 * Quick lottery 5D: each period draws five digits 0-9 (positions 1-5, "opened numbers"); players bet on
 * markets (a position's digit, big/small, odd/even, sums, dragon/tiger) at fixed decimal odds.
 *
 * - The draw: `drawLottery(serverSeed, gameCode, periodId)`, five `uniformInt(random, 10)` from the
 *   stream HMAC-SHA256(serverSeed, `${gameCode}:${periodId}:${cursor}`), position 1 first.
 * - A market's selections each carry a condition on the digits (serialisable data, see `Condition`)
 *   and odds in hundredths (196 = 1.96, stake included); a winning bet pays floor(stake × odds / 100).
 * - The RTP of a selection is exact: winning draws out of all 100,000 × odds (`lotteryRtp`).
 * The tables (regional variants) are in lottery-tables.ts; the schedule helper in lottery-schedule.ts.
 */
import { assertStake, HouseGameError, mulDivFloor } from './errors.ts';
import { drawRandom } from './fairness.ts';
import { uniformInt, type RandomSource } from './random.ts';
import type { LotterySchedule } from './lottery-schedule.ts';

export const LOTTERY_DIGITS = 5;
export const LOTTERY_OUTCOMES = 100_000;

/** A test on the drawn digits; positions are 0-based indexes (position 1 is index 0). */
export type Condition =
  /** The digit at `position` is one of `values`. */
  | { type: 'digit'; position: number; values: number[] }
  /** The sum of the digits at `positions` lies in [min, max], and has the parity if one is given. */
  | { type: 'sum'; positions: number[]; min: number; max: number; parity?: 'odd' | 'even' }
  /** The digit at `left` compared with the digit at `right`. */
  | { type: 'compare'; left: number; right: number; result: 'greater' | 'less' | 'equal' };

export interface LotterySelection {
  code: string;
  label: string;
  /** Decimal odds in hundredths, stake included: 196 pays 1.96 × stake. */
  odds: number;
  condition: Condition;
}

export interface LotteryMarket {
  code: string;
  label: string;
  selections: LotterySelection[];
}

export interface LotteryTable {
  /** The game code (also part of the draw's HMAC message). */
  code: string;
  /** The catalogue vassalage / prize mode it serves: LOTT (and ELOTT), TCG_LOTTO_VN or TCG_SEA. */
  vassalage: string;
  label: string;
  /** The RTP the odds were set from (basis points); each selection's exact RTP is at or just below. */
  targetRtpBp: number;
  schedule: LotterySchedule;
  minStake: number;
  maxStake: number;
  markets: LotteryMarket[];
}

export interface LotteryBet {
  market: string;
  selection: string;
  /** Minor units. */
  stake: number;
}

export interface LotteryBetResult extends LotteryBet {
  odds: number;
  won: boolean;
  /** Minor units, stake included; 0 on a loss. */
  payout: number;
}

export interface LotteryTicketResult {
  digits: number[];
  bets: LotteryBetResult[];
  totalStake: number;
  totalPayout: number;
}

export function conditionHolds(condition: Condition, digits: readonly number[]): boolean {
  switch (condition.type) {
    case 'digit':
      return condition.values.includes(digits[condition.position]!);
    case 'sum': {
      let sum = 0;
      for (const position of condition.positions) sum += digits[position]!;
      if (sum < condition.min || sum > condition.max) return false;
      if (condition.parity === undefined) return true;
      return (sum % 2 === 1) === (condition.parity === 'odd');
    }
    case 'compare': {
      const left = digits[condition.left]!;
      const right = digits[condition.right]!;
      if (condition.result === 'equal') return left === right;
      return condition.result === 'greater' ? left > right : left < right;
    }
  }
}

/** Five digits 0-9 from any random source (position 1 first). */
export function drawDigits(random: RandomSource): number[] {
  const digits: number[] = [];
  for (let i = 0; i < LOTTERY_DIGITS; i++) digits.push(uniformInt(random, 10));
  return digits;
}

/** A period's opened numbers, from the server seed, the game code and the period id. */
export function drawLottery(serverSeed: string, gameCode: string, periodId: string): number[] {
  return drawDigits(drawRandom(serverSeed, gameCode, periodId));
}

function assertDigits(digits: readonly number[]): void {
  if (
    !Array.isArray(digits) ||
    digits.length !== LOTTERY_DIGITS ||
    !digits.every((d) => Number.isInteger(d) && d >= 0 && d <= 9)
  ) {
    throw new HouseGameError('lottery_bad_digits', 'Drawn numbers are five digits 0-9.');
  }
}

/** The selection a bet names, after checking the stake against the table. */
export function findSelection(table: LotteryTable, bet: LotteryBet): LotterySelection {
  assertStake(bet.stake, 'lottery_bad_stake');
  if (bet.stake < table.minStake || bet.stake > table.maxStake) {
    throw new HouseGameError(
      'lottery_stake_out_of_range',
      `A stake is between ${table.minStake} and ${table.maxStake} minor units.`,
    );
  }
  const market = table.markets.find((m) => m.code === bet.market);
  if (market === undefined)
    throw new HouseGameError('lottery_unknown_market', `No market ${String(bet.market)}.`);
  const selection = market.selections.find((s) => s.code === bet.selection);
  if (selection === undefined) {
    throw new HouseGameError(
      'lottery_unknown_selection',
      `No selection ${String(bet.selection)} in ${market.code}.`,
    );
  }
  return selection;
}

/** Settles one bet against the drawn digits. */
export function settleBet(table: LotteryTable, bet: LotteryBet, digits: readonly number[]): LotteryBetResult {
  assertDigits(digits);
  const selection = findSelection(table, bet);
  const payout = selectionPayout(selection, bet.stake, digits);
  return {
    market: bet.market,
    selection: bet.selection,
    stake: bet.stake,
    odds: selection.odds,
    won: payout > 0,
    payout,
  };
}

/**
 * What a stake on a selection pays for the drawn digits: floor(stake × odds / 100) or 0. The core of
 * `settleBet`, without the look-up and checks (a simulation resolves the selection once).
 */
export function selectionPayout(
  selection: LotterySelection,
  stake: number,
  digits: readonly number[],
): number {
  return conditionHolds(selection.condition, digits) ? mulDivFloor(stake, selection.odds, 100) : 0;
}

/** Settles a ticket (one or more bets on one period) against the drawn digits. */
export function settleTicket(
  table: LotteryTable,
  bets: readonly LotteryBet[],
  digits: readonly number[],
): LotteryTicketResult {
  if (!Array.isArray(bets) || bets.length === 0) {
    throw new HouseGameError('lottery_empty_ticket', 'A ticket holds at least one bet.');
  }
  const results = bets.map((bet) => settleBet(table, bet, digits));
  return {
    digits: [...digits],
    bets: results,
    totalStake: results.reduce((sum, r) => sum + r.stake, 0),
    totalPayout: results.reduce((sum, r) => sum + r.payout, 0),
  };
}

export interface SelectionRtp {
  market: string;
  selection: string;
  odds: number;
  /** Winning draws out of 100,000. */
  winningDraws: number;
  /** Exact return to player per unit staked (before the rounding down of payouts to the minor unit). */
  rtp: number;
}

export interface MarketRtp {
  market: string;
  label: string;
  /** The RTP of a bet on a selection chosen uniformly: the mean of the selections' RTP. */
  rtp: number;
  selections: SelectionRtp[];
}

const rtpCache = new WeakMap<LotteryTable, MarketRtp[]>();

/** Exact RTP of every market and selection, by enumeration of the 100,000 possible draws. */
export function lotteryRtp(table: LotteryTable): MarketRtp[] {
  const cached = rtpCache.get(table);
  if (cached !== undefined) return cached;
  const selections = table.markets.flatMap((m) =>
    m.selections.map((s) => ({ market: m, selection: s, wins: 0 })),
  );
  const digits = [0, 0, 0, 0, 0];
  for (let n = 0; n < LOTTERY_OUTCOMES; n++) {
    let rest = n;
    for (let p = LOTTERY_DIGITS - 1; p >= 0; p--) {
      digits[p] = rest % 10;
      rest = Math.floor(rest / 10);
    }
    for (const entry of selections) if (conditionHolds(entry.selection.condition, digits)) entry.wins += 1;
  }
  const result = table.markets.map((market) => {
    const rows = selections
      .filter((e) => e.market === market)
      .map((e): SelectionRtp => ({
        market: market.code,
        selection: e.selection.code,
        odds: e.selection.odds,
        winningDraws: e.wins,
        rtp: (e.wins * e.selection.odds) / 100 / LOTTERY_OUTCOMES,
      }));
    return {
      market: market.code,
      label: market.label,
      rtp: rows.reduce((sum, r) => sum + r.rtp, 0) / rows.length,
      selections: rows,
    };
  });
  rtpCache.set(table, result);
  return result;
}
