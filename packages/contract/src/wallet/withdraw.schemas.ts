import { queryId, queryInteger } from '../query-number.ts';
/**
 * Wire shapes of the member's money settings (payment password, payout PIX key), withdrawals (request,
 * tracker, confirmation, operator decisions) and member-to-member transfers along the agent tree.
 * Money is integer minor units; amounts a member sends are bounded to a safe positive integer here and
 * to the merchant's limits by the service.
 */
import { z } from 'zod';
import { passwordSchema } from '../auth/auth.schemas.ts';
import { currencyCodeSchema, requestIdSchema } from './wallet.schemas.ts';
import { PIX_KEY_TYPES } from './pix-key.ts';

/** A positive amount of minor units a member asks to move. */
export const positiveAmountSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A payment password as typed; its merchant rule (register settings, field paymentPassword) is
 *  checked by the service, which names the rule in the error. */
export const paymentPasswordSchema = z.string().min(1).max(64);
export const idParamSchema = z.strictObject({
  id: queryId(),
});

export const pixKeyTypeSchema = z.enum(PIX_KEY_TYPES);

/** The rule a payment password must follow: the merchant's register setting for paymentPassword. */
export const paymentPasswordRuleSchema = z.strictObject({
  patternId: z.number().int().min(0),
  acceptedPattern: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type PaymentPasswordRule = z.infer<typeof paymentPasswordRuleSchema>;

export const payoutKeyViewSchema = z.strictObject({
  type: pixKeyTypeSchema,
  keyMasked: z.string(),
  payeeNameMasked: z.string(),
});
export type PayoutKeyView = z.infer<typeof payoutKeyViewSchema>;

/** GET /wps/v2/wallets/security */
export const securityValueSchema = z.strictObject({
  paymentPasswordSet: z.boolean(),
  /** ISO time until which the payment password is locked, or null. */
  lockedUntil: z.string().nullable(),
  paymentPasswordRule: paymentPasswordRuleSchema,
  /** False for accounts without a login password (social sign-in): none is asked for then. */
  loginPasswordRequired: z.boolean(),
  payoutKey: payoutKeyViewSchema.nullable(),
});
export type SecurityValue = z.infer<typeof securityValueSchema>;

/** PUT /wps/v2/wallets/payment-password (token, enc): sets or changes it; the login password proves
 *  the member is at the keyboard, not just their token. */
export const setPaymentPasswordBodySchema = z.strictObject({
  loginPassword: passwordSchema.optional(),
  paymentPassword: paymentPasswordSchema,
  confirmPaymentPassword: paymentPasswordSchema,
});
export type SetPaymentPasswordBody = z.infer<typeof setPaymentPasswordBodySchema>;

/** PUT /wps/v2/wallets/payout-key (token, enc) */
export const bindPayoutKeyBodySchema = z.strictObject({
  type: pixKeyTypeSchema,
  key: z.string().min(1).max(100),
  payeeName: z.string().min(1).max(100),
  paymentPassword: paymentPasswordSchema,
});
export type BindPayoutKeyBody = z.infer<typeof bindPayoutKeyBodySchema>;

export const WITHDRAWAL_STATUSES = [
  'REQUESTED',
  'APPROVED',
  'PAID',
  'CONFIRMED',
  'REJECTED',
  'DISPUTED',
  'FAILED',
  'CANCELLED',
] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;
export const withdrawalConfirmationSchema = z.enum(['RECEIVED', 'NOT_RECEIVED', 'AUTO']);
/** Why the payout rail did not pay an approved withdrawal (the held money went back to the member):
 *  the receiving bank refused the PIX key, or the rail refused the payout for another reason. */
export const PAYOUT_FAIL_REASONS = ['payout_key_refused', 'payout_refused'] as const;
export const payoutFailReasonSchema = z.enum(PAYOUT_FAIL_REASONS);
export type PayoutFailReason = z.infer<typeof payoutFailReasonSchema>;

/** One withdrawal as its member sees it: the tracker's steps are the four timestamps. */
export const withdrawalSchema = z.strictObject({
  id: z.number().int(),
  amount: positiveAmountSchema,
  currency: currencyCodeSchema,
  status: withdrawalStatusSchema,
  payoutKey: payoutKeyViewSchema,
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** APPROVED -> FAILED: the rail did not pay; the held amount is back in the member's wallet. */
  failedAt: z.string().nullable(),
  failReason: payoutFailReasonSchema.nullable(),
  /** REQUESTED -> CANCELLED: the member took the request back before a decision; the hold is returned. */
  cancelledAt: z.string().nullable(),
  confirmation: withdrawalConfirmationSchema.nullable(),
  /** The merchant's payout promise at the time of asking, for "elapsed against target". */
  payoutTargetMinutes: z.number().int(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** GET /wps/v2/wallets/withdraw/overview */
export const withdrawOverviewSchema = z.strictObject({
  currency: currencyCodeSchema,
  balance: z.number().int().min(0),
  min: z.number().int(),
  max: z.number().int(),
  dailyCount: z.number().int(),
  dailyAmount: z.number().int(),
  usedTodayCount: z.number().int(),
  usedTodayAmount: z.number().int(),
  /** Bonus turnover still to wager before a withdrawal is allowed (0: none). */
  turnoverRemaining: z.number().int().min(0),
  payoutTargetMinutes: z.number().int(),
  paymentPasswordSet: z.boolean(),
  payoutKey: payoutKeyViewSchema.nullable(),
});
export type WithdrawOverview = z.infer<typeof withdrawOverviewSchema>;

/** POST /wps/v2/wallets/withdrawals (token, enc) */
export const requestWithdrawalBodySchema = z.strictObject({
  amount: positiveAmountSchema,
  paymentPassword: paymentPasswordSchema,
  requestId: requestIdSchema,
});
export type RequestWithdrawalBody = z.infer<typeof requestWithdrawalBodySchema>;

/** GET /wps/v2/wallets/withdrawals: newest first, keyset by id. */
export const withdrawalListQuerySchema = z.strictObject({
  before: queryId().optional(),
  limit: queryInteger(1, 50).default(10),
});
export const withdrawalListSchema = z.strictObject({
  items: z.array(withdrawalSchema),
  /** Pass as `before` for the next page; null on the last one. */
  next: z.number().int().nullable(),
});
export type WithdrawalList = z.infer<typeof withdrawalListSchema>;

/** The largest proof image: 5 MB (spec section 9). Base64 makes it 4/3 longer on the wire. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MAX_BASE64 = Math.ceil(PROOF_MAX_BYTES / 3) * 4;

/** POST /wps/v2/wallets/withdrawals/:id/confirmation. Not enc: an image is not a secret and is large.
 *  The proof travels as base64 (png or jpg, judged by its first bytes, not by any name). */
export const confirmWithdrawalBodySchema = z.strictObject({
  received: z.boolean(),
  // Some slack over the largest image, so a slightly larger one is answered proof_invalid by the service.
  proof: z
    .string()
    .max(PROOF_MAX_BASE64 + 8192)
    .optional(),
});
export type ConfirmWithdrawalBody = z.infer<typeof confirmWithdrawalBodySchema>;

/** GET /wps/v2/wallets/member-transfer/targets: the members this member may send money to. */
export const transferTargetSchema = z.strictObject({
  account: z.string(),
  relation: z.enum(['UPLINE', 'DOWNLINE']),
});
export const transferTargetsSchema = z.strictObject({
  currency: currencyCodeSchema,
  balance: z.number().int().min(0),
  targets: z.array(transferTargetSchema),
  paymentPasswordSet: z.boolean(),
});
export type TransferTargets = z.infer<typeof transferTargetsSchema>;

/** POST /wps/v2/wallets/member-transfers (token, enc) */
export const memberTransferBodySchema = z.strictObject({
  /** The receiving member's account name: the upline or a direct downline. */
  target: z.string().trim().min(1).max(64),
  amount: positiveAmountSchema,
  paymentPassword: paymentPasswordSchema,
  requestId: requestIdSchema,
});
export type MemberTransferBody = z.infer<typeof memberTransferBodySchema>;
export const memberTransferValueSchema = z.strictObject({
  transferId: z.number().int(),
  amount: positiveAmountSchema,
  target: z.string(),
  balance: z.number().int().min(0),
});

/** GET /ops/wallet/withdrawals */
export const opsWithdrawalQuerySchema = z.strictObject({
  status: withdrawalStatusSchema.optional(),
  memberId: queryId().optional(),
  /** ISO dates bounding requestedAt. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: queryId().optional(),
  /**
   * `oldest`: the queue order, longest waiting first (ids grow with requestedAt); page on with `after`
   * (the last id seen). Default `newest`, paged with `before`.
   */
  order: z.enum(['newest', 'oldest']).default('newest'),
  after: queryId().optional(),
  limit: queryInteger(1, 200).default(50),
});
export const opsWithdrawalSchema = withdrawalSchema.extend({
  memberId: z.number().int(),
  /** The full key and payee name: finance pays to them. */
  pixKey: z.string(),
  payeeName: z.string(),
  providerRef: z.string().nullable(),
  hasProof: z.boolean(),
});
export const opsWithdrawalListSchema = z.strictObject({
  items: z.array(opsWithdrawalSchema),
  next: z.number().int().nullable(),
});
export const opsRejectBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export const opsApproveBodySchema = z.strictObject({ note: z.string().trim().max(500).optional() });

/** POST /ops/wallet/withdrawals/bulk-approve: the selected withdrawals (each decided on its own). */
export const opsBulkApproveBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100),
  note: z.string().trim().max(500).optional(),
});
/** One line per id asked, in the order asked: approved, or failed with the refusal's code. */
export const opsBulkApproveValueSchema = z.strictObject({
  results: z.array(
    z.strictObject({
      id: z.number().int().positive(),
      outcome: z.enum(['approved', 'failed']),
      /** The refusal's code when failed (withdrawal_state_conflict, not_found, ...). */
      code: z.string().nullable(),
      /** The withdrawal's status after the attempt (null when not found). */
      status: withdrawalStatusSchema.nullable(),
    }),
  ),
  approved: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type OpsBulkApproveValue = z.infer<typeof opsBulkApproveValueSchema>;
