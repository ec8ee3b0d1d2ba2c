import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ok, positiveAmountSchema, requestIdSchema } from '@banca/contract';
import type { Db } from '../../database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findMemberByAccount } from '../member/index.ts';
import { ensureMemberWallet, houseAccount, transfer } from './ledger.service.ts';
import type { MerchantCurrency } from './wallet.service.ts';

const creditBodySchema = z.strictObject({
  account: z.string().min(1).max(64),
  amount: positiveAmountSchema.max(100_000_000),
  requestId: requestIdSchema,
});

/**
 * DEVELOPMENT AND TESTS ONLY (never registered in production): POST /dev/wallet/credit puts sandbox
 * money into a member's wallet through the ledger (ADJUSTMENTS -> member), so e2e journeys can
 * withdraw without a deposit rail. Loopback clients only unless SANDBOX_ALLOW_REMOTE.
 */
export function registerDevCreditRoute(
  app: FastifyInstance,
  deps: {
    db: Db;
    merchantCode: string;
    merchantCurrency(code: string): Promise<MerchantCurrency>;
    allowRemote: boolean;
  },
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/dev/wallet/credit', { schema: { hide: true, body: creditBodySchema } }, async (request) => {
      let loopback: boolean;
      try {
        loopback = ipaddr.process(request.ip).range() === 'loopback';
      } catch {
        loopback = false;
      }
      if (!loopback && !deps.allowRemote) throw new AppError('forbidden', { reason: 'loopback_only' });
      const member = await findMemberByAccount(deps.db, deps.merchantCode, request.body.account);
      if (!member) throw new AppError('not_found');
      const { currency } = await deps.merchantCurrency(deps.merchantCode);
      const moved = await deps.db.transaction().execute(async (trx) => {
        const house = await houseAccount(trx, deps.merchantCode, 'ADJUSTMENTS', currency);
        const wallet = await ensureMemberWallet(trx, member.id, deps.merchantCode, currency);
        return transfer(trx, {
          idempotencyKey: `dev-credit:${request.body.requestId}`,
          debitAccountId: house.id,
          creditAccountId: wallet.id,
          amount: request.body.amount,
          kind: 'ADJUSTMENT',
          reference: 'dev:sandbox-credit',
        });
      });
      return ok({ transferId: moved.id, amount: moved.amount });
    });
}
