import type { FastifyInstance } from 'fastify';
import { gamesRoutes } from '@banca/contract';
import type { Db } from '../../../database.ts';
import { operatorOf, type OpsAccess } from '../../../ops-access.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import { rotateVendorSecretByOperator } from './vendor-ops.service.ts';

export interface VendorOpsDeps {
  db: Db;
  sealKey: Buffer;
  /** Undefined without a back office: these routes are then not registered (404). */
  ops: OpsAccess | undefined;
}

/**
 * The games module's /ops calls: rotating a vendor's wallet-API secret (admin). Every node sees the
 * new secret within the signature cache's few seconds (vendorSecrets).
 */
export function registerVendorOpsRoutes(app: FastifyInstance, deps: VendorOpsDeps): void {
  const { ops } = deps;
  if (!ops) return;
  registerRoute(
    app,
    gamesRoutes.rotateVendorSecret,
    ({ params, body, request }) =>
      rotateVendorSecretByOperator(
        { db: deps.db, sealKey: deps.sealKey, ops },
        operatorOf(request),
        params.vendor,
        body,
        request.id,
      ),
    { onRequest: ops.allow('vendors.secrets') },
  );
}
