import { walletSettingsSchema, type WalletSettings, type WalletSettingsInput } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import { findWalletSettings, upsertWalletSettings } from './wallet-settings.repository.ts';

/** Same freshness as the system status: an operator's change applies on every node within a second. */
const CACHE_MS = 1000;

/**
 * A merchant's money settings (contract: walletSettingsSchema). Read on every deposit, withdrawal and
 * transfer, so cached for a second per node; written by operators through /ops.
 */
export interface WalletSettingsService {
  get(merchantCode: string): Promise<WalletSettings>;
  /** Merges `change` into the stored settings (nested objects field by field; arrays replace) and
   *  returns the settings before and after. Throws a ZodError on an invalid result. */
  update(
    db: DbOrTrx,
    merchantCode: string,
    change: WalletSettingsInput,
  ): Promise<{ before: WalletSettings; after: WalletSettings }>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(base: unknown, change: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(change)) return change === undefined ? base : change;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(change)) out[key] = merge(base[key], value);
  return out;
}

/** The stored settings, uncached, in the caller's transaction (for writers that must see them now). */
export async function readWalletSettings(db: DbOrTrx, merchantCode: string): Promise<WalletSettings> {
  return walletSettingsSchema.parse((await findWalletSettings(db, merchantCode)) ?? {});
}

export function createWalletSettings(db: DbOrTrx, now: () => number = Date.now): WalletSettingsService {
  const cache = new Map<string, { at: number; value: Promise<WalletSettings> }>();
  return {
    get(merchantCode) {
      const hit = cache.get(merchantCode);
      if (hit && now() - hit.at < CACHE_MS) return hit.value;
      const value = readWalletSettings(db, merchantCode);
      cache.set(merchantCode, { at: now(), value });
      value.catch(() => cache.delete(merchantCode));
      return value;
    },
    async update(trx, merchantCode, change) {
      const before = await readWalletSettings(trx, merchantCode);
      const after = walletSettingsSchema.parse(merge(before, change));
      await upsertWalletSettings(trx, merchantCode, JSON.stringify(after));
      cache.delete(merchantCode);
      return { before, after };
    },
  };
}
