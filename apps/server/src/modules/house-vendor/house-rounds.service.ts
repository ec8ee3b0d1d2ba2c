import type { HouseRound } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { roundView, type HouseRoundRow } from './house-play.service.ts';
import type { SeedOwner } from './house-fairness.service.ts';
import { HouseError } from './house-vendor.errors.ts';
import { findRoundWithSeed, listRoundsWithSeed } from './house-vendor.repository.ts';

/** A player's rounds, newest first, by keyset on the round's sequence number (no offsets). */
export async function listRounds(
  db: DbOrTrx,
  owner: SeedOwner,
  page: { cursor?: number | undefined; limit?: number | undefined },
): Promise<{ items: HouseRound[]; nextCursor?: number }> {
  const limit = page.limit ?? 20;
  const rows = await listRoundsWithSeed(db, owner, { beforeSeq: page.cursor, limit: limit + 1 });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => roundView(row, row.revealed_at ? row.server_seed : undefined)),
    ...(rows.length > limit && last ? { nextCursor: last.seq } : {}),
  };
}

/** One round of the player (404 house_round_not_found for anyone else's). */
export async function getRound(db: DbOrTrx, owner: SeedOwner, roundId: string): Promise<HouseRound> {
  const row = await findRoundWithSeed(db, owner, roundId);
  if (!row) throw new HouseError('house_round_not_found');
  return roundView(row as HouseRoundRow, row.revealed_at ? row.server_seed : undefined);
}
