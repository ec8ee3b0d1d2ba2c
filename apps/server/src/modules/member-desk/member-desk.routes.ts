import type { FastifyInstance } from 'fastify';
import { memberOpsRoutes } from '@banca/contract';
import { type OpsAccess, operatorOf } from '../../ops-access.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestLanguage } from '../../platform/http/language.ts';
import {
  changeMemberStatus,
  forceLogoutMember,
  memberProfile,
  resetMemberPassword,
  searchMemberDesk,
  type MemberDeskDeps,
} from './member-desk.service.ts';

/** The member desk's /ops calls, each guarded by the role matrix (contract OPS_PERMISSIONS). */
export function registerMemberDeskRoutes(
  app: FastifyInstance,
  deps: MemberDeskDeps & { access: OpsAccess },
): void {
  const { access } = deps;
  registerRoute(app, memberOpsRoutes.search, ({ query }) => searchMemberDesk(deps, query), {
    onRequest: access.allow('members.read'),
  });
  registerRoute(app, memberOpsRoutes.profile, ({ params }) => memberProfile(deps, params.id), {
    onRequest: access.allow('members.read'),
  });
  registerRoute(
    app,
    memberOpsRoutes.lock,
    ({ params, body, request }) =>
      changeMemberStatus(deps, operatorOf(request), params.id, 'DISABLED', body, request.id),
    { onRequest: access.allow('members.lock') },
  );
  registerRoute(
    app,
    memberOpsRoutes.unlock,
    ({ params, body, request }) =>
      changeMemberStatus(deps, operatorOf(request), params.id, 'ACTIVE', body, request.id),
    { onRequest: access.allow('members.lock') },
  );
  registerRoute(
    app,
    memberOpsRoutes.forceLogout,
    ({ params, body, request }) => forceLogoutMember(deps, operatorOf(request), params.id, body, request.id),
    { onRequest: access.allow('members.forceLogout') },
  );
  registerRoute(
    app,
    memberOpsRoutes.resetPassword,
    ({ params, body, request }) =>
      resetMemberPassword(deps, operatorOf(request), params.id, body, requestLanguage(request), request.id),
    { onRequest: access.allow('members.resetPassword') },
  );
}
