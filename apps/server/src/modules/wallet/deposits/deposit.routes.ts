import type { FastifyInstance } from 'fastify';
import { depositCallbacks, depositRoutes } from '@banca/contract';
import type { OpsAccess } from '../../../ops-access.ts';
import { hmacSha256Verifier, registerCallbackRoute } from '../../../platform/http/callback-route.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import {
  SANDBOX_PIX_CALLER,
  SANDBOX_PIX_HEADERS,
  SANDBOX_PIX_NAME,
} from '../../../platform/providers/payments/sandbox-pix-provider.ts';
import {
  createDeposit,
  depositOptions,
  depositStatus,
  listDeposits,
  searchOpsDeposits,
  settlePaidCharge,
  type DepositDeps,
} from './deposit.service.ts';

export interface DepositRouteDeps extends DepositDeps {
  /** The sandbox provider's webhook secret; undefined: the sandbox webhook is not registered. */
  sandboxPixSecret: Buffer | undefined;
  ops: OpsAccess | undefined;
}

/** How far a webhook's signed timestamp may be from our clock, either way. */
const WEBHOOK_SKEW_SECONDS = 300;

/**
 * Deposit calls (real accounts only: trial accounts get 403 in_need_true_account at the edge), the
 * payment provider's webhook and the operators' deposit lookup.
 */
export function registerDepositRoutes(app: FastifyInstance, deps: DepositRouteDeps): void {
  const real = { requireRealAccount: true };
  registerRoute(app, depositRoutes.options, ({ auth }) => depositOptions(deps, auth), real);
  registerRoute(app, depositRoutes.create, ({ auth, body }) => createDeposit(deps, auth, body), real);
  registerRoute(app, depositRoutes.list, ({ auth, query }) => listDeposits(deps, auth, query.limit), real);
  registerRoute(
    app,
    depositRoutes.status,
    ({ auth, params }) => depositStatus(deps, auth, params.depositId),
    real,
  );

  if (deps.sandboxPixSecret) {
    const secret = deps.sandboxPixSecret;
    registerCallbackRoute(
      app,
      depositCallbacks.sandboxPix,
      async ({ body, reply }) => {
        const { outcome } = await settlePaidCharge(deps, {
          provider: SANDBOX_PIX_NAME,
          providerRef: body.providerRef,
          chargeId: body.chargeId,
          currency: body.currency,
          amount: body.amount,
          paidAt: new Date(body.paidAt),
        });
        // A provider retries until it gets a 2xx: a charge we do not know (or that does not match)
        // will never settle, so say so with a 4xx it can log, having written nothing.
        if (outcome === 'unknown_charge') reply.code(404);
        if (outcome === 'charge_mismatch') reply.code(409);
        return { ok: outcome === 'credited' || outcome === 'already_credited', outcome };
      },
      {
        verifier: hmacSha256Verifier({
          callerHeader: SANDBOX_PIX_HEADERS.caller,
          timestampHeader: SANDBOX_PIX_HEADERS.timestamp,
          signatureHeader: SANDBOX_PIX_HEADERS.signature,
          maxSkewSeconds: WEBHOOK_SKEW_SECONDS,
          secretOf: (caller) => (caller === SANDBOX_PIX_CALLER ? secret : undefined),
          ...(deps.clock ? { now: () => deps.clock!().getTime() } : {}),
        }),
        refusal: (reason) => ({ ok: false, outcome: reason }),
      },
    );
  }

  if (deps.ops) {
    registerRoute(
      app,
      depositRoutes.opsList,
      ({ query }) =>
        searchOpsDeposits(deps.db, {
          merchantCode: deps.merchantCode,
          limit: query.limit,
          ...(query.memberId !== undefined ? { memberId: query.memberId } : {}),
          ...(query.status !== undefined ? { status: query.status } : {}),
          ...(query.flagged !== undefined ? { flagged: query.flagged } : {}),
          ...(query.from !== undefined ? { from: new Date(query.from) } : {}),
          ...(query.to !== undefined ? { to: new Date(query.to) } : {}),
          ...(query.before !== undefined ? { before: query.before } : {}),
          ...(query.flag !== undefined ? { flag: query.flag } : {}),
          ...(query.channel !== undefined ? { channel: query.channel } : {}),
          ...(query.minAmount !== undefined ? { minAmount: query.minAmount } : {}),
          ...(query.maxAmount !== undefined ? { maxAmount: query.maxAmount } : {}),
        }),
      { onRequest: deps.ops.allow('deposits.read') },
    );
  }
}
