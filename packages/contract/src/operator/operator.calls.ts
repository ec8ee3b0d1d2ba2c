import type { RouteEntry } from '../route-entry.ts';

/** The operator's back-office calls' wire facts (no zod). Schemas: operator.routes.ts. */
export const operatorCalls = {
  statusSettings: {
    id: 'operator.statusSettings',
    method: 'GET',
    path: '/ops/system/status-settings',
    auth: 'operator',
    enc: false,
  },
  setMaintenance: {
    id: 'operator.setMaintenance',
    method: 'PUT',
    path: '/ops/system/maintenance',
    auth: 'operator',
    enc: false,
  },
  setRegion: {
    id: 'operator.setRegion',
    method: 'PUT',
    path: '/ops/system/region',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
