import { z } from 'zod';
import { queryInteger } from '../query-number.ts';
import { gameTypeSchema, nodeIdSchema, PROVIDER_KINDS, vassalageSchema } from './games.schemas.ts';

/** The catalogue in the back office (issue 23 item 6): vendors and games, their edits and the import. */

/** Artwork: a same-origin path (the CSP and the "no external hosts" rule), as the import file's. */
export const artPathSchema = z
  .string()
  .max(512)
  .regex(/^\/(?!\/)[A-Za-z0-9/_.~%-]+$/);
const reason = z.string().trim().min(3).max(500).optional();
/**
 * A game's return to player in basis points: 9650 is 96.50%. More than 0, at most 10000 (100%); null
 * where the catalogue states none.
 */
export const RTP_BP_MAX = 10_000;
export const rtpBpSchema = z.number().int().min(1).max(RTP_BP_MAX);
const flagQuery = z.enum(['true', 'false']);

/** GET /ops/games/catalogue/games: filters, keyset by nodeId (ascending). */
export const opsGamesQuerySchema = z.strictObject({
  vendor: vassalageSchema.optional(),
  type: gameTypeSchema.optional(),
  enabled: flagQuery.optional(),
  hot: flagQuery.optional(),
  /** Part of the PT or EN name, or of the nodeId. */
  q: z.string().trim().min(1).max(64).optional(),
  after: nodeIdSchema.optional(),
  limit: queryInteger(1, 200).default(50),
});
export type OpsGamesQuery = z.infer<typeof opsGamesQuerySchema>;

export const opsGameSchema = z.strictObject({
  nodeId: nodeIdSchema,
  vendor: vassalageSchema,
  gameCode: z.string(),
  gameType: gameTypeSchema,
  namePT: z.string(),
  nameEN: z.string(),
  iconUrl: z.string(),
  isHot: z.boolean(),
  hotRank: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Return to player in basis points (9650 = 96.50%); null: the catalogue states none. */
  rtp: rtpBpSchema.nullable(),
  updatedAt: z.string().datetime(),
});
export type OpsGame = z.infer<typeof opsGameSchema>;

export const opsGamesPageSchema = z.strictObject({
  items: z.array(opsGameSchema),
  nextCursor: nodeIdSchema.nullable(),
});
export type OpsGamesPage = z.infer<typeof opsGamesPageSchema>;

export const opsVendorSchema = z.strictObject({
  vendor: vassalageSchema,
  displayName: z.string(),
  provider: z.enum(PROVIDER_KINDS),
  gameType: z.string(),
  logoUrl: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  games: z.number().int(),
  enabledGames: z.number().int(),
  updatedAt: z.string().datetime(),
});
export type OpsVendor = z.infer<typeof opsVendorSchema>;
export const opsVendorListSchema = z.strictObject({ vendors: z.array(opsVendorSchema) });

export const opsNodeIdParamsSchema = z.strictObject({ nodeId: nodeIdSchema });

/** PUT /ops/games/catalogue/games/:nodeId: any subset (an empty change is refused). */
export const updateGameBodySchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    isHot: z.boolean().optional(),
    hotRank: z.number().int().min(0).max(1_000_000).optional(),
    sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    namePT: z.string().trim().min(1).max(80).optional(),
    nameEN: z.string().trim().min(1).max(80).optional(),
    iconUrl: artPathSchema.optional(),
    /** null clears it. */
    rtp: rtpBpSchema.nullable().optional(),
    reason,
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), { message: 'nothing to change' });
export type UpdateGameBody = z.infer<typeof updateGameBodySchema>;

/** PUT /ops/games/catalogue/vendors/:vendor: any subset (an empty change is refused). */
export const updateVendorBodySchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    displayName: z.string().trim().min(1).max(40).optional(),
    reason,
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), { message: 'nothing to change' });
export type UpdateVendorBody = z.infer<typeof updateVendorBodySchema>;

/**
 * POST /ops/games/catalogue/import: the catalogue-import CLI's file (JSON or CSV, docs/games-catalogue.md)
 * as text. `apply: false` is the preview: the same work, rolled back, reported.
 */
export const importCatalogueBodySchema = z.strictObject({
  format: z.enum(['json', 'csv']),
  text: z.string().min(1).max(2_000_000),
  apply: z.boolean(),
  reason,
});
export type ImportCatalogueBody = z.infer<typeof importCatalogueBodySchema>;

export const importCatalogueValueSchema = z.strictObject({
  applied: z.boolean(),
  changes: z.number().int(),
  vendors: z.array(
    z.strictObject({
      vendor: vassalageSchema,
      status: z.enum(['added', 'updated', 'unchanged', 'existing']),
      added: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      disabled: z.number().int(),
    }),
  ),
  /** The games that change, with the fields that do (first 500). */
  games: z.array(
    z.strictObject({
      nodeId: z.string(),
      change: z.enum(['added', 'updated', 'disabled']),
      fields: z.array(z.string()),
      /** When the game's RTP changes (or an added game states one): basis points before and after. */
      rtp: z.strictObject({ from: rtpBpSchema.nullable(), to: rtpBpSchema.nullable() }).optional(),
    }),
  ),
});
export type ImportCatalogueValue = z.infer<typeof importCatalogueValueSchema>;
