import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberRoutes } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestContext, type AuthRouteDeps } from '../session/session.routes.ts';
import {
  changePassword,
  checkAffiliate,
  forgotPasswordByEmail,
  getMemberIcon,
  getMemberInfo,
  register,
  resetPasswordByPhone,
} from './member.service.ts';

/**
 * Registration, passwords and member info. Member-centre calls declare requireRealAccount, so trial
 * accounts are refused at the edge (403 in_need_true_account); member info stays open to them because
 * the client needs their type to show the prompt.
 */
export function registerMemberRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, serverKey } = deps;
  const ctx = (request: FastifyRequest) => requestContext(deps, request);

  registerRoute(
    app,
    memberRoutes.register,
    ({ body, request }) => register(auth, ctx(request), body, 'username'),
    { serverKey },
  );
  registerRoute(
    app,
    memberRoutes.registerMobile,
    ({ body, request }) => register(auth, ctx(request), body, 'mobile'),
    { serverKey },
  );
  registerRoute(app, memberRoutes.affiliate, ({ query }) => checkAffiliate(auth, deps.merchantCode, query));
  registerRoute(
    app,
    memberRoutes.changePassword,
    ({ body, request, auth: caller }) => changePassword(auth, ctx(request), caller, body),
    { serverKey, requireRealAccount: true },
  );
  registerRoute(app, memberRoutes.forgotPasswordEmail, ({ body, request }) =>
    forgotPasswordByEmail(auth, ctx(request), body),
  );
  registerRoute(
    app,
    memberRoutes.resetPasswordByPhone,
    ({ body, request }) => resetPasswordByPhone(auth, ctx(request), body),
    { serverKey },
  );
  registerRoute(app, memberRoutes.info, ({ auth: caller }) => getMemberInfo(auth, caller));
  registerRoute(app, memberRoutes.icon, ({ auth: caller }) => getMemberIcon(auth, caller));
}
