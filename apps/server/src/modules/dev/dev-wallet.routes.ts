import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, requestIdSchema } from '@banca/contract';
import type { Db } from '../../database.ts';
import { authOf, routeAuthHook } from '../../platform/http/route-auth.ts';
import {
  createWalletSettings,
  ensureMemberWallet,
  houseAccount,
  transfer,
  type WalletDeps,
} from '../wallet/index.ts';

export interface DevWalletDeps {
  db: Db;
  merchantCode: string;
  merchantCurrency: WalletDeps['merchantCurrency'];
}

/**
 * DEVELOPMENT AND TESTS ONLY (registered with the other /dev routes, loopback only): money for a test
 * member, so e2e journeys and the wallet benchmark can start from a funded wallet before deposits and
 * operator adjustments exist. Both go through the ledger like any movement:
 * - POST /dev/wallet/credit (token) { amount, requestId }: the caller's main wallet is credited from the
 *   merchant's ADJUSTMENTS account (key dev-credit:<member>:<requestId>, so a retry credits once);
 * - PUT /dev/wallet/mode { walletMode }: the merchant's wallet mode (single or transfer), as an
 *   operator would set it through /ops/wallet/settings.
 */
export function registerDevWalletRoutes(app: FastifyInstance, deps: DevWalletDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const settings = createWalletSettings(deps.db);
  typed.post(
    '/dev/wallet/credit',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          amount: z.number().int().min(1).max(100_000_000),
          requestId: requestIdSchema,
        }),
      },
      onRequest: routeAuthHook(app, 'token', { requireRealAccount: true }),
    },
    async (request) => {
      const auth = authOf(request);
      const { currency } = await deps.merchantCurrency(auth.merchantCode);
      const house = await houseAccount(deps.db, auth.merchantCode, 'ADJUSTMENTS', currency);
      const wallet = await ensureMemberWallet(deps.db, auth.memberId, auth.merchantCode, currency);
      const result = await transfer(deps.db, {
        idempotencyKey: `dev-credit:${auth.memberId}:${request.body.requestId}`,
        debitAccountId: house.id,
        creditAccountId: wallet.id,
        amount: request.body.amount,
        kind: 'ADJUSTMENT',
        reference: 'dev:sandbox-credit',
      });
      return ok({ transferId: result.id, replayed: result.replayed });
    },
  );
  typed.put(
    '/dev/wallet/mode',
    { schema: { hide: true, body: z.strictObject({ walletMode: z.enum(['single', 'transfer']) }) } },
    async (request) => {
      const { after } = await settings.update(deps.db, deps.merchantCode, {
        walletMode: request.body.walletMode,
      });
      return ok({ walletMode: after.walletMode });
    },
  );
}
