import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  drawDigits,
  drawLottery,
  lotteryRtp,
  settleBet,
  settleTicket,
  type LotteryBet,
} from './lottery.ts';
import { LOTTERY_TABLES, QUICK_5D, SEA_5D, VN_5D } from './lottery-tables.ts';
import { seededRandom } from './random.ts';

const SEED = 'c0ffee'.repeat(10) + 'abcd';

describe('lottery draw', () => {
  it('draws five digits from HMAC-SHA256(serverSeed, gameCode:periodId:cursor) (node:crypto oracle)', () => {
    const digest = createHmac('sha256', SEED).update('HOUSE_5D:20261123-0001:0').digest();
    const expected = [0, 1, 2, 3, 4].map((i) => digest.readUInt32BE(i * 4) % 10);
    // A word is rejected only if it is one of the top 6 of 2^32.
    expect(drawLottery(SEED, 'HOUSE_5D', '20261123-0001')).toEqual(expected);
  });

  it('is deterministic per period and differs between periods and games', () => {
    const a = drawLottery(SEED, 'HOUSE_5D', '20261123-0001');
    expect(drawLottery(SEED, 'HOUSE_5D', '20261123-0001')).toEqual(a);
    const others = ['0002', '0003', '0004', '0005'].map((n) =>
      drawLottery(SEED, 'HOUSE_5D', `20261123-${n}`).join(''),
    );
    expect(others.some((d) => d !== a.join(''))).toBe(true);
    const periods = ['0001', '0002', '0003', '0004'].map((n) => `20261123-${n}`);
    const house = periods.map((p) => drawLottery(SEED, 'HOUSE_5D', p).join(''));
    expect(periods.map((p) => drawLottery(SEED, 'VN_5D', p).join(''))).not.toEqual(house);
  });
});

describe('lottery settlement', () => {
  const digits = [7, 2, 9, 0, 4]; // sum 22: small, even; dragon (7 > 4)
  const settle = (market: string, selection: string, stake = 100) =>
    settleBet(QUICK_5D, { market, selection, stake }, digits);

  it('settles position, halves, sums and dragon/tiger by the documented rules', () => {
    expect(settle('p1-digit', '7')).toMatchObject({ won: true, odds: 980, payout: 980 });
    expect(settle('p1-digit', '2')).toMatchObject({ won: false, payout: 0 });
    expect(settle('p3-big-small', 'big')).toMatchObject({ won: true, payout: 196 });
    expect(settle('p4-big-small', 'small')).toMatchObject({ won: true });
    expect(settle('p4-odd-even', 'even')).toMatchObject({ won: true });
    expect(settle('p2-odd-even', 'odd')).toMatchObject({ won: false });
    expect(settle('sum-big-small', 'small')).toMatchObject({ won: true });
    expect(settle('sum-big-small', 'big')).toMatchObject({ won: false });
    expect(settle('sum-odd-even', 'even')).toMatchObject({ won: true });
    expect(settle('sum-range', '20-25')).toMatchObject({ won: true, payout: 279 });
    expect(settle('sum-range', '16-19')).toMatchObject({ won: false });
    expect(settle('dragon-tiger', 'dragon')).toMatchObject({ won: true, payout: 217 });
    expect(settle('dragon-tiger', 'tie')).toMatchObject({ won: false });
  });

  it('sum 23 is big; a tie between head and tail', () => {
    expect(
      settleBet(QUICK_5D, { market: 'sum-big-small', selection: 'big', stake: 100 }, [9, 9, 5, 0, 0]).won,
    ).toBe(true);
    expect(
      settleBet(QUICK_5D, { market: 'dragon-tiger', selection: 'tie', stake: 100 }, [3, 1, 1, 1, 3]).payout,
    ).toBe(980);
  });

  it('rounds payouts down to the minor unit', () => {
    expect(settle('p1-big-small', 'small', 155).payout).toBe(0);
    expect(settle('p3-big-small', 'big', 155).payout).toBe(303); // 155 × 1.96 = 303.8
  });

  it('settles the regional tables by their own rules', () => {
    const vn = (market: string, selection: string, d: number[]) =>
      settleBet(VN_5D, { market, selection, stake: 1000 }, d);
    expect(vn('last2-sum', 'middle', [0, 0, 0, 4, 5])).toMatchObject({ won: true, payout: 9700 });
    expect(vn('last2-sum', 'big', [0, 0, 0, 4, 5]).won).toBe(false);
    expect(vn('last2-sum', 'small', [0, 0, 0, 4, 4]).won).toBe(true);
    expect(vn('tail-digit', '5', [0, 0, 0, 4, 5]).payout).toBe(9700);
    const sea = (selection: string, d: number[]) =>
      settleBet(SEA_5D, { market: 'sum-combo', selection, stake: 100 }, d);
    expect(sea('big-odd', [9, 9, 5, 0, 0])).toMatchObject({ won: true, payout: 367 });
    expect(sea('small-odd', [9, 9, 3, 0, 0])).toMatchObject({ won: true, payout: 415 });
    expect(sea('big-even', [9, 9, 3, 0, 0]).won).toBe(false);
  });

  it('settles a ticket of several bets', () => {
    const bets: LotteryBet[] = [
      { market: 'p1-digit', selection: '7', stake: 200 },
      { market: 'sum-big-small', selection: 'big', stake: 500 },
    ];
    expect(settleTicket(QUICK_5D, bets, digits)).toMatchObject({
      totalStake: 700,
      totalPayout: 1960,
      digits,
    });
  });

  it.each([
    [{ market: 'p9-digit', selection: '1', stake: 100 }, 'lottery_unknown_market'],
    [{ market: 'p1-digit', selection: '10', stake: 100 }, 'lottery_unknown_selection'],
    [{ market: 'p1-digit', selection: '1', stake: 99 }, 'lottery_stake_out_of_range'],
    [{ market: 'p1-digit', selection: '1', stake: 1_000_001 }, 'lottery_stake_out_of_range'],
    [{ market: 'p1-digit', selection: '1', stake: 100.5 }, 'lottery_bad_stake'],
    [{ market: 'p1-digit', selection: '1', stake: -100 }, 'lottery_bad_stake'],
  ])('refuses the bet %j', (bet, code) => {
    expect(() => settleBet(QUICK_5D, bet, digits)).toThrow(expect.objectContaining({ code }));
  });

  it.each([[[1, 2, 3, 4]], [[1, 2, 3, 4, 10]], [[1, 2, 3, 4, 1.5]], [[1, 2, 3, 4, -1]]])(
    'refuses drawn numbers %j',
    (d) => {
      expect(() => settleBet(QUICK_5D, { market: 'p1-digit', selection: '1', stake: 100 }, d)).toThrow(
        expect.objectContaining({ code: 'lottery_bad_digits' }),
      );
    },
  );

  it('refuses an empty ticket', () => {
    expect(() => settleTicket(QUICK_5D, [], digits)).toThrow(
      expect.objectContaining({ code: 'lottery_empty_ticket' }),
    );
  });
});

