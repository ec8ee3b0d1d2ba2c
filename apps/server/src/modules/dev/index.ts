import type { Db } from '../../database.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerDevRoutes } from './dev.routes.ts';
import { createDevService, type CaptchaAnswerLog } from './dev.service.ts';

/** DEVELOPMENT AND TESTS ONLY: the sandbox outbox and recent captcha answers (see dev.service.ts). */
export { CaptchaAnswerLog } from './dev.service.ts';

export interface DevModuleDeps {
  db: Db;
  /** Present only outside production: without it the module registers nothing (404 like any path). */
  captchas: CaptchaAnswerLog | undefined;
  /** SANDBOX_ALLOW_REMOTE: answer clients other than loopback too. */
  sandboxAllowRemote: boolean;
}

export const devModule: ServerModule<DevModuleDeps> = {
  name: 'dev',
  register: (app, deps) => {
    if (deps.captchas)
      registerDevRoutes(app, createDevService(deps.db, deps.captchas), {
        allowRemote: deps.sandboxAllowRemote,
      });
  },
};
