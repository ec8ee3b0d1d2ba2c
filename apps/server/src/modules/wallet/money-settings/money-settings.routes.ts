import type { FastifyInstance } from 'fastify';
import { walletRoutes } from '@banca/contract';
import type { ServerKey } from '../../../platform/crypto/server-keys.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import {
  bindPayoutKey,
  getSecurity,
  setPaymentPassword,
  type MoneySettingsDeps,
} from './money-settings.service.ts';

/**
 * The security centre's money settings: the payment password and the PIX key payouts go to (real
 * accounts only: trial accounts get 403 in_need_true_account at the edge). Setting either travels enc.
 */
export function registerMoneySettingsRoutes(
  app: FastifyInstance,
  deps: MoneySettingsDeps & { serverKey: ServerKey },
): void {
  const real = { requireRealAccount: true } as const;
  const enc = { ...real, serverKey: deps.serverKey };
  registerRoute(app, walletRoutes.security, ({ auth }) => getSecurity(deps, auth), real);
  registerRoute(
    app,
    walletRoutes.setPaymentPassword,
    ({ auth, body }) => setPaymentPassword(deps, auth, body),
    enc,
  );
  registerRoute(app, walletRoutes.bindPayoutKey, ({ auth, body }) => bindPayoutKey(deps, auth, body), enc);
}
