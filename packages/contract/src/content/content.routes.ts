import { defineRoute } from '../route.ts';
import { contentCalls } from './content.calls.ts';
import { contentOpsRoutes } from './content-ops.routes.ts';
import { announcementsBodySchema, announcementsValueSchema } from './content.schemas.ts';

const tags = ['content'];

export const contentRoutes = {
  announcements: defineRoute(contentCalls.announcements, {
    summary:
      'Banners (groups w_login, w_register, w_leftmenu, w_home, w_forget, with linkageType), announcements, popups, promotions and the notice marquee, in the language asked',
    tags,
    body: announcementsBodySchema,
    response: announcementsValueSchema,
  }),
  ...contentOpsRoutes,
} as const;
