import { settleTicket } from '@banca/house-games';
import type { DbOrTrx } from '../../../database.ts';
import type { GatewayWallet } from '../gateway-wallet.ts';
import type { LotteryGame } from './lottery-games.ts';
import { debitIdOf, roundIdOf } from './lottery-tickets.ts';
import { leaseDueTickets, markTicketSettled, markTicketVoid, type TicketRow } from './lottery.repository.ts';

/*
 * Settling the tickets of drawn periods, each exactly once, with any number of nodes doing it:
 *
 * 1. A node leases a batch of unsettled tickets of drawn periods (`for update skip locked`, then
 *    `lease_until` = now + LEASE): two nodes never take the same ticket while a lease runs, and no
 *    database transaction stays open across the HTTP calls below (the gateway may be this very
 *    process, on PGlite's one connection).
 * 2. For each: an `open` ticket gets ONE credit of its payout (0 for a loss) with closeRound, its
 *    transaction id derived from the ticket (`lt:<ticket>:credit`); a `buying` ticket (its debit
 *    never confirmed) gets a rollback of `lt:<ticket>:debit` (refunds it if it arrived, else bars it).
 * 3. The ticket's row is marked settled only if still unsettled.
 *
 * A node that dies between 2 and 3 leaves the lease to run out; the next node sends the same calls
 * with the same transaction ids, which the gateway answers with its first answer and moves nothing.
 */

const LEASE_MS = 30_000;
const BATCH = 50;

export const creditIdOf = (ticketId: string): string => `lt:${ticketId}:credit`;
export const rollbackIdOf = (ticketId: string): string => `lt:${ticketId}:rollback`;

async function leaseTickets(
  db: DbOrTrx,
  game: LotteryGame,
  now: Date,
): Promise<(TicketRow & { digits: number[] })[]> {
  return leaseDueTickets(db, game.table.code, now, new Date(now.getTime() + LEASE_MS), BATCH);
}

/** Settles what is due for one game; answers how many tickets this call settled. */
export async function settleDueTickets(
  db: DbOrTrx,
  wallet: GatewayWallet,
  game: LotteryGame,
  now: Date,
): Promise<{ settled: number; voided: number; failed: number }> {
  const outcome = { settled: 0, voided: 0, failed: 0 };
  for (;;) {
    const tickets = await leaseTickets(db, game, now);
    if (tickets.length === 0) return outcome;
    for (const ticket of tickets) {
      try {
        if (ticket.status === 'buying') {
          if (await voidTicket(db, wallet, ticket, now)) outcome.voided += 1;
        } else if (await settleOne(db, wallet, game, ticket, now)) outcome.settled += 1;
      } catch {
        // The gateway did not answer: the lease runs out and a later run retries the same call.
        outcome.failed += 1;
      }
    }
    if (outcome.failed > 0 || tickets.length < BATCH) return outcome;
  }
}

async function settleOne(
  db: DbOrTrx,
  wallet: GatewayWallet,
  game: LotteryGame,
  ticket: TicketRow & { digits: number[] },
  now: Date,
): Promise<boolean> {
  const result = settleTicket(
    game.table,
    ticket.bets.map(({ market, selection, stake }) => ({ market, selection, stake })),
    ticket.digits,
  );
  const { body } = await wallet.send(ticket.vendor, 'credit', {
    playerSession: ticket.player_session,
    transactionId: creditIdOf(ticket.id),
    roundId: roundIdOf(ticket.id),
    amount: result.totalPayout,
    closeRound: true,
  });
  if (body.status !== 'OK') throw new Error(`credit of ticket ${ticket.id} refused: ${body.status}`);
  return markTicketSettled(db, ticket.id, {
    won: result.totalPayout > 0,
    totalPayout: result.totalPayout,
    result: result.bets.map((b) => ({ payout: b.payout })),
    now,
  });
}

async function voidTicket(
  db: DbOrTrx,
  wallet: GatewayWallet,
  ticket: TicketRow,
  now: Date,
): Promise<boolean> {
  const { body } = await wallet.send(ticket.vendor, 'rollback', {
    playerSession: ticket.player_session,
    transactionId: rollbackIdOf(ticket.id),
    roundId: roundIdOf(ticket.id),
    refTransactionId: debitIdOf(ticket.id),
  });
  if (body.status !== 'OK') throw new Error(`rollback of ticket ${ticket.id} refused: ${body.status}`);
  return markTicketVoid(db, ticket.id, now);
}
