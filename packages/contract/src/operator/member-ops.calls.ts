import type { RouteEntry } from '../route-entry.ts';

/**
 * The back office's member calls' wire facts (no zod). Schemas: member-ops.routes.ts. Served by the
 * member-desk module of the gateway, which composes each module's face (issue 23 item 4).
 */
export const memberOpsCalls = {
  search: {
    id: 'memberOps.search',
    method: 'GET',
    path: '/ops/members',
    auth: 'operator',
    enc: false,
  },
  profile: {
    id: 'memberOps.profile',
    method: 'GET',
    path: '/ops/members/:id',
    auth: 'operator',
    enc: false,
  },
  lock: {
    id: 'memberOps.lock',
    method: 'POST',
    path: '/ops/members/:id/lock',
    auth: 'operator',
    enc: false,
  },
  unlock: {
    id: 'memberOps.unlock',
    method: 'POST',
    path: '/ops/members/:id/unlock',
    auth: 'operator',
    enc: false,
  },
  forceLogout: {
    id: 'memberOps.forceLogout',
    method: 'POST',
    path: '/ops/members/:id/force-logout',
    auth: 'operator',
    enc: false,
  },
  resetPassword: {
    id: 'memberOps.resetPassword',
    method: 'POST',
    path: '/ops/members/:id/reset-password',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
