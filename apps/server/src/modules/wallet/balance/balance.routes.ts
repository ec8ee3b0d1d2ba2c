import type { FastifyInstance } from 'fastify';
import { walletRoutes } from '@banca/contract';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import type { WalletDeps } from '../merchant-currency.ts';
import { balanceRead } from './balance.service.ts';

/**
 * Wallet calls. The balance is open to trial accounts: they play with play money and the header
 * shows it. Calls that move money on a member's request (deposit, withdrawal, wallet transfer) are
 * registered with `{ requireRealAccount: true }`, so trial accounts get 403 in_need_true_account at
 * the edge, before the service runs.
 */
export function registerBalanceRoutes(
  app: FastifyInstance,
  deps: WalletDeps & { merchantCode: string },
): void {
  // The balance is read in the token check's own statement: one round trip (balanceRead).
  const read = balanceRead(deps);
  registerRoute(app, walletRoutes.balance, async ({ authRead }) => authRead(read), {
    authRead: read,
    // A hundred-odd bytes: never compressed, so the compression hooks are left off.
    smallAnswers: true,
  });
}
