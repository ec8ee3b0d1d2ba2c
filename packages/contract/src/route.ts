import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One gateway call: its method and path, who may call it, whether the body travels as JWE, and the
 * schemas of its input and of the envelope's `value`. The server registers routes from these; the web
 * client calls them; the OpenAPI document is generated from them.
 */
export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  id: string;
  method: HttpMethod;
  path: string;
  /** 'none': public; 'token': a session token is required; 'optional': used when present;
   *  'operator': the operator's API token (OPERATOR_TOKEN), for back-office calls. */
  auth: 'none' | 'token' | 'optional' | 'operator';
  /** Body carried as compact JWE (Content-Type application/jose); plain JSON is refused. */
  enc: boolean;
  /** Body sent as application/x-www-form-urlencoded (spec: "POST form"). */
  form?: boolean;
  /**
   * A browser navigation, not an API call: success answers 302 Found with a Location header instead
   * of the envelope (`response` then documents nothing on the wire; use z.null()). Refusals the call
   * documents as envelopes (e.g. 404) still answer the envelope.
   */
  redirect?: boolean;
  summary: string;
  tags: string[];
  /** Path parameters (`:name` segments of `path`), validated like the query. */
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export const defineRoute = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(
  def: RouteDef<Q, B, R, P>,
): RouteDef<Q, B, R, P> => def;

/** The TypeScript type of a route's response `value`. */
export type RouteValue<T> = T extends RouteDef<infer _Q, infer _B, infer R> ? z.infer<R> : never;
/** The TypeScript type of a route's query. */
export type RouteQuery<T> =
  T extends RouteDef<infer Q, infer _B, infer _R> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
/** The TypeScript type of a route's body. */
export type RouteBody<T> =
  T extends RouteDef<infer _Q, infer B, infer _R> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
