import type { FastifyInstance } from 'fastify';
import {
  VENDOR_ERROR_STATUS,
  VENDOR_HEADERS,
  VENDOR_MAX_SKEW_SECONDS,
  vendorCallbacks,
  type CallbackDef,
  type VendorAnswer,
  type VendorErrorCode,
} from '@banca/contract';
import type { z } from 'zod';
import {
  hmacSha256Verifier,
  registerCallbackRoute,
  type CallbackRefusal,
} from '../../../platform/http/callback-route.ts';
import { exchangeLaunchToken } from '../launch/launch.service.ts';
import type { VendorSecrets } from './vendor-wallet.credentials.ts';
import {
  vendorBalance,
  vendorCredit,
  vendorDebit,
  vendorEndRound,
  vendorRollback,
} from './vendor-wallet.service.ts';
import { newVendorWalletCache, VendorWalletError, type VendorWalletDeps } from './vendor-wallet.context.ts';

export interface VendorWalletRouteDeps extends VendorWalletDeps {
  secrets: VendorSecrets;
}

const REFUSAL: Record<CallbackRefusal | 'failed', VendorErrorCode> = {
  unsigned: 'unsigned',
  unknown_caller: 'unknown_vendor',
  stale_timestamp: 'stale_timestamp',
  bad_signature: 'bad_signature',
  invalid_body: 'invalid_request',
  failed: 'internal_error',
};

const refusal = (code: VendorErrorCode, extra: Partial<VendorAnswer> = {}): VendorAnswer => ({
  status: code,
  message: code.replace(/_/g, ' '),
  ...extra,
});

/**
 * The vendor wallet API under /callback/vendor/ (docs/vendor-api.md): signed with the vendor's own
 * secret, answered in the vendor format ({ status, balance, currency, ... }), never the envelope.
 */
export function registerVendorWalletRoutes(app: FastifyInstance, routeDeps: VendorWalletRouteDeps): void {
  const deps: VendorWalletRouteDeps = { cache: newVendorWalletCache(), ...routeDeps };
  const options = {
    verifier: hmacSha256Verifier({
      callerHeader: VENDOR_HEADERS.vendor,
      timestampHeader: VENDOR_HEADERS.timestamp,
      signatureHeader: VENDOR_HEADERS.signature,
      maxSkewSeconds: VENDOR_MAX_SKEW_SECONDS,
      secretOf: (vendor) => deps.secrets.secretsOf(vendor),
      ...(deps.clock ? { now: () => deps.clock!().getTime() } : {}),
    }),
    // The status the edge picked stays (401, 400, 413, 500); the body names the vendor code.
    refusal: (reason: CallbackRefusal | 'failed') => refusal(REFUSAL[reason]),
  };
  const route = <D extends CallbackDef<z.ZodType>>(
    def: D,
    call: (vendor: string, body: z.output<NonNullable<D['body']>>) => Promise<VendorAnswer>,
  ) =>
    registerCallbackRoute(
      app,
      def,
      async ({ callerId, body, reply }) => {
        try {
          return await call(callerId, body as z.output<NonNullable<D['body']>>);
        } catch (err) {
          if (!(err instanceof VendorWalletError)) throw err;
          reply.code(VENDOR_ERROR_STATUS[err.code]);
          return refusal(err.code, err.extra);
        }
      },
      options,
    );

  route(vendorCallbacks.balance, (vendor, body) => vendorBalance(deps, { vendor }, body));
  route(vendorCallbacks.debit, (vendor, body) => vendorDebit(deps, { vendor }, body));
  route(vendorCallbacks.credit, (vendor, body) => vendorCredit(deps, { vendor }, body));
  route(vendorCallbacks.rollback, (vendor, body) => vendorRollback(deps, { vendor }, body));
  route(vendorCallbacks.endRound, (vendor, body) => vendorEndRound(deps, { vendor }, body));
  route(vendorCallbacks.launch, async (vendor, body) => {
    const exchanged = await exchangeLaunchToken(deps.db, vendor, body.launchToken, deps.clock?.());
    if (!exchanged?.playerSession) throw new VendorWalletError('launch_invalid');
    // The balance as the balance call answers it, so the game opens showing the right figure.
    const balance = await vendorBalance(deps, { vendor }, { playerSession: exchanged.playerSession });
    return { ...balance, ...exchanged };
  });
}
