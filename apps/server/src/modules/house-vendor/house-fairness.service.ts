import { hashServerSeed, newClientSeed, newServerSeed } from '@banca/house-games';
import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { findActiveSeed, insertActiveSeedIfNone, updateSeed } from './house-vendor.repository.ts';
import type { HouseSeedTable } from './house-vendor.table.ts';

/*
 * Provably fair seeds (docs/house-games.md, "Provable fairness"): per player (vendor id, account) one
 * active server seed, whose SHA-256 the player sees before playing; the client seed the player may set;
 * a nonce per round. Rotating reveals the seed and starts a new one. The seed rows are locked while a
 * round reserves its nonce, so two rounds never share one.
 */

type HouseSeed = Selectable<HouseSeedTable>;

export interface SeedOwner {
  vendor: string;
  account: string;
}

interface FairnessState {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

const stateOf = (seed: HouseSeed): FairnessState => ({
  serverSeedHash: seed.server_seed_hash,
  clientSeed: seed.client_seed,
  nextNonce: seed.next_nonce,
});

async function insertSeed(db: DbOrTrx, owner: SeedOwner, clientSeed: string): Promise<void> {
  const serverSeed = newServerSeed();
  await insertActiveSeedIfNone(db, {
    vendor: owner.vendor,
    account: owner.account,
    server_seed: serverSeed,
    server_seed_hash: hashServerSeed(serverSeed),
    client_seed: clientSeed,
  });
}

/**
 * The player's active seed, created on first use, locked FOR UPDATE when `lock` (inside the caller's
 * transaction) so the nonce it hands out is the caller's alone.
 */
export async function activeSeed(db: DbOrTrx, owner: SeedOwner, lock = false): Promise<HouseSeed> {
  const find = () => findActiveSeed(db, owner, lock);
  const found = await find();
  if (found) return found;
  await insertSeed(db, owner, newClientSeed());
  return (await find())!;
}

export const fairnessState = async (db: DbOrTrx, owner: SeedOwner): Promise<FairnessState> =>
  stateOf(await activeSeed(db, owner));

/** Sets the client seed of the active server seed; nonces go on (the pair is new, so nothing repeats). */
export function setClientSeed(db: DbOrTrx, owner: SeedOwner, clientSeed: string): Promise<FairnessState> {
  return inTransaction(db, async (trx) => {
    const seed = await activeSeed(trx, owner, true);
    await updateSeed(trx, seed.id, { client_seed: clientSeed });
    return { ...stateOf(seed), clientSeed };
  });
}

interface RotatedSeed {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
  current: FairnessState;
}

/** Reveals the active seed and starts a new one under the same client seed. */
export function rotateSeed(db: DbOrTrx, owner: SeedOwner, now = new Date()): Promise<RotatedSeed> {
  return inTransaction(db, async (trx) => {
    const seed = await activeSeed(trx, owner, true);
    await updateSeed(trx, seed.id, { revealed_at: now });
    await insertSeed(trx, owner, seed.client_seed);
    const current = await activeSeed(trx, owner);
    return {
      revealed: {
        serverSeed: seed.server_seed,
        serverSeedHash: seed.server_seed_hash,
        clientSeed: seed.client_seed,
        rounds: seed.next_nonce,
      },
      current: stateOf(current),
    };
  });
}
