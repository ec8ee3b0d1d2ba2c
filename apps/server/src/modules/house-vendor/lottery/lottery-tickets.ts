import { randomUUID } from 'node:crypto';
import { bettingState, findSelection, HouseGameError, periodById } from '@banca/house-games';
import type { LotteryTicket } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import type { GatewayWallet } from '../gateway-wallet.ts';
import type { HousePlayer } from '../house-session.ts';
import { HouseError } from '../house-vendor.errors.ts';
import type { LotteryGame } from './lottery-games.ts';
import { ensurePeriods, periodRow } from './lottery-periods.ts';
import {
  deleteBuyingTicket,
  findTicket,
  findTicketByRequest,
  insertTicketIfNew,
  listPlayerTickets,
  markTicketBought,
  type TicketRow,
} from './lottery.repository.ts';
import type { StoredBet } from './lottery.table.ts';

/*
 * Buying a ticket: everything is checked before anything is written (the game, the period on the
 * schedule and open for bets at this moment, every bet against the table), then the ticket row is
 * claimed by (vendor, account, requestId) and its total stake is ONE debit to the gateway whose
 * transaction id is derived from the ticket (`lt:<ticket>:debit`, round `lt:<ticket>`). A retry of
 * the same request finds the row: a bought ticket is answered as it is, an unconfirmed one re-sends
 * the same debit (the gateway answers a duplicate with the first answer). A debit the gateway
 * refused removes the row (the gateway stored nothing either); one whose answer never came stays
 * `buying`, and the settlement refunds it with a rollback if no retry completes it before the draw.
 */

export const roundIdOf = (ticketId: string): string => `lt:${ticketId}`;
export const debitIdOf = (ticketId: string): string => `lt:${ticketId}:debit`;

export interface BuyRequest {
  requestId: string;
  periodId: string;
  bets: { market: string; selection: string; stake: number }[];
}

/** Maps a house-games refusal of a bet to the house catalogue's code. */
function betError(err: unknown): never {
  if (err instanceof HouseGameError) {
    if (err.code === 'lottery_unknown_market' || err.code === 'lottery_unknown_selection') {
      throw new HouseError(err.code);
    }
    throw new HouseError('lottery_stake_out_of_range');
  }
  throw err;
}

export async function buyTicket(
  db: DbOrTrx,
  wallet: GatewayWallet,
  game: LotteryGame,
  player: HousePlayer,
  request: BuyRequest,
  now = new Date(),
): Promise<{ ticket: LotteryTicket; balance: number }> {
  let scheduled;
  try {
    scheduled = periodById(game.schedule, request.periodId);
  } catch (err) {
    if (err instanceof HouseGameError) throw new HouseError('lottery_unknown_period');
    throw err;
  }
  if (scheduled.opensAt > now.getTime() + 86_400_000) throw new HouseError('lottery_unknown_period');
  const bets: StoredBet[] = request.bets.map((bet) => {
    try {
      return { ...bet, odds: findSelection(game.table, bet).odds };
    } catch (err) {
      return betError(err);
    }
  });
  const totalStake = bets.reduce((sum, b) => sum + b.stake, 0);
  if (!Number.isSafeInteger(totalStake)) throw new HouseError('lottery_stake_out_of_range');

  // A retry of a purchase already made answers it, whatever the time.
  const existing = await ticketByRequest(db, player, request.requestId);
  if (existing) return resume(db, wallet, existing, game, player, request, bets);

  await ensurePeriods(db, game, now);
  const period = await periodRow(db, game, request.periodId);
  if (!period) throw new HouseError('lottery_unknown_period');
  const state = bettingState(
    {
      periodId: period.period_id,
      day: '',
      number: 0,
      opensAt: new Date(period.opens_at).getTime(),
      closesAt: new Date(period.closes_at).getTime(),
      drawAt: new Date(period.draw_at).getTime(),
    },
    now.getTime(),
  );
  if (state !== 'open') throw new HouseError('lottery_betting_closed', { state });

  const inserted = await insertTicketIfNew(db, {
    id: randomUUID(),
    vendor: player.vendor,
    game_code: game.table.code,
    catalogue_game: player.gameCode,
    period_id: request.periodId,
    account: player.account,
    player_session: player.playerSession,
    request_id: request.requestId,
    bets: JSON.stringify(bets),
    total_stake: totalStake,
    status: 'buying',
    created_at: now,
  });
  const row = inserted ?? (await ticketByRequest(db, player, request.requestId));
  if (!row) throw new Error('ticket row vanished');
  return resume(db, wallet, row, game, player, request, bets);
}

