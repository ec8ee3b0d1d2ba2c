import type { z } from 'zod';
import { defineRoute } from '../route.ts';
import { withdrawCalls as c } from './withdraw.calls.ts';
import {
  bindPayoutKeyBodySchema,
  confirmWithdrawalBodySchema,
  idParamSchema,
  memberTransferBodySchema,
  memberTransferValueSchema,
  opsApproveBodySchema,
  opsBulkApproveBodySchema,
  opsBulkApproveValueSchema,
  opsRejectBodySchema,
  opsWithdrawalListSchema,
  opsWithdrawalQuerySchema,
  opsWithdrawalSchema,
  requestWithdrawalBodySchema,
  securityValueSchema,
  setPaymentPasswordBodySchema,
  transferTargetsSchema,
  withdrawalListQuerySchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawOverviewSchema,
} from './withdraw.schemas.ts';

const tags = ['wallet'];
const opsTags = ['ops'];

/** Security centre money settings, withdrawals, tree transfers and the operator's withdrawal desk. */
export const withdrawRoutes = {
  security: defineRoute(c.security, {
    summary: 'Payment password state, its rule and the bound payout PIX key (masked)',
    tags,
    response: securityValueSchema,
  }),
  setPaymentPassword: defineRoute(c.setPaymentPassword, {
    summary: 'Set or change the payment password (needs the login password)',
    tags,
    body: setPaymentPasswordBodySchema,
    response: securityValueSchema,
  }),
  bindPayoutKey: defineRoute(c.bindPayoutKey, {
    summary: 'Bind or change the payout PIX key (needs the payment password)',
    tags,
    body: bindPayoutKeyBodySchema,
    response: securityValueSchema,
  }),
  withdrawOverview: defineRoute(c.withdrawOverview, {
    summary: "Limits, today's use, turnover left and the bound key: what the withdraw page shows",
    tags,
    response: withdrawOverviewSchema,
  }),
  requestWithdrawal: defineRoute(c.requestWithdrawal, {
    summary: 'Ask for a withdrawal: the amount is held until an operator approves or rejects it',
    tags,
    body: requestWithdrawalBodySchema,
    response: withdrawalSchema,
  }),
  withdrawals: defineRoute(c.withdrawals, {
    summary: "The member's withdrawals, newest first, with their tracker steps",
    tags,
    query: withdrawalListQuerySchema,
    response: withdrawalListSchema,
  }),
  withdrawal: defineRoute(c.withdrawal, {
    summary: 'One withdrawal of the member',
    tags,
    params: idParamSchema,
    response: withdrawalSchema,
  }),
  confirmWithdrawal: defineRoute(c.confirmWithdrawal, {
    summary: 'Confirm a paid withdrawal received, or not received with a proof image (png/jpg, 5 MB)',
    tags,
    params: idParamSchema,
    body: confirmWithdrawalBodySchema,
    response: withdrawalSchema,
  }),
  cancelWithdrawal: defineRoute(c.cancelWithdrawal, {
    summary:
      'Cancel a withdrawal still waiting for a decision: the held amount returns at once (a repeat answers the cancelled withdrawal)',
    tags,
    params: idParamSchema,
    response: withdrawalSchema,
  }),
  transferTargets: defineRoute(c.transferTargets, {
    summary: 'The upline and (for agents) direct downline this member may send money to',
    tags,
    response: transferTargetsSchema,
  }),
  memberTransfer: defineRoute(c.memberTransfer, {
    summary: 'Send money to the upline or a direct downline (needs the payment password)',
    tags,
    body: memberTransferBodySchema,
    response: memberTransferValueSchema,
  }),
  opsWithdrawals: defineRoute(c.opsWithdrawals, {
    summary: 'Withdrawals for the finance desk, newest first, filtered',
    tags: opsTags,
    query: opsWithdrawalQuerySchema,
    response: opsWithdrawalListSchema,
  }),
  opsApproveWithdrawal: defineRoute(c.opsApproveWithdrawal, {
    summary: 'Approve a requested withdrawal: the payout provider is asked to pay it',
    tags: opsTags,
    params: idParamSchema,
    body: opsApproveBodySchema.optional(),
    response: opsWithdrawalSchema,
  }),
  opsRejectWithdrawal: defineRoute(c.opsRejectWithdrawal, {
    summary: "Reject a requested withdrawal with a reason: the held amount returns to the member's wallet",
    tags: opsTags,
    params: idParamSchema,
    body: opsRejectBodySchema,
    response: opsWithdrawalSchema,
  }),
  opsBulkApproveWithdrawals: defineRoute(c.opsBulkApproveWithdrawals, {
    summary:
      'Approve the selected requested withdrawals, each on its own (approved, or failed with a code); each approval audited',
    tags: opsTags,
    body: opsBulkApproveBodySchema,
    response: opsBulkApproveValueSchema,
  }),
} as const;

export type OpsWithdrawal = z.infer<typeof opsWithdrawalSchema>;
