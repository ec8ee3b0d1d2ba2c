import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerContentRoutes } from './content.routes.ts';
import { registerContentOpsRoutes } from './content.ops.ts';
import type { Db } from '../../database.ts';
import type { OpsAccess } from '../../ops-access.ts';

/**
 * The content module: banners (by group, with their linkage), announcements, popups, promotions and
 * the notice marquee (MCSFE_getListAnnouncements). Owns content_banner and content_announcement.
 */
export { seedContent, type DemoAnnouncement, type DemoBanner } from './content.service.ts';

export interface ContentModuleDeps {
  db: Db;
  /** Back-office access; undefined without a back office (the /ops calls are then not registered). */
  ops: OpsAccess | undefined;
}

export const contentModule: ServerModule<ContentModuleDeps> = {
  name: 'content',
  register: (app, deps) => {
    registerContentRoutes(app, deps);
    if (deps.ops) registerContentOpsRoutes(app, { db: deps.db, ops: deps.ops });
  },
};
