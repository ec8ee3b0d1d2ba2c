import type { Db } from '../../database.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { SystemService } from '../system/index.ts';
import { merchantCurrencyFrom } from '../wallet/index.ts';
import { registerDevRoutes } from './dev.routes.ts';
import { registerDevWalletRoutes } from './dev-wallet.routes.ts';
import { registerDevVendorRoutes } from './dev-vendor.routes.ts';
import { createDevService, type CaptchaAnswerLog } from './dev.service.ts';

/** DEVELOPMENT AND TESTS ONLY: the sandbox outbox and recent captcha answers (see dev.service.ts). */
export { CaptchaAnswerLog } from './dev.service.ts';

export interface DevModuleDeps {
  db: Db;
  /** Present only outside production: without it the module registers nothing (404 like any path). */
  captchas: CaptchaAnswerLog | undefined;
  /** SANDBOX_ALLOW_REMOTE: answer clients other than loopback too. */
  sandboxAllowRemote: boolean;
  merchantCode: string;
  system: Pick<SystemService, 'whitelabel'>;
}

export const devModule: ServerModule<DevModuleDeps> = {
  name: 'dev',
  register: (app, deps) => {
    if (!deps.captchas) return;
    registerDevRoutes(app, createDevService(deps.db, deps.captchas), {
      allowRemote: deps.sandboxAllowRemote,
    });
    const money = {
      db: deps.db,
      merchantCode: deps.merchantCode,
      merchantCurrency: merchantCurrencyFrom(deps.system, deps.merchantCode),
    };
    registerDevWalletRoutes(app, money);
    registerDevVendorRoutes(app, money);
  },
};
