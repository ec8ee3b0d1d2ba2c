import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * Every JSON response is `{ success, code, message, value }` (ARCHITECTURE.md section 2).
 * On success `code` is 'ok'; on failure it is an ErrorCode (or a module's own code) and `value`
 * may carry details such as `fields: { name: code }` for form errors.
 */
export interface Envelope<T> {
  success: boolean;
  code: string;
  message: string;
  value: T;
}

export interface FieldErrors {
  fields: Record<string, string>;
}

export const OK_CODE = 'ok';

const makeEnvelopeSchema = <T extends z.ZodType>(value: T) =>
  z.object({ success: z.boolean(), code: z.string(), message: z.string(), value });

/**
 * One envelope schema per value schema, made once: zod compiles an object schema's parser on its first
 * parse, so a schema made per call would be compiled per call (the lobby's uncached lists did so).
 */
const envelopeSchemas = new WeakMap<z.ZodType, z.ZodType>();

export const envelopeSchema = <T extends z.ZodType>(value: T): ReturnType<typeof makeEnvelopeSchema<T>> => {
  let schema = envelopeSchemas.get(value);
  if (!schema) {
    schema = makeEnvelopeSchema(value);
    envelopeSchemas.set(value, schema);
  }
  return schema as ReturnType<typeof makeEnvelopeSchema<T>>;
};

export const errorEnvelopeSchema = envelopeSchema(
  z.union([z.object({ fields: z.record(z.string(), z.string()) }).passthrough(), z.null(), z.unknown()]),
);

export const ok = <T>(value: T, message = ''): Envelope<T> => ({
  success: true,
  code: OK_CODE,
  message,
  value,
});

export const fail = <T = null>(
  code: ErrorCode | string,
  message: string,
  value: T = null as T,
): Envelope<T> => ({
  success: false,
  code,
  message,
  value,
});
