import { defineEvent } from '../../platform/events/event-catalogue.ts';

/**
 * A member's wallet moved (`wallet.balance-changed`: event names allow no underscore): recorded by the ledger's transfer() for every MEMBER account it touches, in
 * the transfer's transaction (so it exists iff the movement committed), keyed by member id (so a
 * member's events arrive in order). The live-balance consumer pushes it to the member's open pages.
 */
export const walletBalanceChanged = defineEvent<{
  memberId: number;
  currency: string;
  /** Which of the member's wallets: MAIN, or a game vendor's code (transfer wallet mode). */
  wallet: string;
  /** The wallet's balance after the transfer, minor units. */
  balance: number;
  kind: string;
  transferId: number;
}>('wallet.balance-changed');
