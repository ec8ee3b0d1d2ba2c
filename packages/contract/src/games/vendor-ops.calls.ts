import type { RouteEntry } from '../route-entry.ts';

/** The games module's back-office calls (operator bearer token; roles checked by the server). */
export const vendorOpsCalls = {
  rotateVendorSecret: {
    id: 'games.ops.rotateVendorSecret',
    method: 'POST',
    path: '/ops/games/vendors/:vendor/secret',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
