import type { RouteEntry } from '../route-entry.ts';

/** The help centre's back-office calls (operator credential; `content.manage`). Schemas: help-ops.routes.ts. */
export const helpOpsCalls = {
  listHelpArticles: {
    id: 'system.ops.listHelpArticles',
    method: 'GET',
    path: '/ops/content/help-articles',
    auth: 'operator',
    enc: false,
  },
  createHelpArticle: {
    id: 'system.ops.createHelpArticle',
    method: 'POST',
    path: '/ops/content/help-articles',
    auth: 'operator',
    enc: false,
  },
  updateHelpArticle: {
    id: 'system.ops.updateHelpArticle',
    method: 'PUT',
    path: '/ops/content/help-articles/:id',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
