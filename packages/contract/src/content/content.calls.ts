import type { RouteEntry } from '../route-entry.ts';
import { contentOpsCalls } from './content-ops.calls.ts';

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
  ...contentOpsCalls,
} as const satisfies Record<string, RouteEntry>;
