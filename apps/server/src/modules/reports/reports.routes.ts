import type { FastifyInstance } from 'fastify';
import { reportsRoutes } from '@banca/contract';
import type { Db } from '../../database.ts';
import type { OpsAccess } from '../../ops-access.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import type { WalletDeps, WalletSettingsService } from '../wallet/index.ts';
import { dashboard } from './reports.service.ts';

export interface ReportsRouteDeps {
  db: Db;
  merchantCode: string;
  settings: WalletSettingsService;
  merchantCurrency: WalletDeps['merchantCurrency'];
  /** Undefined without a back office: no /ops route is registered (404). */
  ops: OpsAccess | undefined;
}

/** GET /ops/reports/dashboard: identity and role through the OpsAccess port, like every /ops call. */
export function registerReportsRoutes(app: FastifyInstance, deps: ReportsRouteDeps): void {
  const { ops } = deps;
  if (!ops) return;
  registerRoute(
    app,
    reportsRoutes.dashboard,
    async ({ query }) => {
      const [settings, money] = await Promise.all([
        deps.settings.get(deps.merchantCode),
        query.currency ? undefined : deps.merchantCurrency(deps.merchantCode),
      ]);
      return dashboard(
        deps.db,
        { from: query.from, to: query.to },
        query.currency ?? money!.currency,
        settings.timeZone,
      );
    },
    { onRequest: ops.allow('reports.read') },
  );
}
