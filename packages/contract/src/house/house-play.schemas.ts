import { z } from 'zod';
import { houseRequestIdSchema, houseSessionSchema } from './house.schemas.ts';

/*
 * The house RNG games' browser API (slot, dice, provably fair seeds): bodies carry the house session;
 * money is integer minor units. The game rules themselves (limits, odds) are @banca/house-games';
 * a bet these schemas accept may still be refused by the game (house_bad_bet, with the game's code).
 */

/** 1-64 printable ASCII characters (docs/house-games.md). */
export const houseClientSeedSchema = z.string().regex(/^[\x20-\x7e]{1,64}$/);
const minor = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const houseSpinBodySchema = z.strictObject({
  session: houseSessionSchema,
  requestId: houseRequestIdSchema,
  /** Minor units per line. */
  betPerLine: minor,
  lines: z.number().int().min(1).max(100),
});

export const houseRollBodySchema = z.strictObject({
  session: houseSessionSchema,
  requestId: houseRequestIdSchema,
  stake: minor,
  direction: z.enum(['under', 'over']),
  /** Hundredths: 4950 is 49.50. */
  target: z.number().int().min(0).max(9999),
});

export const houseSessionBodySchema = z.strictObject({ session: houseSessionSchema });
export const houseClientSeedBodySchema = z.strictObject({
  session: houseSessionSchema,
  clientSeed: houseClientSeedSchema,
});
export const houseRoundsBodySchema = z.strictObject({
  session: houseSessionSchema,
  /** The previous page's `nextCursor`. */
  cursor: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.number().int().min(1).max(50).optional(),
});
export const houseRoundBodySchema = z.strictObject({
  session: houseSessionSchema,
  roundId: z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/),
});

const slotLineWinSchema = z.object({
  line: z.number(),
  symbol: z.string(),
  count: z.number(),
  multiplier: z.number(),
  payout: z.number(),
});
const slotSpinSchema = z.object({
  stops: z.array(z.number()),
  grid: z.array(z.array(z.string())),
  lineWins: z.array(slotLineWinSchema),
  scatterCount: z.number(),
  scatterWin: z.number(),
  multiplier: z.number(),
  payout: z.number(),
});
/** @banca/house-games' SlotOutcome. */
export const houseSlotOutcomeSchema = z.object({
  bet: z.object({ betPerLine: z.number(), lines: z.number() }),
  totalBet: z.number(),
  base: slotSpinSchema,
  freeSpins: z.array(slotSpinSchema),
  totalPayout: z.number(),
});
/** @banca/house-games' DiceOutcome. */
export const houseDiceOutcomeSchema = z.object({
  bet: z.object({ stake: z.number(), direction: z.enum(['under', 'over']), target: z.number() }),
  chanceCount: z.number(),
  chancePercent: z.number(),
  multiplierNumerator: z.number(),
  multiplierDenominator: z.number(),
  multiplier: z.number(),
  payoutIfWin: z.number(),
  roll: z.number(),
  rollText: z.string(),
  won: z.boolean(),
  payout: z.number(),
});

/** pending: the debit is not confirmed yet; debited: the payout is not confirmed yet (the recovery job
 *  re-sends it); settled; rolled_back: the debit was refunded (never confirmed); refused: the wallet
 *  refused the debit. */
export const houseRoundStatusSchema = z.enum(['pending', 'debited', 'settled', 'rolled_back', 'refused']);

const roundBase = {
  roundId: z.string(),
  gameCode: z.string(),
  status: houseRoundStatusSchema,
  stake: z.number().int(),
  payout: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The server seed, once rotated (revealed); absent while it is the active seed. */
  serverSeed: z.string().optional(),
  createdAt: z.string(),
};
export const houseRoundSchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('slot'), outcome: houseSlotOutcomeSchema, ...roundBase }),
  z.object({ game: z.literal('dice'), outcome: houseDiceOutcomeSchema, ...roundBase }),
]);
export type HouseRound = z.infer<typeof houseRoundSchema>;

/** A spin's or roll's answer: the round and the gateway's balance after it. */
export const housePlayValueSchema = z.object({ round: houseRoundSchema, balance: z.number().int() });

export const houseFairnessValueSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nextNonce: z.number().int(),
});
export const houseRotateValueSchema = z.object({
  /** The seed just retired, now revealed, with the client seed and rounds (nonces) played under it. */
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    rounds: z.number().int(),
  }),
  current: houseFairnessValueSchema,
});
export const houseRoundsValueSchema = z.object({
  items: z.array(houseRoundSchema),
  /** Pass as `cursor` for the next (older) page; absent on the last page. */
  nextCursor: z.number().int().optional(),
});
