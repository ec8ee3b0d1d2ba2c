import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRoutes } from '@banca/contract';
import type { ServerKey } from '../../platform/crypto/server-keys.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestContext } from '../../platform/http/request-context.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { AuthDeps } from './session.deps.ts';
import { freePlay } from './free-play.service.ts';
import { completeSecondVerification, login } from './login.service.ts';
import { logout } from './session.service.ts';

export interface AuthRouteDeps {
  auth: AuthDeps;
  merchantCode: string;
  serverKey: ServerKey;
  visitor: (request: FastifyRequest) => Visitor;
}

/**
 * Login group calls of the session module (spec section 7). The agent portal's login is the same call
 * with `portal: 'AGENT'` in the body, which the service refuses for non-agents (agent_only).
 */
export function registerSessionRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, serverKey } = deps;
  const ctx = (request: FastifyRequest) => requestContext(deps, request);

  registerRoute(app, authRoutes.login, ({ body, request }) => login(auth, ctx(request), body), { serverKey });
  registerRoute(
    app,
    authRoutes.loginVerification,
    ({ body, request }) => completeSecondVerification(auth, ctx(request), body),
    { serverKey },
  );
  registerRoute(app, authRoutes.freePlay, ({ body, request }) => freePlay(auth, ctx(request), body));
  registerRoute(app, authRoutes.logout, ({ request, auth: caller }) => logout(auth, ctx(request), caller));
}
