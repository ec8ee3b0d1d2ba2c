import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerContentRoutes } from './content.routes.ts';
import type { Db } from '../../database.ts';

/**
 * The content module: banners (by group, with their linkage), announcements, popups, promotions and
 * the notice marquee (MCSFE_getListAnnouncements). Owns content_banner and content_announcement.
 */
export { seedContent, type DemoAnnouncement, type DemoBanner } from './content.service.ts';

export interface ContentModuleDeps {
  db: Db;
}

export const contentModule: ServerModule<ContentModuleDeps> = {
  name: 'content',
  register: (app, deps) => registerContentRoutes(app, deps),
};
