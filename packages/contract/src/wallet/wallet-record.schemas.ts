import { queryInteger } from '../query-number.ts';
import { z } from 'zod';
import { moneySchema } from '../money.ts';

const KIND = '[A-Z][A-Z_]{0,31}';

/** Filters of the account record (records and its CSV). Times are ISO-8601 UTC on the wire. */
export const recordFilterShape = {
  /** One or more transfer kinds, comma-separated (DEPOSIT,ADJUSTMENT). */
  type: z
    .string()
    .regex(new RegExp(`^${KIND}(,${KIND}){0,15}$`))
    .optional(),
  /** Inclusive start. */
  from: z.string().datetime().optional(),
  /** Exclusive end. */
  to: z.string().datetime().optional(),
};

/** GET /wps/v2/wallets/records: newest first; `cursor` is the previous page's nextCursor. */
export const recordQuerySchema = z.strictObject({
  ...recordFilterShape,
  cursor: z
    .string()
    .regex(/^\d{1,16}[dc]$/)
    .optional(),
  limit: queryInteger(1, 100).default(20),
});
export type RecordQuery = z.infer<typeof recordQuerySchema>;

/** GET /wps/v2/wallets/records/csv */
export const recordCsvQuerySchema = z.strictObject({
  ...recordFilterShape,
  /** Header language; default the request's language. */
  lang: z.enum(['PT', 'EN']).optional(),
});
export type RecordCsvQuery = z.infer<typeof recordCsvQuerySchema>;

export const recordEntrySchema = z.strictObject({
  /** Stable id of this line: the transfer id and the member's side (d debit, c credit). */
  id: z.string(),
  transferId: z.number().int().positive(),
  /** The transfer kind (DEPOSIT, ADJUSTMENT, ...). */
  type: z.string(),
  /** Signed minor units: positive money in, negative money out. */
  amount: moneySchema,
  currency: z.string(),
  /** The member account's balance right after this movement; null for movements older than the record. */
  balanceAfter: moneySchema.nullable(),
  reference: z.string().nullable(),
  at: z.string().datetime(),
});
export type RecordEntry = z.infer<typeof recordEntrySchema>;

export const recordPageSchema = z.strictObject({
  items: z.array(recordEntrySchema),
  nextCursor: z.string().nullable(),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

/** GET /wps/v2/wallets/bonuses: the member's bonus credits, newest first (same keyset as records). */
export const bonusQuerySchema = z.strictObject({
  cursor: recordQuerySchema.shape.cursor,
  limit: queryInteger(1, 100).default(20),
});
export type BonusQuery = z.infer<typeof bonusQuerySchema>;

export const bonusPageSchema = z.strictObject({
  items: z.array(recordEntrySchema),
  nextCursor: z.string().nullable(),
  /** What the member must still wager before a withdrawal (minor units; 0: nothing). */
  turnoverRemaining: moneySchema.min(0),
  /**
   * The requirement the member's bonuses add up to at today's turnover multiple (minor units): the
   * progress bar's whole; at least turnoverRemaining.
   */
  turnoverRequired: moneySchema.min(0),
});
export type BonusPage = z.infer<typeof bonusPageSchema>;
