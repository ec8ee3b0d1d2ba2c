import { z } from 'zod';

/**
 * Money crosses the wire as a JSON integer of minor units (centavos for BRL), never a float.
 * Stored as bigint in SQL; values stay within Number.MAX_SAFE_INTEGER (about 90 trillion BRL),
 * which the schema enforces so no precision is ever lost in JSON.
 */
export const moneySchema = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
export type Money = z.infer<typeof moneySchema>;

export const DEFAULT_CURRENCY = 'BRL';
