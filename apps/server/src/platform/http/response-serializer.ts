import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { safeParse, type $ZodType } from 'zod/v4/core';

/**
 * Zod types whose forward run (parse) and backward run (encode) accept the same values and give the
 * same output: no transform, codec, pipe, default, prefault, catch or readonly anywhere in them. For
 * these, checking a value by parsing it is the check that encoding it makes.
 */
const SAME_BOTH_WAYS = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'literal',
  'enum',
  'object',
  'array',
  'union',
  'optional',
  'nullable',
  'nonoptional',
  'record',
  'tuple',
  'date',
  'unknown',
  'any',
  'never',
  'intersection',
  'template_literal',
]);

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  options?: readonly $ZodType[];
  innerType?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  items?: readonly $ZodType[];
  rest?: $ZodType | null;
  left?: $ZodType;
  right?: $ZodType;
}

/** True when `schema` and everything inside it is in SAME_BOTH_WAYS. */
export function parsesAsItEncodes(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  if (!SAME_BOTH_WAYS.has(def.type)) return false;
  const inner: ($ZodType | null | undefined)[] = [
    ...Object.values(def.shape ?? {}),
    def.catchall,
    def.element,
    ...(def.options ?? []),
    def.innerType,
    def.keyType,
    def.valueType,
    ...(def.items ?? []),
    def.rest,
    def.left,
    def.right,
  ];
  return inner.every((s) => !s || parsesAsItEncodes(s, seen));
}

/**
 * The routes' response serializer: the answer is checked against the call's schema and then
 * stringified, as fastify-type-provider-zod's serializer does, but by zod's forward run (parse) where
 * that is the same check (parsesAsItEncodes): zod's encode runs every schema twice (a canary pass,
 * then the checks), which made this check the largest item of the balance read's own CPU after the
 * database call. Any schema with a transform, codec, pipe, default or catch keeps the library's
 * encode path. A value that does not match still fails the answer (ResponseSerializationError, 500).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema, method, url } = routeSchema as { schema: unknown; method: string; url: string };
  if (!isZodType(schema) || !parsesAsItEncodes(schema)) return serializerCompiler(routeSchema as never);
  return (data) => {
    const result = safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

const isZodType = (value: unknown): value is $ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;
