import type { RouteEntry } from '../route-entry.ts';

/** Platform settings in the back office (operator credential; `system.settings`). Schemas: platform-ops.routes.ts. */
export const platformOpsCalls = {
  platformSettings: {
    id: 'system.ops.platformSettings',
    method: 'GET',
    path: '/ops/system/platform-settings',
    auth: 'operator',
    enc: false,
  },
  setWhitelabelFlags: {
    id: 'system.ops.setWhitelabelFlags',
    method: 'PUT',
    path: '/ops/system/whitelabel-flags',
    auth: 'operator',
    enc: false,
  },
  setRegisterFields: {
    id: 'system.ops.setRegisterFields',
    method: 'PUT',
    path: '/ops/system/register-fields',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
