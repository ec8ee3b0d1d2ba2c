import { z } from 'zod';
import { defineEvent } from '../../platform/events/event-catalogue.ts';

/**
 * The payload of `wallet.balance-changed`. Built in SQL by sql/ledger_apply_transfer.sql
 * (jsonb_build_object); tests parse what it wrote with this schema (strict).
 */
export const walletBalanceChangedPayload = z.strictObject({
  memberId: z.number().int().positive(),
  currency: z.string().min(1),
  /** Which of the member's wallets: MAIN, or a game vendor's code (transfer wallet mode). */
  wallet: z.string().min(1),
  /** The wallet's balance after the transfer, minor units. */
  balance: z.number().int().nonnegative(),
  kind: z.string().min(1),
  transferId: z.number().int().positive(),
});

/**
 * A member's wallet moved (`wallet.balance-changed`: event names allow no underscore): recorded by the
 * ledger's transfer() for every MEMBER account it touches, in the transfer's transaction (so it exists
 * iff the movement committed), keyed by member id (so a member's events arrive in order). The
 * live-balance consumer pushes it to the member's open pages.
 */
export const walletBalanceChanged =
  defineEvent<z.output<typeof walletBalanceChangedPayload>>('wallet.balance-changed');

/**
 * The payload of `wallet.deposit-credited`, recorded by deposits/deposit.service.ts settlePaidCharge
 * in the transaction that credits the charge (never for a replay). `at` is the deposit's credited_at.
 */
export const walletDepositCreditedPayload = z.strictObject({
  memberId: z.number().int().positive(),
  /** What was paid and credited, minor units of `currency`. */
  amount: z.number().int().positive(),
  currency: z.string().min(1),
  depositId: z.number().int().positive(),
  /** Whether this is the member's first credited deposit (any currency). */
  first: z.boolean(),
  /** ISO-8601 UTC with milliseconds. */
  at: z.iso.datetime({ precision: 3 }),
});

/** A deposit was credited to a member's wallet (`wallet.deposit-credited`), keyed by member id. */
export const walletDepositCredited =
  defineEvent<z.output<typeof walletDepositCreditedPayload>>('wallet.deposit-credited');

/**
 * The payload of `wallet.withdrawal-paid`, recorded by withdrawals/payout.service.ts settlePayout in
 * the transaction that moves the withdrawal to PAID. `at` is its paid_at.
 */
export const walletWithdrawalPaidPayload = z.strictObject({
  memberId: z.number().int().positive(),
  amount: z.number().int().positive(),
  currency: z.string().min(1),
  withdrawalId: z.number().int().positive(),
  at: z.iso.datetime({ precision: 3 }),
});

/** The payout rail paid a withdrawal (`wallet.withdrawal-paid`), keyed by member id. */
export const walletWithdrawalPaid =
  defineEvent<z.output<typeof walletWithdrawalPaidPayload>>('wallet.withdrawal-paid');

/**
 * The payload of `wallet.bonus-credited`, recorded by bonuses/bonus.service.ts grantBonus in the
 * transaction of the BONUS transfer (never for a replay). `at` is the transfer's created_at.
 */
export const walletBonusCreditedPayload = z.strictObject({
  memberId: z.number().int().positive(),
  amount: z.number().int().positive(),
  currency: z.string().min(1),
  transferId: z.number().int().positive(),
  at: z.iso.datetime({ precision: 3 }),
});

/** Bonus money was credited to a member (`wallet.bonus-credited`), keyed by member id. */
export const walletBonusCredited =
  defineEvent<z.output<typeof walletBonusCreditedPayload>>('wallet.bonus-credited');
