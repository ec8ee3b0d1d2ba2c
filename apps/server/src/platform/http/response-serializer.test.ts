import { envelopeSchema, errorEnvelopeSchema, fail, ok, walletRoutes } from '@banca/contract';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsesAsItEncodes, responseSerializerCompiler } from './response-serializer.ts';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
const library = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

const balance = envelopeSchema(walletRoutes.balance.response);
const value = { balance: 123_456, currency: 'BRL', currencySymbol: 'R$', playMoney: false };

describe('response serializer', () => {
  it("takes zod's forward check for plain schemas (the balance, the error envelope)", () => {
    expect(parsesAsItEncodes(balance)).toBe(true);
    expect(parsesAsItEncodes(errorEnvelopeSchema)).toBe(true);
  });

  it('answers exactly what the library serializer answers', () => {
    for (const [schema, data] of [
      [balance, ok(value)],
      [balance, ok({ ...value, balance: 0, currency: 'XPL', currencySymbol: 'XPL', playMoney: true })],
      [errorEnvelopeSchema, fail('invalid_input', 'x', { fields: { a: 'required' } })],
      [errorEnvelopeSchema, fail('not_logged_in', 'x')],
    ] as const) {
      expect(compile(schema)(data)).toBe(library(schema)(data));
    }
  });

  it('still refuses an answer that breaks the schema, as the library does', () => {
    for (const bad of [
      ok({ ...value, balance: -1 }),
      ok({ ...value, balance: 1.5 }),
      ok({ ...value, extra: 1 }),
      ok({ ...value, currency: 'brl' }),
      { ...ok(value), success: 'yes' },
    ]) {
      const thrown = (() => {
        try {
          compile(balance)(bad);
        } catch (err) {
          return err;
        }
        return undefined;
      })();
      expect(isResponseSerializationError(thrown)).toBe(true);
      expect(() => library(balance)(bad)).toThrow();
    }
  });

  it('keeps the library path for schemas that run differently each way', () => {
    for (const schema of [
      z.object({ n: z.string().transform(Number) }),
      z.object({ n: z.number().default(1) }),
      z.object({ n: z.number().catch(0) }),
      z.object({ d: z.iso.datetime().pipe(z.string()) }),
      z.object({ n: z.number() }).readonly(),
    ]) {
      expect(parsesAsItEncodes(schema)).toBe(false);
    }
    // A transform cannot be encoded: the library's answer (a refusal) stands.
    expect(() => compile(z.object({ n: z.string().transform(Number) }))({ n: 1 })).toThrow();
  });
});
