/**
 * Verification of a past round from the revealed server seed: the same code that played it, run again.
 * The browser's "verify" view and the server's round history both call these.
 */
import { playDice, type DiceBet, type DiceOutcome } from './dice.ts';
import { fairRandom, hashServerSeed, type FairnessInput } from './fairness.ts';
import { drawLottery, type LotteryTable } from './lottery.ts';
import { playSlot, type SlotBet, type SlotDefinition, type SlotOutcome } from './slot.ts';

export type VerifyRoundInput = FairnessInput & {
  /** The commitment shown before play; the revealed seed must hash to it. */
  serverSeedHash: string;
} & ({ game: 'slot'; definition: SlotDefinition; bet: SlotBet } | { game: 'dice'; bet: DiceBet });

export type VerifiedRound =
  | { game: 'slot'; seedMatchesHash: boolean; outcome: SlotOutcome }
  | { game: 'dice'; seedMatchesHash: boolean; outcome: DiceOutcome };

/** Recomputes a slot or dice round from its seeds, nonce and bet; says whether the seed fits its hash. */
export function verifyRound(input: VerifyRoundInput): VerifiedRound {
  const seedMatchesHash = hashServerSeed(input.serverSeed) === input.serverSeedHash.toLowerCase();
  const random = fairRandom(input);
  if (input.game === 'slot') {
    return { game: 'slot', seedMatchesHash, outcome: playSlot(input.definition, random, input.bet) };
  }
  return { game: 'dice', seedMatchesHash, outcome: playDice(random, input.bet) };
}

export interface VerifyDrawInput {
  table: LotteryTable;
  periodId: string;
  serverSeed: string;
  serverSeedHash: string;
}

/** Recomputes a lottery period's opened numbers from the revealed server seed. */
export function verifyDraw(input: VerifyDrawInput): { seedMatchesHash: boolean; digits: number[] } {
  return {
    seedMatchesHash: hashServerSeed(input.serverSeed) === input.serverSeedHash.toLowerCase(),
    digits: drawLottery(input.serverSeed, input.table.code, input.periodId),
  };
}
