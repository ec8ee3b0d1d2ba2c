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
