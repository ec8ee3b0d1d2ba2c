import type { RouteEntry } from '../route-entry.ts';

/** Content calls' wire facts (no zod). Schemas: content.routes.ts. */
export const contentCalls = {
  announcements: {
    id: 'content.announcements',
    method: 'POST',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    // Popups differ for members (execution A/F) and visitors (B); banners and notices do not.
    auth: 'optional',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
