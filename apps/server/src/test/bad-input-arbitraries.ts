/**
 * fast-check generators of bad requests near a valid one, for the `*.bad-input.test.ts` files (the
 * shape agent.bad-input.test.ts introduced): query strings or JSON bodies with a field set to a value
 * of the wrong type or out of range, dropped, or an unknown field added, kept only when the route's
 * schema refuses them. Plus the check every refusal must pass: a 4xx envelope with a catalogued code.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { expect } from 'vitest';
import { isCatalogueErrorCode } from '@banca/contract';

export const badString = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.integer({ min: 65, max: 5_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(
    '',
    '   ',
    '\u0000',
    '<script>',
    '-1',
    '0',
    '1e3',
    '2026-13-40',
    '2026-02-30T00:00:00Z',
    'Y',
    'ALL',
    '12x',
  ),
);

export const badQueryValue = fc.oneof(
  badString,
  fc.integer({ min: -1_000_000, max: 0 }).map(String),
  fc.integer({ min: 101, max: 10_000_000 }).map(String),
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.double({ min: 0.1, max: 50, noNaN: true }).map(String),
);

export const wrongType = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  badString,
);

/** Query strings near `base` that the schema refuses. */
export function badQueries(schema: z.ZodType, base: Record<string, string>, keys: string[]) {
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: badQueryValue }),
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.stringMatching(/^[a-zA-Z_]{1,12}$/).filter((k) => !keys.includes(k)),
      value: fc.string({ maxLength: 8 }),
    }),
  );
  return fc
    .array(mutation, { minLength: 1, maxLength: 3 })
    .map((ms) => {
      const out: Record<string, string> = { ...base };
      for (const m of ms) out[m.key] = m.value;
      return out;
    })
    .filter((q) => !schema.safeParse(q).success);
}

/** JSON bodies near `base` that the schema refuses (`nested`: arbitraries of whole bad values for a key). */
export function badBodies(
  schema: z.ZodType,
  base: Record<string, unknown>,
  keys: string[],
  nested: Record<string, fc.Arbitrary<unknown>> = {},
) {
  const nestedKeys = Object.keys(nested);
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }),
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: wrongType }),
    ...(nestedKeys.length
      ? [
          fc
            .constantFrom(...nestedKeys)
            .chain((key) =>
              nested[key]!.map((value) => ({ kind: 'set' as const, key, value: value as unknown })),
            ),
        ]
      : []),
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.stringMatching(/^[a-zA-Z_]{1,12}$/).filter((k) => !keys.includes(k)),
      value: fc.jsonValue({ maxDepth: 1 }),
    }),
  );
  return fc
    .oneof(
      {
        weight: 8,
        arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => {
          const out: Record<string, unknown> = { ...base };
          for (const m of ms) {
            if (m.kind === 'drop') delete out[m.key];
            else out[m.key] = m.value;
          }
          return out;
        }),
      },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.integer(),
          fc.string({ maxLength: 10 }),
          fc.constant(null),
          fc.array(fc.integer(), { maxLength: 2 }),
        ),
      },
    )
    .map((v) => JSON.parse(JSON.stringify(v)) as unknown)
    .filter((v) => !schema.safeParse(v).success);
}

/** A refusal: 4xx, success false, a code of the error catalogue. */
export function expectRefused(res: { status: number; body: { success?: boolean; code?: string } }) {
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(res.body.success).toBe(false);
  expect(isCatalogueErrorCode(res.body.code ?? ''), res.body.code).toBe(true);
}
