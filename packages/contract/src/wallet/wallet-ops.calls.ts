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
  // Finance (issue 23 item 4): adjustments above the merchant's threshold wait for a second approver.
  listAdjustmentRequests: {
    id: 'wallet.ops.listAdjustmentRequests',
    method: 'GET',
    path: '/ops/wallet/adjustment-requests',
    auth: 'operator',
    enc: false,
  },
  approveAdjustmentRequest: {
    id: 'wallet.ops.approveAdjustmentRequest',
    method: 'POST',
    path: '/ops/wallet/adjustment-requests/:id/approve',
    auth: 'operator',
    enc: false,
  },
  rejectAdjustmentRequest: {
    id: 'wallet.ops.rejectAdjustmentRequest',
    method: 'POST',
    path: '/ops/wallet/adjustment-requests/:id/reject',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
