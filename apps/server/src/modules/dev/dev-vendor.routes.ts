import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@banca/contract';
import type { Db } from '../../database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { catalogueVendorIds, openPlayerSession, rotateVendorSecret, vendorSealKey } from '../games/index.ts';
import { createSandboxMember } from '../member/index.ts';
import { ensureMemberWallet, houseAccount, transfer, type WalletDeps } from '../wallet/index.ts';

export interface DevVendorDeps {
  db: Db;
  merchantCode: string;
  merchantCurrency: WalletDeps['merchantCurrency'];
}

const vendorSchema = z.string().regex(/^[A-Z0-9_]{1,32}$/);

/**
 * DEVELOPMENT AND TESTS ONLY (registered with the other /dev routes: loopback only, never in
 * production): what a vendor integration test needs before the launch exists.
 * - POST /dev/vendor/player-session { vendor, amount?, ttlSeconds?, memberId? }: a new sandbox member
 *   (or `memberId` again) with `amount` minor units credited from ADJUSTMENTS, and a player session of
 *   `vendor` lasting `ttlSeconds` (0: already expired, to test what expired sessions may do);
 * - POST /dev/vendor/credentials { vendor }: rotates the vendor's secret and answers the new one (the
 *   previous one stays valid for the grace period), so a local conformance run can sign.
 */
export function registerDevVendorRoutes(app: FastifyInstance, deps: DevVendorDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const vendorExists = async (vendor: string) => {
    if (!(await catalogueVendorIds(deps.db, [vendor])).has(vendor))
      throw new AppError('not_found', { vendor });
  };

  typed.post(
    '/dev/vendor/player-session',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          vendor: vendorSchema,
          amount: z.number().int().min(0).max(100_000_000_000).optional(),
          ttlSeconds: z.number().int().min(0).max(86_400).optional(),
          memberId: z.number().int().positive().optional(),
        }),
      },
    },
    async (request) => {
      const { vendor, amount = 1_000_000, ttlSeconds = 3_600 } = request.body;
      await vendorExists(vendor);
      const { currency } = await deps.merchantCurrency(deps.merchantCode);
      const memberId =
        request.body.memberId ??
        (
          await createSandboxMember(deps.db, {
            merchantCode: deps.merchantCode,
            account: `vc${randomBytes(6).toString('hex')}`,
            ip: request.ip,
          })
        ).id;
      if (amount > 0) {
        const house = await houseAccount(deps.db, deps.merchantCode, 'ADJUSTMENTS', currency);
        const wallet = await ensureMemberWallet(deps.db, memberId, deps.merchantCode, currency);
        await transfer(deps.db, {
          idempotencyKey: `dev-vendor-credit:${memberId}:${randomBytes(8).toString('hex')}`,
          debitAccountId: house.id,
          creditAccountId: wallet.id,
          amount,
          kind: 'ADJUSTMENT',
          reference: 'dev:vendor-sandbox',
        });
      }
      const session = await openPlayerSession(deps.db, {
        memberId,
        merchantCode: deps.merchantCode,
        vendor,
        currency,
        ttlMs: ttlSeconds * 1000,
      }).catch((err: unknown) => {
        if (err instanceof Error && /not found/.test(err.message))
          throw new AppError('not_found', { memberId });
        throw err;
      });
      return ok({ ...session, expiresAt: session.expiresAt.toISOString(), memberId, currency });
    },
  );

  typed.post(
    '/dev/vendor/credentials',
    { schema: { hide: true, body: z.strictObject({ vendor: vendorSchema }) } },
    async (request) => {
      await vendorExists(request.body.vendor);
      const secret = await rotateVendorSecret(deps.db, await vendorSealKey(deps.db), request.body.vendor);
      return ok({ vendor: request.body.vendor, secret });
    },
  );
}
