import type { FastifyInstance } from 'fastify';
import { walletRoutes } from '@banca/contract';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import {
  consolidatedFunds,
  merchantWallet,
  walletTransfer,
  type WalletTransferDeps,
} from './wallet-transfer.service.ts';

/**
 * Wallet mode and wallet transfers (spec section 7). Consolidated funds and transfers are for real
 * accounts only: trial accounts get 403 in_need_true_account at the edge.
 */
export function registerWalletTransferRoutes(app: FastifyInstance, deps: WalletTransferDeps): void {
  registerRoute(app, walletRoutes.merchantWallet, () => merchantWallet(deps));
  registerRoute(app, walletRoutes.consolidatedFunds, ({ auth }) => consolidatedFunds(deps, auth), {
    requireRealAccount: true,
  });
  registerRoute(app, walletRoutes.walletTransfer, ({ auth, body }) => walletTransfer(deps, auth, body), {
    requireRealAccount: true,
  });
}
