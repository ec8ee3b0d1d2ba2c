import { defineEvent } from '../../platform/events/event-catalogue.ts';

/**
 * A round of a game settled, `games.round-settled` (the games.round_settled; event names
 * allow no underscore). The play issue records it, in the transaction that pays the round out.
 * Amounts are integer minor units of `currency`. `account` is the member's login name: the winner
 * board stores it masked, never in clear.
 */
export const roundSettled = defineEvent<{
  roundId: string;
  memberId: number;
  account: string;
  nodeId: string;
  gameType: string;
  currency: string;
  stake: number;
  payout: number;
  settledAt: string;
}>('games.round-settled');
