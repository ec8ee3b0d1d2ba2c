import type { z } from 'zod';
import type { RouteEntry } from './route-entry.ts';

/** What the schemas add to a call's wire facts: its documentation and the zod schemas of its input and
 *  of the envelope's `value`. */
export interface RouteSpec<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  summary: string;
  tags: string[];
  /** Path parameters (`:name` segments of `path`), validated like the query. */
  params?: P;
  query?: Q;
  body?: B;
  /** The envelope's `value`; a redirect call documents nothing on the wire (use z.null()). */
  response: R;
}

/**
 * One gateway call: its wire facts (a RouteEntry of the light route table: method, path, who may call
 * it, enc, form, redirect) and its schemas. The server registers routes from these; the OpenAPI
 * document is generated from them; the web calls the light entries and takes its types from these.
 */
export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
>
  extends RouteEntry, RouteSpec<Q, B, R, P> {}

/**
 * A route definition built on an entry of the light route table, so the path is written once:
 * `defineRoute(systemCalls.status, { summary, tags, response })`. The one-argument form takes a whole
 * definition (test-only routes).
 */
export function defineRoute<
  const E extends RouteEntry,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(entry: E, spec: RouteSpec<Q, B, R, P>): E & RouteSpec<Q, B, R, P>;
export function defineRoute<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(def: RouteDef<Q, B, R, P>): RouteDef<Q, B, R, P>;
export function defineRoute(entry: RouteEntry, spec?: RouteSpec): RouteDef {
  return spec ? { ...entry, ...spec } : (entry as RouteDef);
}

/** The TypeScript type of a route's response `value`. */
export type RouteValue<T> = T extends { response: infer R extends z.ZodType } ? z.infer<R> : never;
/** The TypeScript type of a route's query. */
export type RouteQuery<T> = T extends { query?: infer Q }
  ? Q extends z.ZodType
    ? z.input<Q>
    : undefined
  : never;
/** The TypeScript type of a route's body. */
export type RouteBody<T> = T extends { body?: infer B }
  ? B extends z.ZodType
    ? z.input<B>
    : undefined
  : never;
