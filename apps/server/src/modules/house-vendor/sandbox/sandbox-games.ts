import { createHmac } from 'node:crypto';
import type { SandboxGame } from '@banca/house-games';

/*
 * The sandbox vendor's outcome rule (its games' table: @banca/house-games sandbox.ts). A round pays
 * `multiplier` times the stake with probability rtp / multiplier, so its return to player is `rtp`
 * (less the rounding down of payouts to whole minor units).
 */

/**
 * Whether the round named by `roundKey` wins: the first 32 bits of HMAC-SHA256(secret, roundKey)
 * against rtp / multiplier of 2^32. Deterministic, so a retried request (same key) has the same
 * outcome: a retry after a lost answer can never turn a loss into a win.
 */
export function sandboxWins(secret: Buffer, roundKey: string, game: SandboxGame): boolean {
  const word = createHmac('sha256', secret).update(roundKey).digest().readUInt32BE(0);
  return word < Math.floor((game.rtp / game.multiplier) * 2 ** 32);
}

/** A win's payout in minor units (rounded down). */
export const sandboxPayout = (stake: number, game: SandboxGame): number =>
  Math.floor((stake * Math.round(game.multiplier * 100)) / 100);
