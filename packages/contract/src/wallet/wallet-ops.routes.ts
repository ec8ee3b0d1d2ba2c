import { defineRoute } from '../route.ts';
import { walletSettingsSchema } from './wallet-settings.ts';
import { walletOpsCalls } from './wallet-ops.calls.ts';
import {
  adjustmentApproveBodySchema,
  adjustmentBodySchema,
  adjustmentRejectBodySchema,
  adjustmentRequestIdParamSchema,
  adjustmentRequestListSchema,
  adjustmentRequestQuerySchema,
  adjustmentRequestSchema,
  adjustmentResultSchema,
  bonusBodySchema,
  bonusValueSchema,
  walletSettingsChangeSchema,
} from './wallet-ops.schemas.ts';

const tags = ['operator', 'wallet'];

export const walletOpsRoutes = {
  adjustBalance: defineRoute(walletOpsCalls.adjustBalance, {
    summary:
      "Adjust a member's cash balance against the merchant's ADJUSTMENTS account, with a reason (finance; audited). Above the merchant's adjustmentApprovalThreshold it becomes a pending request for a second operator",
    tags,
    body: adjustmentBodySchema,
    response: adjustmentResultSchema,
  }),
  grantBonus: defineRoute(walletOpsCalls.grantBonus, {
    summary:
      "Grant a member bonus money from the merchant's PROMOTIONS account, adding the turnover requirement, with a reason (finance; audited; idempotency key)",
    tags,
    body: bonusBodySchema,
    response: bonusValueSchema,
  }),
  getSettings: defineRoute(walletOpsCalls.getSettings, {
    summary: "The merchant's money settings (admin)",
    tags,
    response: walletSettingsSchema,
  }),
  putSettings: defineRoute(walletOpsCalls.putSettings, {
    summary: "Change the merchant's money settings: any subset, merged into the stored ones (admin; audited)",
    tags,
    body: walletSettingsChangeSchema,
    response: walletSettingsSchema,
  }),
  listAdjustmentRequests: defineRoute(walletOpsCalls.listAdjustmentRequests, {
    summary: 'Adjustment requests above the approval threshold, pending and decided, newest first (finance)',
    tags,
    query: adjustmentRequestQuerySchema,
    response: adjustmentRequestListSchema,
  }),
  approveAdjustmentRequest: defineRoute(walletOpsCalls.approveAdjustmentRequest, {
    summary:
      'Approve a pending adjustment request: the ledger moves once; never by its requester (finance; audited)',
    tags,
    params: adjustmentRequestIdParamSchema,
    body: adjustmentApproveBodySchema.optional(),
    response: adjustmentRequestSchema,
  }),
  rejectAdjustmentRequest: defineRoute(walletOpsCalls.rejectAdjustmentRequest, {
    summary: 'Reject a pending adjustment request with a reason: nothing moves (finance; audited)',
    tags,
    params: adjustmentRequestIdParamSchema,
    body: adjustmentRejectBodySchema,
    response: adjustmentRequestSchema,
  }),
} as const;
