import { z } from 'zod';
import { vassalageSchema } from './games.schemas.ts';

/** `/ops/games/vendors/:vendor/...`: a vendor code as the catalogue spells it. */
export const vendorParamSchema = z.strictObject({ vendor: vassalageSchema });

/** POST /ops/games/vendors/:vendor/secret (admin): why the secret changes, kept in the audit. */
export const rotateVendorSecretBodySchema = z.strictObject({
  reason: z.string().trim().min(3).max(500),
});
export type RotateVendorSecretBody = z.infer<typeof rotateVendorSecretBodySchema>;

export const rotateVendorSecretValueSchema = z.strictObject({
  vendor: vassalageSchema,
  /** The new HMAC secret, shown this once: only its sealed form is stored. */
  secret: z.string().min(32),
  rotatedAt: z.string().datetime(),
  /** Until when the previous secret still signs (none on a vendor's first secret). */
  previousValidUntil: z.string().datetime().nullable(),
});
export type RotateVendorSecretValue = z.infer<typeof rotateVendorSecretValueSchema>;
