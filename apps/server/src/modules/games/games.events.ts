import { z } from 'zod';
import { defineEvent } from '../../platform/events/event-catalogue.ts';

/**
 * The payload of `games.round-settled`. Two writers build it: recordEvent in
 * vendor-wallet/vendor-wallet.service.ts (settled) and jsonb_build_object in
 * sql/vendor_credit_apply.sql; the equivalence test parses what both wrote with this schema (strict:
 * a key too many fails as much as one missing).
 */
export const roundSettledPayload = z.strictObject({
  /** `<vendor>:<vendor's round id>`. */
  roundId: z.string().min(1),
  memberId: z.number().int().positive(),
  /** The member's login name: the winner board stores it masked, never in clear. */
  account: z.string().min(1),
  nodeId: z.string().min(1),
  gameType: z.string().min(1),
  currency: z.string().min(1),
  /** Integer minor units of `currency`. */
  stake: z.number().int().nonnegative(),
  payout: z.number().int().nonnegative(),
  /** ISO-8601 UTC with milliseconds, as Date.toISOString writes it. */
  settledAt: z.iso.datetime({ precision: 3 }),
});

/**
 * A round of a game settled, `games.round-settled` (the games.round_settled; event names
 * allow no underscore). The vendor wallet records it in the transaction that closes the round.
 */
export const roundSettled = defineEvent<z.output<typeof roundSettledPayload>>('games.round-settled');