const ticketByRequest = findTicketByRequest;

const sameBets = (a: StoredBet[], b: StoredBet[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => x.market === b[i]!.market && x.selection === b[i]!.selection && x.stake === b[i]!.stake);

/** Completes (or answers) the purchase a ticket row records. */
async function resume(
  db: DbOrTrx,
  wallet: GatewayWallet,
  row: TicketRow,
  game: LotteryGame,
  player: HousePlayer,
  request: BuyRequest,
  bets: StoredBet[],
): Promise<{ ticket: LotteryTicket; balance: number }> {
  if (row.game_code !== game.table.code || row.period_id !== request.periodId || !sameBets(row.bets, bets)) {
    throw new HouseError('lottery_request_conflict');
  }
  if (row.status === 'void') throw new HouseError('lottery_ticket_void');
  const { body } = await wallet.send(player.vendor, 'debit', {
    playerSession: row.player_session,
    transactionId: debitIdOf(row.id),
    roundId: roundIdOf(row.id),
    gameCode: row.catalogue_game,
    amount: Number(row.total_stake),
  });
  if (body.status !== 'OK' || body.balance === undefined) {
    if (row.status !== 'buying') {
      // Bought earlier: the debit's stored answer is gone only if the gateway lost it; answer the ticket.
      return { ticket: ticketView(row, null), balance: body.balance ?? 0 };
    }
    // Refused: the gateway stored nothing, so neither do we (a retry is judged again).
    await deleteBuyingTicket(db, row.id);
    if (body.status === 'insufficient_funds') {
      throw new HouseError('lottery_insufficient_funds', { balance: body.balance ?? 0 });
    }
    if (
      body.status === 'session_expired' ||
      body.status === 'session_invalid' ||
      body.status === 'player_locked'
    ) {
      throw new HouseError('house_session_invalid');
    }
    if (body.status === 'transaction_rolled_back') throw new HouseError('lottery_ticket_void');
    throw new HouseError('house_wallet_unavailable', { status: body.status });
  }
  const current = (await markTicketBought(db, row.id)) ?? (await findTicket(db, row.id));
  if (!current || current.status === 'void') throw new HouseError('lottery_ticket_void');
  return { ticket: ticketView(current, null), balance: body.balance };
}

export interface TicketFilter {
  periodId?: string;
  status?: 'pending' | 'won' | 'lost' | 'void';
  pageSize?: number;
}

export async function myTickets(
  db: DbOrTrx,
  player: HousePlayer,
  filter: TicketFilter,
): Promise<LotteryTicket[]> {
  const statuses: readonly TicketRow['status'][] | undefined =
    filter.status === 'pending' ? ['buying', 'open'] : filter.status ? [filter.status] : undefined;
  const rows = await listPlayerTickets(db, player, {
    periodId: filter.periodId,
    ...(statuses ? { statuses } : {}),
    limit: filter.pageSize ?? 20,
  });
  return rows.map((r) => ticketView(r, r.digits));
}

export function ticketView(row: TicketRow, digits: number[] | null): LotteryTicket {
  const settled = row.status === 'won' || row.status === 'lost';
  return {
    ticketId: row.id,
    gameCode: row.catalogue_game,
    periodId: row.period_id,
    bets: row.bets.map((b, i) => ({ ...b, payout: settled ? (row.result?.[i]?.payout ?? 0) : null })),
    totalStake: Number(row.total_stake),
    totalPayout: settled || row.status === 'void' ? Number(row.total_payout ?? 0) : null,
    status: row.status === 'buying' || row.status === 'open' ? 'pending' : row.status,
    digits: settled ? digits : null,
    createdAt: new Date(row.created_at).toISOString(),
    settledAt: row.settled_at ? new Date(row.settled_at).toISOString() : null,
  };
}
