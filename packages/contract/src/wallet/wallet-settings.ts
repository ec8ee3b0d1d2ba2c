/**
 * A merchant's money settings, owned by the wallet module and changed by operators through /ops.
 * Every field has a default, so a merchant without a stored row (and a stored row from before a field
 * existed) reads as the defaults. Amounts are minor units of the merchant's currency.
 */
import { z } from 'zod';

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const minutes = z
  .number()
  .int()
  .min(1)
  .max(60 * 24 * 30);

/** A deposit or payout rail. PIX is the Brazilian instant-payment system and the first one built. */
export const PAYMENT_CHANNELS = ['PIX'] as const;
export const paymentChannelSchema = z.enum(PAYMENT_CHANNELS);
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

export const depositChannelSettingSchema = z.strictObject({
  channel: paymentChannelSchema,
  enabled: z.boolean().default(true),
  min: minor.default(1_000),
  max: minor.default(5_000_000),
});

/** An IANA time zone name the runtime knows (`America/Sao_Paulo`, `UTC`). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone');

export const walletSettingsSchema = z.strictObject({
  /** The merchant's day for "daily" limits (withdraw dailyCount and dailyAmount count from 00:00 of
   *  today in this zone). UTC unless set. */
  timeZone: timeZoneSchema.default('UTC'),
  /** single: one wallet plays every vendor (default). transfer: each game vendor has its own wallet. */
  walletMode: z.enum(['single', 'transfer']).default('single'),
  deposit: z
    .strictObject({
      channels: z
        .array(depositChannelSettingSchema)
        .default([{ channel: 'PIX', enabled: true, min: 1_000, max: 5_000_000 }]),
      /** How long a PIX charge can be paid before it is marked expired. */
      chargeTtlMinutes: minutes.default(30),
    })
    .prefault({}),
  withdraw: z
    .strictObject({
      min: minor.default(2_000),
      max: minor.default(5_000_000),
      dailyCount: z.number().int().min(1).max(1_000).default(5),
      dailyAmount: minor.default(10_000_000),
      /** The merchant's promise: a withdrawal is paid within this many minutes of the request. */
      payoutTargetMinutes: minutes.default(120),
      /** After payout, unconfirmed withdrawals are treated as received after this many minutes. */
      confirmTimeoutMinutes: minutes.default(24 * 60),
      /** Bonus money must be wagered this many times before it can be withdrawn. */
      turnoverMultiple: z.number().int().min(0).max(100).default(1),
    })
    .prefault({}),
  /** A manual balance adjustment above this many minor units (either sign) waits for a second
   *  operator's approval; at or below it posts at once. Default 1,000.00. */
  adjustmentApprovalThreshold: minor.default(100_000),
  paymentPassword: z
    .strictObject({
      /** Wrong tries before the payment password locks. */
      maxTries: z.number().int().min(1).max(20).default(5),
      lockMinutes: minutes.default(30),
    })
    .prefault({}),
});
export type WalletSettings = z.infer<typeof walletSettingsSchema>;
/** What an operator sends: any subset; the rest keeps its stored or default value. */
export type WalletSettingsInput = z.input<typeof walletSettingsSchema>;

export const DEFAULT_WALLET_SETTINGS: WalletSettings = walletSettingsSchema.parse({});
