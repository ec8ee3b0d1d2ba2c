import { z } from 'zod';

/**
 * A whole number sent in a query string or a path: decimal digits only, nothing around them. Not
 * `z.coerce.number()`, which takes what `Number()` takes: ' 1', '1 ' (a '+' in a query), '0x1f', '1e3'
 * and '' (as 0) would all pass as numbers and reach the service.
 */
export const queryInteger = (min: number, max: number = Number.MAX_SAFE_INTEGER) =>
  z
    // A number is what a typed client hands its URL builder; on the wire it is always text.
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,16}$/, 'must be a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** A positive id (1 .. MAX_SAFE_INTEGER) sent in a query string or a path. */
export const queryId = () => queryInteger(1);
