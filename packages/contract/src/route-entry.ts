/**
 * The wire facts of a gateway call without its schemas: what a browser needs to make the call. These
 * entries make up the light route table (`@banca/contract/routes`); the zod route definitions
 * (route.ts, `*.routes.ts`) are built on them, so every path is written once. Nothing in this file,
 * nor in any `*.calls.ts` file, may import zod at run time: the first route's bundle loads them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** 'none': public; 'token': a session token is required; 'optional': used when present;
 *  'operator': the operator's API token (OPERATOR_TOKEN), for back-office calls. */
export type RouteAuthMode = 'none' | 'token' | 'optional' | 'operator';

/** One call a client makes to the gateway: it answers the envelope (or, with `redirect`, a 302). */
export interface RouteEntry {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuthMode;
  /** Body carried as compact JWE (Content-Type application/jose); plain JSON is refused. */
  readonly enc: boolean;
  /** Body sent as application/x-www-form-urlencoded (spec: "POST form"). */
  readonly form?: boolean;
  /**
   * A browser navigation, not an API call: success answers 302 Found with a Location header instead
   * of the envelope. Refusals the call documents as envelopes (e.g. 404) still answer the envelope.
   */
  readonly redirect?: boolean;
}

/**
 * Server-to-server callbacks (payment webhooks, game vendors' wallet calls) live under this prefix:
 * they are signed by the caller, answer in the caller's own format, and neither member tokens nor the
 * maintenance and region rules apply to them (docs/architecture.md, "Callback routes").
 */
export const CALLBACK_PREFIX = '/callback';

/** A callback's wire facts. No member token, no enc, no envelope: the caller signs its raw body. */
export interface CallbackEntry {
  readonly kind: 'callback';
  readonly id: string;
  readonly method: 'POST' | 'PUT' | 'GET';
  readonly path: `${typeof CALLBACK_PREFIX}/${string}`;
  /** Who calls it (a payment provider, a game vendor); the verifier looks its secret up by caller id. */
  readonly caller: string;
}

/** A call's path with its `:name` segments filled in (each value URI-encoded). */
export const fillPath = (path: string, params: Readonly<Record<string, string | number>>): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for ${segment}`);
    return encodeURIComponent(String(value));
  });
