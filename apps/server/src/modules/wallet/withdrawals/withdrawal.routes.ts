import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, OPS_WITHDRAWAL_PROOF_PATH, PROOF_MAX_BASE64, walletRoutes } from '@banca/contract';
import { operatorOf, type OpsAccess } from '../../../ops-access.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import type { ServerKey } from '../../../platform/crypto/server-keys.ts';
import {
  cancelWithdrawal,
  confirmWithdrawal,
  getMemberWithdrawal,
  getWithdrawOverview,
  listMemberWithdrawals,
  requestWithdrawal,
} from './member-withdrawal.service.ts';
import type { WithdrawDeps } from './withdrawal.deps.ts';
import {
  approveWithdrawal,
  bulkApproveWithdrawals,
  listOpsWithdrawals,
  rejectWithdrawal,
  viewProof,
} from './withdrawal-desk.service.ts';

export interface WithdrawalRouteDeps extends WithdrawDeps {
  merchantCode: string;
  serverKey: ServerKey;
  /** Undefined without a back office: the /ops routes are then not registered (404). */
  ops: OpsAccess | undefined;
}

/**
 * Withdrawals: the member's calls (real accounts only, trial accounts get 403 in_need_true_account at
 * the edge) and the finance desk's.
 */
export function registerWithdrawalRoutes(app: FastifyInstance, deps: WithdrawalRouteDeps): void {
  const real = { requireRealAccount: true } as const;
  const enc = { ...real, serverKey: deps.serverKey };
  registerRoute(app, walletRoutes.withdrawOverview, ({ auth }) => getWithdrawOverview(deps, auth), real);
  registerRoute(
    app,
    walletRoutes.requestWithdrawal,
    ({ auth, body }) => requestWithdrawal(deps, auth, body),
    enc,
  );
  registerRoute(
    app,
    walletRoutes.withdrawals,
    ({ auth, query }) => listMemberWithdrawals(deps, auth, query),
    real,
  );
  registerRoute(
    app,
    walletRoutes.withdrawal,
    ({ auth, params }) => getMemberWithdrawal(deps, auth, params.id),
    real,
  );
  registerRoute(
    app,
    walletRoutes.cancelWithdrawal,
    ({ auth, params }) => cancelWithdrawal(deps, auth, params.id),
    real,
  );
  registerRoute(
    app,
    walletRoutes.confirmWithdrawal,
    ({ auth, params, body }) => confirmWithdrawal(deps, auth, params.id, body),
    // The proof image travels as base64 in JSON: room for 5 MB of image and the envelope around it.
    { ...real, bodyLimit: PROOF_MAX_BASE64 + 16_384 },
  );

  const ops = deps.ops;
  if (!ops) return;
  const readQueue = { onRequest: ops.allow('withdrawals.read') };
  const decide = { onRequest: ops.allow('withdrawals.decide') };
  registerRoute(
    app,
    walletRoutes.opsWithdrawals,
    ({ query }) => listOpsWithdrawals(deps, deps.merchantCode, query),
    readQueue,
  );
  registerRoute(
    app,
    walletRoutes.opsApproveWithdrawal,
    ({ params, body, request }) =>
      approveWithdrawal(deps, ops, {
        id: params.id,
        merchantCode: deps.merchantCode,
        actor: operatorOf(request),
        ...(body?.note ? { note: body.note } : {}),
      }),
    decide,
  );
  registerRoute(
    app,
    walletRoutes.opsRejectWithdrawal,
    ({ params, body, request }) =>
      rejectWithdrawal(deps, ops, {
        id: params.id,
        merchantCode: deps.merchantCode,
        actor: operatorOf(request),
        reason: body.reason,
      }),
    decide,
  );
  registerRoute(
    app,
    walletRoutes.opsBulkApproveWithdrawals,
    ({ body, request }) =>
      bulkApproveWithdrawals(deps, ops, {
        ids: body.ids,
        merchantCode: deps.merchantCode,
        actor: operatorOf(request),
        ...(body.note ? { note: body.note } : {}),
      }),
    decide,
  );
  // A file, not an envelope: the image as stored (its type judged by its bytes at upload), never
  // rendered inline as anything else (nosniff), downloaded under a name of ours.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: OPS_WITHDRAWAL_PROOF_PATH,
    schema: {
      operationId: 'wallet.opsWithdrawalProof',
      summary: 'The "not received" proof image of a withdrawal (png or jpg); each view is audited',
      tags: ['ops'],
      params: idParamSchema,
      security: [{ bearer: [] }],
    },
    onRequest: ops.allow('withdrawals.decide'),
    handler: async (request, reply) => {
      const proof = await viewProof(deps, ops, {
        id: request.params.id,
        merchantCode: deps.merchantCode,
        actor: operatorOf(request),
        requestId: request.id,
      });
      const ext = proof.contentType === 'image/png' ? 'png' : 'jpg';
      return reply
        .header('content-type', proof.contentType)
        .header('content-disposition', `inline; filename="withdrawal-${request.params.id}-proof.${ext}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(proof.bytes);
    },
  });
}
