import type { RouteEntry } from '../route-entry.ts';

/** The reports' back-office calls' wire facts (no zod). Schemas: reports.routes.ts. */
export const reportsCalls = {
  dashboard: {
    id: 'reports.ops.dashboard',
    method: 'GET',
    path: '/ops/reports/dashboard',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
