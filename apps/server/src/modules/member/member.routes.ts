import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRoutes, memberRoutes } from '@banca/contract';
import type { ServerKey } from '../../platform/crypto/server-keys.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestContext } from '../../platform/http/request-context.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { MemberDeps } from './member.deps.ts';
import { changePassword, forgotPasswordByEmail, resetPasswordByPhone } from './passwords.service.ts';
import { getMemberIcon, getMemberInfo } from './profile.service.ts';
import { checkAffiliate, checkRegistrationAllowed, register } from './registration.service.ts';
import { sendSmsCode } from './sms-code.service.ts';

export interface MemberRouteDeps {
  auth: MemberDeps;
  merchantCode: string;
  serverKey: ServerKey;
  visitor: (request: FastifyRequest) => Visitor;
}

/**
 * Registration, passwords, member info and the SMS codes they use. Member-centre calls declare
 * requireRealAccount, so trial accounts are refused at the edge (403 in_need_true_account); member
 * info stays open to them because the client needs their type to show the prompt.
 */
export function registerMemberRoutes(app: FastifyInstance, deps: MemberRouteDeps): void {
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
  registerRoute(app, memberRoutes.registerCheck, ({ request }) =>
    checkRegistrationAllowed(auth, ctx(request)),
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
  registerRoute(app, authRoutes.smsNoLogin, ({ body, request }) =>
    sendSmsCode(auth, ctx(request), body, 'no_login'),
  );
  registerRoute(app, authRoutes.smsRegister, ({ body, request }) =>
    sendSmsCode(auth, ctx(request), body, 'register'),
  );
}
