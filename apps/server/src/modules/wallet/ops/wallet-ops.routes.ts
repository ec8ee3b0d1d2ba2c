import type { FastifyInstance, FastifyRequest } from 'fastify';
import { walletRoutes } from '@banca/contract';
import type { Db } from '../../../database.ts';
import type { OperatorActor, OpsAccess } from '../../../ops-access.ts';
import { AppError } from '../../../platform/http/app-error.ts';
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

const actorOf = (request: FastifyRequest): OperatorActor => {
  if (!request.operator) throw new AppError('not_logged_in');
  return request.operator;
};

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
        actorOf(request),
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
        actorOf(request),
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
        actorOf(request),
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
      approveAdjustmentRequest(adjustDeps, actorOf(request), {
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
      rejectAdjustmentRequest(adjustDeps, actorOf(request), {
        id: params.id,
        reason: body.reason,
        requestId: request.id,
      }),
    { onRequest: ops.allow('balances.adjust') },
  );
}
