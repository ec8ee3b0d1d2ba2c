import { z } from 'zod';
import { moneySchema } from '../money.ts';
import { queryId, queryInteger } from '../query-number.ts';

/** Client-chosen name of one adjustment: a retry with the same key changes nothing twice. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, '8-100 of A-Z a-z 0-9 . _ : -');

/** POST /ops/wallet/adjustments (finance): credit (> 0) or debit (< 0) a member's cash wallet. */
export const adjustmentBodySchema = z.strictObject({
  memberId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Signed minor units: positive credits the member, negative debits; never zero. */
  amount: moneySchema.refine((n) => n !== 0, 'non-zero'),
  /** Why: required, kept in the audit. */
  reason: z.string().trim().min(3).max(500),
  idempotencyKey: idempotencyKeySchema,
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

export const adjustmentValueSchema = z.strictObject({
  transferId: z.number().int().positive(),
  memberId: z.number().int().positive(),
  amount: moneySchema,
  currency: z.string(),
  /** The member's balance before and after this adjustment (minor units). */
  balanceBefore: moneySchema.min(0),
  balanceAfter: moneySchema.min(0),
  /** True when the key had been used: the first adjustment's result, nothing moved now. */
  replayed: z.boolean(),
});
export type AdjustmentValue = z.infer<typeof adjustmentValueSchema>;

/** An adjustment above the merchant's adjustmentApprovalThreshold: waits for a second operator. */
export const ADJUSTMENT_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const adjustmentRequestStatusSchema = z.enum(ADJUSTMENT_REQUEST_STATUSES);
export type AdjustmentRequestStatus = z.infer<typeof adjustmentRequestStatusSchema>;

export const adjustmentRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  memberId: z.number().int().positive(),
  /** Signed minor units, as asked: positive credits the member, negative debits. */
  amount: moneySchema,
  currency: z.string(),
  reason: z.string(),
  status: adjustmentRequestStatusSchema,
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The ledger transfer of an approved request. */
  transferId: z.number().int().positive().nullable(),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

/**
 * What POST /ops/wallet/adjustments answers: `posted` (at or below the threshold: the ledger moved
 * now) or `pending` (above it: a request another operator holding balances.adjust decides).
 */
export const adjustmentResultSchema = z.discriminatedUnion('outcome', [
  adjustmentValueSchema.extend({ outcome: z.literal('posted') }),
  z.strictObject({
    outcome: z.literal('pending'),
    request: adjustmentRequestSchema,
    /** The merchant's threshold (minor units) the amount is above. */
    threshold: moneySchema.min(0),
    /** True when the key had been used: the first request, nothing written now. */
    replayed: z.boolean(),
  }),
]);
export type AdjustmentResult = z.infer<typeof adjustmentResultSchema>;

/** GET /ops/wallet/adjustment-requests: newest first, keyset-paged with `before`. */
export const adjustmentRequestQuerySchema = z.strictObject({
  status: adjustmentRequestStatusSchema.optional(),
  memberId: queryId().optional(),
  before: queryId().optional(),
  limit: queryInteger(1, 200).default(50),
});
export const adjustmentRequestListSchema = z.strictObject({
  items: z.array(adjustmentRequestSchema),
  next: z.number().int().nullable(),
});
export const adjustmentRequestIdParamSchema = z.strictObject({ id: queryId() });
/** Approve: an optional note; reject: a reason (both kept in the audit). */
export const adjustmentApproveBodySchema = z.strictObject({
  reason: z.string().trim().max(500).optional(),
});
export const adjustmentRejectBodySchema = z.strictObject({ reason: z.string().trim().min(3).max(500) });

/** POST /ops/wallet/bonuses (finance): bonus money from the PROMOTIONS account to a member's cash wallet. */
export const bonusBodySchema = z.strictObject({
  memberId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Minor units, > 0. */
  amount: moneySchema.min(1),
  /** Why: required, kept in the audit. */
  reason: z.string().trim().min(3).max(500),
  idempotencyKey: idempotencyKeySchema,
});
export type BonusBody = z.infer<typeof bonusBodySchema>;

export const bonusValueSchema = z.strictObject({
  transferId: z.number().int().positive(),
  memberId: z.number().int().positive(),
  amount: moneySchema.min(1),
  currency: z.string(),
  balanceAfter: moneySchema.min(0),
  /** The turnover requirement this grant added (amount times the merchant's turnoverMultiple). */
  turnoverAdded: moneySchema.min(0),
  /** True when the key had been used: the first grant's result, nothing moved now. */
  replayed: z.boolean(),
});
export type BonusValue = z.infer<typeof bonusValueSchema>;

/**
 * PUT /ops/wallet/settings (admin): any subset of the settings document; the rest keeps its stored
 * or default value. The merged result is checked against walletSettingsSchema (unknown keys refused).
 */
export const walletSettingsChangeSchema = z.record(z.string().max(64), z.unknown());
