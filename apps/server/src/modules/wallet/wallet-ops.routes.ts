import type { FastifyInstance, FastifyRequest } from 'fastify';
import { walletRoutes, type WalletSettings } from '@banca/contract';
import { ZodError } from 'zod';
import type { Db } from '../../database.ts';
import type { OperatorActor, OpsAccess } from '../../ops-access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { adjustBalance } from './wallet-adjustment.service.ts';
import type { WalletSettingsService } from './wallet-settings.service.ts';
import type { WalletDeps } from './wallet.service.ts';

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

/** A settings change whose merged result breaks the schema: invalid_input with the fields at fault. */
function invalidSettings(err: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) fields[issue.path.join('.') || '_'] = issue.code;
  return new AppError('invalid_input', { fields });
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
        actorOf(request),
        body,
        request.id,
      ),
    { onRequest: ops.require('finance') },
  );
  registerRoute(app, walletRoutes.getSettings, () => deps.settings.get(deps.merchantCode), {
    onRequest: ops.require('admin'),
  });
  registerRoute(
    app,
    walletRoutes.putSettings,
    ({ body, request }) =>
      inTransaction(deps.db, async (trx): Promise<WalletSettings> => {
        let change: { before: WalletSettings; after: WalletSettings };
        try {
          change = await deps.settings.update(trx, deps.merchantCode, body as never);
        } catch (err) {
          throw err instanceof ZodError ? invalidSettings(err) : err;
        }
        await ops.audit(trx, {
          actor: actorOf(request),
          action: 'wallet.settings',
          subjectType: 'wallet_settings',
          subjectId: deps.merchantCode,
          before: change.before,
          after: change.after,
          requestId: request.id,
        });
        return change.after;
      }),
    { onRequest: ops.require('admin') },
  );
}