describe('lottery tables', () => {
  it.each(LOTTERY_TABLES.map((t) => t.code))(
    '%s: every selection wins in 10%%+ of draws, RTP at or just below target',
    (code) => {
      const table = LOTTERY_TABLES.find((t) => t.code === code)!;
      const codes = new Set<string>();
      for (const market of lotteryRtp(table)) {
        expect(codes.has(market.market)).toBe(false);
        codes.add(market.market);
        expect(new Set(market.selections.map((s) => s.selection)).size).toBe(market.selections.length);
        for (const s of market.selections) {
          expect(s.winningDraws).toBeGreaterThanOrEqual(10_000);
          expect(s.rtp).toBeLessThanOrEqual(table.targetRtpBp / 10_000 + 1e-12);
          expect(s.rtp).toBeGreaterThan(table.targetRtpBp / 10_000 - 0.004);
        }
      }
    },
  );

  it('counts winning draws exactly (known counts)', () => {
    const rtp = lotteryRtp(QUICK_5D);
    const of = (market: string, selection: string) =>
      rtp.find((m) => m.market === market)!.selections.find((s) => s.selection === selection)!.winningDraws;
    expect(of('sum-big-small', 'small')).toBe(50_000); // sum ↔ 45 - sum is a bijection
    expect(of('sum-range', '0-15')).toBe(14_244);
    expect(of('sum-range', '20-25')).toBe(35_012);
    expect(of('dragon-tiger', 'dragon')).toBe(45_000);
    expect(
      lotteryRtp(SEA_5D)
        .find((m) => m.market === 'sum-combo')!
        .selections.map((s) => s.winningDraws),
    ).toEqual([26_508, 23_492, 23_492, 26_508]);
  });

  it('a seeded simulation agrees with the exact RTP of each market', () => {
    const random = seededRandom(99);
    const rounds = 200_000;
    const totals = new Map<string, number>();
    for (let i = 0; i < rounds; i++) {
      const d = drawDigits(random);
      for (const market of QUICK_5D.markets) {
        for (const s of market.selections) {
          if (conditionHolds(s.condition, d))
            totals.set(market.code, (totals.get(market.code) ?? 0) + s.odds / 100);
        }
      }
    }
    for (const market of lotteryRtp(QUICK_5D)) {
      // Staking every selection each draw: the market's payout per unit, against the exact mean.
      const simulated = totals.get(market.market)! / rounds / market.selections.length;
      expect(Math.abs(simulated - market.rtp)).toBeLessThan(0.01);
    }
  });
});
