import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isAgentType, isTrialType } from '@banca/contract';
import type { AliasableExpression, Expression } from 'kysely';
import { AppError } from './app-error.ts';

/**
 * The caller of a token call, as the session module's `authenticate` resolves it. Defined here so the
 * edge (registerRoute) can check tokens and roles for every module without importing any of them.
 */
export interface RouteAuth {
  memberId: number;
  merchantCode: string;
  /** 0 member; agents 1, 2, 41, 42; trial 4. */
  type: number;
  /** SHA-256 of the session token: what logout revokes and "other sessions" excludes. */
  tokenHash: string;
  loginType: string;
}

/**
 * A token route's first read, done in the token check's own statement: one database round trip for
 * the token and, say, the balance, instead of two. Given the session's member id as an SQL expression,
 * the route answers scalar SQL columns keyed by name (correlated sub-selects on its own tables: the
 * SQL stays the route's module's) and how to turn their values into what the handler needs. The token
 * is still checked on every call; the values are handed over only when it is valid, and they come
 * from the same snapshot as the session row. May be async (e.g. a cached setting picks a column).
 * Hand back the same plan (the same `columns` object) for as long as the read is the same: the token
 * check compiles its statement once per columns object (findSessionWithMember), a new object each
 * call would compile it again each call.
 */
export type AuthRead<T> = (memberId: Expression<number>) => AuthReadPlan<T> | Promise<AuthReadPlan<T>>;

export interface AuthReadPlan<T> {
  columns: Readonly<Record<string, AliasableExpression<unknown>>>;
  /** Runs only for a valid token, with what `columns` read (same keys) and the caller. */
  value(row: Readonly<Record<string, unknown>>, auth: RouteAuth): T;
}

/** Resolves a Bearer token (undefined when the header is missing or malformed); throws an error with
 *  a catalogued code (not_logged_in, token_expired) when there is no valid session. With `read`, also
 *  the route's read from the same statement (`read` in the answer). */
export type Authenticate = <T = never>(
  token: string | undefined,
  read?: AuthRead<T>,
) => Promise<RouteAuth & { read?: T }>;

/** Per-route requirements beyond a valid token. */
export interface AuthRequirements {
  /**
   * Trial accounts (type 4) are refused with 403 in_need_true_account: member centre, agent centre,
   * wallet and game launches declare this (spec sections 4 and 6).
   */
  requireRealAccount?: boolean;
  /** Only agents (types 1, 2, 41, 42), e.g. agent-centre calls; others get 403 forbidden. */
  requireAgent?: boolean;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function readBearer(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return BEARER.exec(value ?? '')?.[1];
}

/** Called once by app.ts with the session module's authenticate, before any token route. */
export function installRouteAuth(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorate('routeAuthenticate', authenticate);
  app.decorateRequest('routeAuth', null);
  app.decorateRequest('routeAuthRead', null);
}

/**
 * The onRequest hook of a 'token' or 'optional' call. It runs after the global hooks (so maintenance
 * and region refusals come first) and before the body is read or decrypted, so an anonymous caller
 * costs no JWE work. 'optional' treats a missing, unknown or expired token as anonymous: public
 * content must not fail because a stale token was sent.
 */
export function routeAuthHook(
  app: FastifyInstance,
  mode: 'token' | 'optional',
  requirements: AuthRequirements = {},
  read?: AuthRead<unknown>,
): onRequestHookHandler {
  if (!app.hasDecorator('routeAuthenticate')) {
    throw new Error('token routes need installRouteAuth(app, authenticate) first');
  }
  if (read && mode !== 'token') throw new Error("a read with the token check needs auth 'token'");
  return async (request) => {
    const token = readBearer(request.headers.authorization);
    let auth: RouteAuth;
    if (mode === 'optional') {
      if (token === undefined) return;
      try {
        auth = await request.server.routeAuthenticate(token);
      } catch {
        return;
      }
    } else if (read) {
      const { read: value, ...rest } = await request.server.routeAuthenticate(token, read);
      auth = rest;
      request.routeAuthRead = { read, value };
    } else {
      auth = await request.server.routeAuthenticate(token);
    }
    if (requirements.requireRealAccount && isTrialType(auth.type)) throw new AppError('in_need_true_account');
    if (requirements.requireAgent && !isAgentType(auth.type)) throw new AppError('forbidden');
    request.routeAuth = auth;
  };
}

/** The caller of a token call; a route registered as 'token' always has one. */
export function authOf(request: FastifyRequest): RouteAuth {
  if (!request.routeAuth) throw new AppError('not_logged_in');
  return request.routeAuth;
}

/** What `read` read with the token check of this request (the route was registered with it). */
export function authReadOf<T>(request: FastifyRequest, read: AuthRead<T>): T {
  const done = request.routeAuthRead;
  if (!done || done.read !== read) throw new Error('this route did not read that with its token check');
  return done.value as T;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeAuthenticate: Authenticate;
  }
  interface FastifyRequest {
    routeAuth: RouteAuth | null;
    routeAuthRead: { read: AuthRead<unknown>; value: unknown } | null;
  }
}
