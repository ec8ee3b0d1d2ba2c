import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isAgentType, isTrialType } from '@banca/contract';
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

/** Resolves a Bearer token (undefined when the header is missing or malformed); throws an error with
 *  a catalogued code (not_logged_in, token_expired) when there is no valid session. */
export type Authenticate = (token: string | undefined) => Promise<RouteAuth>;

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
): onRequestHookHandler {
  if (!app.hasDecorator('routeAuthenticate')) {
    throw new Error('token routes need installRouteAuth(app, authenticate) first');
  }
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

declare module 'fastify' {
  interface FastifyInstance {
    routeAuthenticate: Authenticate;
  }
  interface FastifyRequest {
    routeAuth: RouteAuth | null;
  }
}
