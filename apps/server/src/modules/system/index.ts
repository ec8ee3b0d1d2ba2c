import type { FastifyRequest } from 'fastify';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import { installSystemGuard } from './system.guard.ts';
import { registerSystemRoutes } from './system.routes.ts';
import { registerHelpOpsRoutes } from './help-articles.ops.ts';
import { registerCustomerServiceOpsRoutes } from './customer-service.ops.ts';
import { registerPlatformOpsRoutes } from './platform-settings.ops.ts';
import type { Db } from '../../database.ts';
import type { OpsAccess } from '../../ops-access.ts';
import type { SystemService } from './system.service.ts';

/**
 * The system module: status (maintenance, region blocks), white-label flags, register settings,
 * resources, domain routes, customer service, help centre, countries, public key. Owns the merchant
 * and settings tables; other modules read them only through SystemService (and the cached
 * merchant settings built on it). Its repository and table files are private.
 */
export { STATUS_CACHE_MS, SystemService } from './system.service.ts';
export {
  merchantSettingsFrom,
  SETTINGS_CACHE_MS,
  type AuthFlags,
  type MerchantSettingsSource,
} from './merchant-settings.ts';

export interface SystemModuleDeps {
  system: SystemService;
  visitor: (request: FastifyRequest) => Visitor;
  db: Db;
  merchantCode: string;
  /** Back-office access; undefined without a back office (the /ops calls are then not registered). */
  ops: OpsAccess | undefined;
}

export const systemModule: ServerModule<SystemModuleDeps> = {
  name: 'system',
  register: (app, deps) => {
    // The guard first: maintenance and region refusals come before any other module's hooks.
    installSystemGuard(app, deps);
    registerSystemRoutes(app, deps);
    if (deps.ops) {
      const opsDeps = { db: deps.db, merchantCode: deps.merchantCode, ops: deps.ops };
      registerHelpOpsRoutes(app, opsDeps);
      registerCustomerServiceOpsRoutes(app, opsDeps);
      registerPlatformOpsRoutes(app, { ...opsDeps, system: deps.system });
    }
  },
};
