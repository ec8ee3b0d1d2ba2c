import { z } from 'zod';
import { launchTokenSchema } from '../games/vendor-wallet.ts';

/** A house session: 43 base64url characters, what the game page sends in every call's body. */
export const houseSessionSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** POST /house/api/session */
export const openHouseSessionBodySchema = z.strictObject({
  /** The `launch` query parameter of the launch URL. */
  launch: launchTokenSchema,
  /** The `vendor` query parameter of the launch URL: which of the house's vendor ids launched. */
  vendor: z.string().regex(/^[A-Z0-9][A-Z0-9_]{0,31}$/),
});

/** What a game page needs to open: who plays, what, in which language and currency. */
export const houseSessionValueSchema = z.strictObject({
  session: houseSessionSchema,
  /** The vendor id (vassalage) the game belongs to, e.g. BANCA, LOTT, SANDBOX. */
  vendor: z.string(),
  gameCode: z.string(),
  /** The member's login name. */
  account: z.string(),
  currency: z.string(),
  /** Minor units. */
  balance: z.number().int(),
  language: z.enum(['PT', 'EN']),
  device: z.enum(['MOBILE', 'DESKTOP']).optional(),
  /** Where the game's back button returns (a same-site path). */
  backUrl: z.string().optional(),
  /** Lottery launch fields (lottoArea, launchMode, lottoPrizeMode, lottoGameCode, lottoView). */
  lotto: z.record(z.string(), z.string()).optional(),
  /** ISO time after which the session can no longer bet. */
  expiresAt: z.string(),
});
export type HouseSessionValue = z.infer<typeof houseSessionValueSchema>;

/** A page's id for one round request (a UUID or similar): the same id again is the same round (a retry, never a new bet). */
export const houseRequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/);

/** POST /house/api/sandbox/play */
export const sandboxPlayBodySchema = z.strictObject({
  session: houseSessionSchema,
  requestId: houseRequestIdSchema,
  /** The stake in minor units. */
  amount: z.number().int().min(1).max(10_000_000_000),
  /** The side picked (A: player, home, meron...; B: banker, away, wala...); both pay alike. */
  pick: z.enum(['A', 'B']).optional(),
});

export const sandboxPlayValueSchema = z.strictObject({
  roundId: z.string(),
  category: z.enum(['LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT']),
  won: z.boolean(),
  /** What a win pays, times the stake. */
  multiplier: z.number(),
  /** The game's stated return to player (0-1). */
  rtp: z.number(),
  stake: z.number().int(),
  payout: z.number().int(),
  /** The player's balance after the round, minor units. */
  balance: z.number().int(),
});
export type SandboxPlayValue = z.infer<typeof sandboxPlayValueSchema>;
