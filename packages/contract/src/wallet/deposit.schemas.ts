import { queryId, queryInteger } from '../query-number.ts';
/** Wire shapes of deposits and the live balance stream. Money is integer minor units (../money.ts). */
import { z } from 'zod';
import { moneySchema } from '../money.ts';
import { paymentChannelSchema } from './wallet-settings.ts';
import { currencyCodeSchema, requestIdSchema } from './wallet.schemas.ts';

export const DEPOSIT_STATUSES = ['pending', 'paid', 'expired'] as const;
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

/** Why an operator should look at a deposit. */
export const DEPOSIT_FLAGS = ['late_payment', 'amount_mismatch'] as const;
export const depositFlagSchema = z.enum(DEPOSIT_FLAGS);

/** GET /wps/v2/deposits/options */
export const depositOptionsSchema = z.strictObject({
  currency: currencyCodeSchema,
  currencySymbol: z.string().min(1).max(8),
  channels: z.array(
    z.strictObject({ channel: paymentChannelSchema, min: moneySchema.min(0), max: moneySchema.min(0) }),
  ),
  chargeTtlMinutes: z.number().int().positive(),
});
export type DepositOptions = z.infer<typeof depositOptionsSchema>;

/** POST /wps/v2/deposits */
export const depositCreateBodySchema = z.strictObject({
  channel: z.string().min(1).max(16),
  amount: moneySchema.min(1),
  /** The client's name for one deposit attempt: a retry with it returns the same deposit. */
  idempotencyKey: requestIdSchema,
});

export const depositSummarySchema = z.strictObject({
  depositId: z.number().int().positive(),
  channel: paymentChannelSchema,
  amount: moneySchema.min(1),
  currency: currencyCodeSchema,
  status: depositStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});
export type DepositSummary = z.infer<typeof depositSummarySchema>;

/** A deposit with what the payer needs: the PIX copy-and-paste text and its QR code (SVG). */
export const depositViewSchema = depositSummarySchema.extend({
  pixCopyPaste: z.string(),
  qrSvg: z.string(),
  /** A page where the charge can be paid besides a bank app: the SANDBOX provider's pay page, or null. */
  payUrl: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

export const depositIdParamsSchema = z.strictObject({
  depositId: queryId(),
});

export const depositListQuerySchema = z.strictObject({
  limit: queryInteger(1, 50).default(10),
});

export const depositListSchema = z.strictObject({ deposits: z.array(depositSummarySchema) });

/** POST /wps/member/events/ticket: a one-time ticket for GET /wps/member/events?ticket=... */
export const streamTicketSchema = z.strictObject({
  ticket: z.string(),
  expiresInSeconds: z.number().int().positive(),
});

export const streamQuerySchema = z.strictObject({ ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** The `balance` event of the live stream: the member's wallet after a movement. */
export const balanceEventSchema = z.strictObject({
  balance: moneySchema.min(0),
  currency: currencyCodeSchema,
  /** MAIN, or a game vendor's wallet (transfer wallet mode): only MAIN is the header's balance. */
  wallet: z.string(),
  kind: z.string(),
  transferId: z.number().int().positive(),
});
export type BalanceEvent = z.infer<typeof balanceEventSchema>;

/** The finance desk's flag filter: late, mismatched, or either. */
export const DEPOSIT_FLAG_FILTERS = ['late', 'mismatched', 'any'] as const;

/** GET /ops/wallet/deposits */
export const opsDepositQuerySchema = z.strictObject({
  memberId: queryId().optional(),
  status: depositStatusSchema.optional(),
  /** Only deposits carrying a flag. */
  flagged: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: queryInteger(1, 200).default(50),
  /** Keyset: deposits with a smaller id than this. */
  before: queryId().optional(),
  /** Only deposits with this computed flag (see opsDepositSchema's late and mismatched). */
  flag: z.enum(DEPOSIT_FLAG_FILTERS).optional(),
  channel: paymentChannelSchema.optional(),
  /** Ordered amount bounds, minor units, inclusive. */
  minAmount: queryInteger(0).optional(),
  maxAmount: queryInteger(0).optional(),
});

export const opsDepositSchema = depositSummarySchema.extend({
  memberId: z.number().int().positive(),
  provider: z.string(),
  providerRef: z.string(),
  paidAmount: moneySchema.nullable(),
  transferId: z.number().int().positive().nullable(),
  flag: depositFlagSchema.nullable(),
  /** Computed on the server from what was recorded: paid after the charge expired, or credited
   *  after its expiry (the reconcile job found it late). */
  late: z.boolean(),
  /** Computed: the provider's paid amount differs from the ordered amount. */
  mismatched: z.boolean(),
});
export type OpsDeposit = z.infer<typeof opsDepositSchema>;
export const opsDepositListSchema = z.strictObject({
  deposits: z.array(opsDepositSchema),
  /** Keyset: pass as `before` for the next page; null on the last page. */
  next: z.number().int().nullable(),
});

/** The payment provider's "charge paid" webhook (the sandbox PIX provider's format). */
export const pixWebhookBodySchema = z.strictObject({
  event: z.literal('charge.paid'),
  providerRef: z.string().min(1).max(64),
  chargeId: z.string().regex(/^[A-Za-z0-9]{1,25}$/),
  amount: moneySchema.min(1),
  currency: currencyCodeSchema,
  paidAt: z.iso.datetime({ offset: true }),
});
