import type { RouteEntry } from '../route-entry.ts';

/** The wallet's back-office calls (operator bearer token; roles checked by the server). */
export const walletOpsCalls = {
  adjustBalance: {
    id: 'wallet.ops.adjustBalance',
    method: 'POST',
    path: '/ops/wallet/adjustments',
    auth: 'operator',
    enc: false,
  },
  grantBonus: {
    id: 'wallet.ops.grantBonus',
    method: 'POST',
    path: '/ops/wallet/bonuses',
    auth: 'operator',
    enc: false,
  },
  getSettings: {
    id: 'wallet.ops.getSettings',
    method: 'GET',
    path: '/ops/wallet/settings',
    auth: 'operator',
    enc: false,
  },
  putSettings: {
    id: 'wallet.ops.putSettings',
    method: 'PUT',
    path: '/ops/wallet/settings',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
