import type { RouteEntry } from '../route-entry.ts';

/** GET: the "not received" proof image of a withdrawal, for the finance desk (a file, not an
 *  envelope: image/png or image/jpeg; refusals are envelopes). Operator token, role finance. */
export const OPS_WITHDRAWAL_PROOF_PATH = '/ops/wallet/withdrawals/:id/proof';

/**
 * Wire facts (no zod) of the security centre's money settings, withdrawals, member-to-member
 * transfers and the operator's withdrawal desk. Part of the wallet group (walletCalls spreads them).
 * Schemas: withdraw.routes.ts.
 */
export const withdrawCalls = {
  security: {
    id: 'wallet.security',
    method: 'GET',
    path: '/wps/v2/wallets/security',
    auth: 'token',
    enc: false,
  },
  setPaymentPassword: {
    id: 'wallet.setPaymentPassword',
    method: 'PUT',
    path: '/wps/v2/wallets/payment-password',
    auth: 'token',
    enc: true,
  },
  bindPayoutKey: {
    id: 'wallet.bindPayoutKey',
    method: 'PUT',
    path: '/wps/v2/wallets/payout-key',
    auth: 'token',
    enc: true,
  },
  withdrawOverview: {
    id: 'wallet.withdrawOverview',
    method: 'GET',
    path: '/wps/v2/wallets/withdraw/overview',
    auth: 'token',
    enc: false,
  },
  requestWithdrawal: {
    id: 'wallet.requestWithdrawal',
    method: 'POST',
    path: '/wps/v2/wallets/withdrawals',
    auth: 'token',
    enc: true,
  },
  withdrawals: {
    id: 'wallet.withdrawals',
    method: 'GET',
    path: '/wps/v2/wallets/withdrawals',
    auth: 'token',
    enc: false,
  },
  withdrawal: {
    id: 'wallet.withdrawal',
    method: 'GET',
    path: '/wps/v2/wallets/withdrawals/:id',
    auth: 'token',
    enc: false,
  },
  confirmWithdrawal: {
    id: 'wallet.confirmWithdrawal',
    method: 'POST',
    path: '/wps/v2/wallets/withdrawals/:id/confirmation',
    auth: 'token',
    enc: false,
  },
  cancelWithdrawal: {
    id: 'wallet.cancelWithdrawal',
    method: 'POST',
    path: '/wps/v2/wallets/withdrawals/:id/cancel',
    auth: 'token',
    enc: false,
  },
  transferTargets: {
    id: 'wallet.transferTargets',
    method: 'GET',
    path: '/wps/v2/wallets/member-transfer/targets',
    auth: 'token',
    enc: false,
  },
  memberTransfer: {
    id: 'wallet.memberTransfer',
    method: 'POST',
    path: '/wps/v2/wallets/member-transfers',
    auth: 'token',
    enc: true,
  },
  opsWithdrawals: {
    id: 'wallet.opsWithdrawals',
    method: 'GET',
    path: '/ops/wallet/withdrawals',
    auth: 'operator',
    enc: false,
  },
  opsApproveWithdrawal: {
    id: 'wallet.opsApproveWithdrawal',
    method: 'POST',
    path: '/ops/wallet/withdrawals/:id/approve',
    auth: 'operator',
    enc: false,
  },
  opsRejectWithdrawal: {
    id: 'wallet.opsRejectWithdrawal',
    method: 'POST',
    path: '/ops/wallet/withdrawals/:id/reject',
    auth: 'operator',
    enc: false,
  },
  // Finance (issue 23 item 5): approve many selected withdrawals at once, one result per item.
  opsBulkApproveWithdrawals: {
    id: 'wallet.opsBulkApproveWithdrawals',
    method: 'POST',
    path: '/ops/wallet/withdrawals/bulk-approve',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
