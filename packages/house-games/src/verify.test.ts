import { describe, expect, it } from 'vitest';
import { fairRandom, hashServerSeed, newServerSeed } from './fairness.ts';
import { playDice } from './dice.ts';
import { drawLottery } from './lottery.ts';
import { QUICK_5D } from './lottery-tables.ts';
import { HOUSE_SLOT } from './slot-game.ts';
import { playSlot } from './slot.ts';
import { verifyDraw, verifyRound } from './verify.ts';

describe('verification from the revealed seed', () => {
  const serverSeed = newServerSeed();
  const serverSeedHash = hashServerSeed(serverSeed);
  const clientSeed = 'my-seed';

  it('recomputes slot rounds exactly as they were played', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const bet = { betPerLine: 10, lines: 20 };
      const played = playSlot(HOUSE_SLOT, fairRandom({ serverSeed, clientSeed, nonce }), bet);
      const verified = verifyRound({
        game: 'slot',
        definition: HOUSE_SLOT,
        serverSeed,
        serverSeedHash,
        clientSeed,
        nonce,
        bet,
      });
      expect(verified).toEqual({ game: 'slot', seedMatchesHash: true, outcome: played });
    }
  });

  it('recomputes dice rounds and catches a seed that does not fit the commitment', () => {
    const bet = { stake: 500, direction: 'over' as const, target: 5000 };
    const played = playDice(fairRandom({ serverSeed, clientSeed, nonce: 4 }), bet);
    expect(verifyRound({ game: 'dice', serverSeed, serverSeedHash, clientSeed, nonce: 4, bet })).toEqual({
      game: 'dice',
      seedMatchesHash: true,
      outcome: played,
    });
    const other = newServerSeed();
    expect(
      verifyRound({ game: 'dice', serverSeed: other, serverSeedHash, clientSeed, nonce: 4, bet })
        .seedMatchesHash,
    ).toBe(false);
    expect(
      verifyRound({
        game: 'dice',
        serverSeed,
        serverSeedHash: serverSeedHash.toUpperCase(),
        clientSeed,
        nonce: 4,
        bet,
      }).seedMatchesHash,
    ).toBe(true);
  });

  it('recomputes a lottery draw', () => {
    expect(verifyDraw({ table: QUICK_5D, periodId: '20261123-0100', serverSeed, serverSeedHash })).toEqual({
      seedMatchesHash: true,
      digits: drawLottery(serverSeed, 'HOUSE_5D', '20261123-0100'),
    });
  });

  it('refuses a malformed round instead of guessing', () => {
    expect(() =>
      verifyRound({
        game: 'dice',
        serverSeed: 'nope',
        serverSeedHash,
        clientSeed,
        nonce: 0,
        bet: { stake: 1, direction: 'under', target: 5000 },
      }),
    ).toThrow(expect.objectContaining({ code: 'fairness_bad_server_seed' }));
  });
});
