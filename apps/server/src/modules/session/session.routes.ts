import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRoutes } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestLanguage } from '../../platform/http/language.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { ServerKey } from '../../platform/crypto/server-keys.ts';
import { issueCaptcha } from './captcha.service.ts';
import type { AuthDeps, RequestContext } from './session.deps.ts';
import { completeSecondVerification, freePlay, login, logout } from './session.service.ts';
import { sendSmsCode } from './verification.service.ts';

export interface AuthRouteDeps {
  auth: AuthDeps;
  merchantCode: string;
  serverKey: ServerKey;
  visitor: (request: FastifyRequest) => Visitor;
}

/** Who is asking, from the visitor reader (trusted-proxy aware) and the request headers. */
export function requestContext(
  deps: Pick<AuthRouteDeps, 'merchantCode' | 'visitor'>,
  request: FastifyRequest,
): RequestContext {
  const ua = request.headers['user-agent'];
  return {
    merchantCode: deps.merchantCode,
    ip: deps.visitor(request).ip,
    userAgent: typeof ua === 'string' ? ua : null,
    language: requestLanguage(request),
  };
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
  registerRoute(app, authRoutes.captcha, ({ request }) => issueCaptcha(auth, ctx(request)));
  registerRoute(app, authRoutes.smsNoLogin, ({ body, request }) =>
    sendSmsCode(auth, ctx(request), body, 'no_login'),
  );
  registerRoute(app, authRoutes.smsRegister, ({ body, request }) =>
    sendSmsCode(auth, ctx(request), body, 'register'),
  );
}
