import type { FastifyInstance } from 'fastify';
import { walletRoutes } from '@banca/contract';
import type { Db } from '../../../database.ts';
import { type OpsAccess, operatorOf } from '../../../ops-access.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import { grantBonus } from '../bonuses/bonus.service.ts';
import { adjustBalance, changeWalletSettings } from './wallet-ops.service.ts';
import {
  approveAdjustmentRequest,
  listAdjustmentRequests,
  rejectAdjustmentRequest,
} from '../adjustments/adjustment-request.service.ts';
import type { WalletSettingsService } from '../settings/wallet-settings.service.ts';
import type { WalletDeps } from '../merchant-currency.ts';

export interface WalletOpsDeps extends Pick<WalletDeps, 'merchantCurrency'> {
  db: Db;
  merchantCode: string;
  settings: WalletSettingsService;
  /** Undefined without a back office: these routes are then not registered (404). */
  ops: OpsAccess | undefined;
}

/**
 * The wallet's /ops calls. Identity, roles and the audit come from the OpsAccess port in the context
 * (the operator module's), so this module never imports the operator module.
 */
export function registerWalletOpsRoutes(app: FastifyInstance, deps: WalletOpsDeps): void {
  const { ops } = deps;
  if (!ops) return;
  registerRoute(
    app,
    walletRoutes.adjustBalance,
    ({ body, request }) =>
      adjustBalance(
        { db: deps.db, merchantCode: deps.merchantCode, merchantCurrency: deps.merchantCurrency, ops },
        operatorOf(request),
        body,
        request.id,
      ),
    { onRequest: ops.allow('balances.adjust') },
  );
  registerRoute(
    app,
    walletRoutes.grantBonus,
    ({ body, request }) =>
      grantBonus(
        { db: deps.db, merchantCode: deps.merchantCode, merchantCurrency: deps.merchantCurrency, ops },
        operatorOf(request),
        body,
        request.id,
      ),
    { onRequest: ops.allow('balances.adjust') },
  );
  registerRoute(app, walletRoutes.getSettings, () => deps.settings.get(deps.merchantCode), {
    onRequest: ops.allow('wallet.settings'),
  });
  registerRoute(
    app,
    walletRoutes.putSettings,
    ({ body, request }) =>
      changeWalletSettings(
        { db: deps.db, merchantCode: deps.merchantCode, settings: deps.settings, ops },
        operatorOf(request),
        body,
        request.id,
      ),
    { onRequest: ops.allow('wallet.settings') },
  );
  // Adjustments above the threshold: a second operator decides (issue 23 item 4).
  const adjustDeps = {
    db: deps.db,
    merchantCode: deps.merchantCode,
    merchantCurrency: deps.merchantCurrency,
    ops,
  };
  registerRoute(
    app,
    walletRoutes.listAdjustmentRequests,
    ({ query }) => listAdjustmentRequests(deps.db, deps.merchantCode, query),
    { onRequest: ops.allow('balances.adjust') },
  );
  registerRoute(
    app,
    walletRoutes.approveAdjustmentRequest,
    ({ params, body, request }) =>
      approveAdjustmentRequest(adjustDeps, operatorOf(request), {
        id: params.id,
        ...(body?.reason ? { reason: body.reason } : {}),
        requestId: request.id,
      }),
    { onRequest: ops.allow('balances.adjust') },
  );
  registerRoute(
    app,
    walletRoutes.rejectAdjustmentRequest,
    ({ params, body, request }) =>
      rejectAdjustmentRequest(adjustDeps, operatorOf(request), {
        id: params.id,
        reason: body.reason,
        requestId: request.id,
      }),
    { onRequest: ops.allow('balances.adjust') },
  );
}
