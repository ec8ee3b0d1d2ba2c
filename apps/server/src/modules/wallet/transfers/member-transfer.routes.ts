import type { FastifyInstance } from 'fastify';
import { walletRoutes } from '@banca/contract';
import type { ServerKey } from '../../../platform/crypto/server-keys.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import { getTransferTargets, transferToMember, type MemberTransferDeps } from './member-transfer.service.ts';

/** Tree transfers (real accounts only: trial accounts get 403 in_need_true_account at the edge). */
export function registerMemberTransferRoutes(
  app: FastifyInstance,
  deps: MemberTransferDeps & { serverKey: ServerKey },
): void {
  const real = { requireRealAccount: true } as const;
  registerRoute(app, walletRoutes.transferTargets, ({ auth }) => getTransferTargets(deps, auth), real);
  registerRoute(app, walletRoutes.memberTransfer, ({ auth, body }) => transferToMember(deps, auth, body), {
    ...real,
    serverKey: deps.serverKey,
  });
}
