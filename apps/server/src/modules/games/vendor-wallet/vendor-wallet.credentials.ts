import { randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../../database.ts';
import { sealText, unsealText } from '../../../platform/crypto/sealed-text.ts';
import {
  findCredential,
  insertCredentialIfAbsent,
  upsertCredential,
} from './vendor-credential.repository.ts';

/*
 * Each vendor's HMAC secret, kept sealed under a key derived from the server key (every node derives
 * the same one). Rotation makes a new secret and keeps the previous one valid for a grace period, so
 * a vendor switches without a moment where its calls fail. Nodes cache what they read for a few
 * seconds: a rotation is seen by every node within CACHE_MS.
 */

/** How long the previous secret stays valid after a rotation. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;
const CACHE_MS = 5_000;

export interface VendorSecrets {
  /** Looks up the secrets a vendor may sign with (the current one first); undefined: unknown vendor. */
  secretsOf(vendor: string): Promise<string[] | undefined>;
}

/** A new random secret: 32 bytes, base64url (what the vendor puts in its HMAC key, as UTF-8 text). */
const newSecret = (): string => randomBytes(32).toString('base64url');

/**
 * Creates the vendor's credentials, or rotates them when they exist; returns the new secret (shown
 * once: only its sealed form is stored).
 */
export async function rotateVendorSecret(
  db: DbOrTrx,
  sealKey: Buffer,
  vendor: string,
  now: Date = new Date(),
): Promise<string> {
  return (await rotateVendorCredential(db, sealKey, vendor, now)).secret;
}

/** rotateVendorSecret with what an operator is shown: the secret and the previous one's grace. */
export async function rotateVendorCredential(
  db: DbOrTrx,
  sealKey: Buffer,
  vendor: string,
  now: Date = new Date(),
): Promise<{ secret: string; previousValidUntil: Date | null }> {
  const secret = newSecret();
  const sealed = sealText(sealKey, secret);
  const row = await upsertCredential(db, vendor, sealed, now, new Date(now.getTime() + ROTATION_GRACE_MS));
  return { secret, previousValidUntil: row.previous_valid_until ? new Date(row.previous_valid_until) : null };
}

/** Reads vendors' secrets for the signature check, cached per node for CACHE_MS. */
export function vendorSecrets(
  db: DbOrTrx,
  sealKey: Buffer,
  clock: () => Date = () => new Date(),
): VendorSecrets {
  const cache = new Map<string, { at: number; secrets: string[] | undefined }>();
  return {
    async secretsOf(vendor) {
      const now = clock().getTime();
      const hit = cache.get(vendor);
      if (hit && now - hit.at < CACHE_MS) return hit.secrets;
      const row = await findCredential(db, vendor);
      let secrets: string[] | undefined;
      if (row) {
        secrets = [unsealText(sealKey, row.secret_sealed)].filter((s): s is string => s !== undefined);
        if (
          row.previous_secret_sealed &&
          row.previous_valid_until &&
          new Date(row.previous_valid_until).getTime() > now
        ) {
          const previous = unsealText(sealKey, row.previous_secret_sealed);
          if (previous !== undefined) secrets.push(previous);
        }
      }
      if (cache.size > 1_000) cache.clear();
      cache.set(vendor, { at: now, secrets });
      return secrets;
    },
  };
}

/** Gives a vendor credentials when it has none (the demo seed); existing ones are left alone. */
export async function ensureVendorCredential(db: DbOrTrx, sealKey: Buffer, vendor: string): Promise<boolean> {
  return insertCredentialIfAbsent(db, vendor, sealText(sealKey, newSecret()));
}
