import { createHash } from 'node:crypto';
import {
  checkSlotBet,
  fairRandom,
  HOUSE_SLOT,
  HouseGameError,
  playDice,
  playSlot,
  quoteDice,
  type DiceBet,
  type SlotBet,
} from '@banca/house-games';
import type { HouseRound } from '@banca/contract';
import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { GatewayWallet } from './gateway-wallet.ts';
import { activeSeed } from './house-fairness.service.ts';
import type { HousePlayer } from './house-session.ts';
import { HouseError } from './house-vendor.errors.ts';
import {
  findRoundByRequest,
  getRoundBySeq,
  incrementRoundAttempts,
  insertRoundIfNew,
  updateRoundStatus,
  updateSeed,
} from './house-vendor.repository.ts';
import type { HouseRoundTable } from './house-vendor.table.ts';

/*
 * A slot spin or dice roll, played through the gateway's vendor wallet API like any vendor's round:
 *
 * 1. reserve: in one transaction lock the player's active seed, take its nonce, compute the outcome
 *    from (server seed, client seed, nonce) and record the round as `pending`;
 * 2. debit the stake (`<roundId>:d`) -> `debited`;
 * 3. credit the payout with closeRound (`<roundId>:c`) -> `settled`, with the gateway's balance.
 *
 * The round id and both transaction ids are derived from the player and the client's request id, so a
 * retried request finds its round and re-sends the same calls (the gateway answers a repeated
 * transaction id with its first answer): the same answer, never a second debit. What a failure leaves
 * open, the recovery job finishes (house-recovery.ts): a confirmed debit gets its credit re-sent until
 * the gateway confirms; a debit never confirmed is rolled back.
 */

export type HouseRoundRow = Selectable<HouseRoundTable>;
type HouseGame = 'slot' | 'dice';

/** Which game a house game code plays. */
const HOUSE_GAME_OF: Readonly<Record<string, HouseGame>> = { SLOT5X3: 'slot', DICE: 'dice' };

type PlayRequest =
  { game: 'slot'; requestId: string; bet: SlotBet } | { game: 'dice'; requestId: string; bet: DiceBet };

interface PlayDeps {
  db: DbOrTrx;
  wallet: GatewayWallet;
}

/** `h-` and 40 base64url characters of SHA-256(vendor, account, request id): one round per request. */
const roundIdOf = (vendor: string, account: string, requestId: string): string =>
  `h-${createHash('sha256').update(`${vendor}\n${account}\n${requestId}`).digest('base64url').slice(0, 40)}`;
const debitIdOf = (roundId: string) => `${roundId}:d`;
const creditIdOf = (roundId: string) => `${roundId}:c`;
const rollbackIdOf = (roundId: string) => `${roundId}:r`;

/** The stake of a bet the game accepts; a bet outside the rules is house_bad_bet (nothing written). */
function stakeOf(request: PlayRequest): number {
  try {
    if (request.game === 'slot') return checkSlotBet(HOUSE_SLOT, request.bet);
    quoteDice(request.bet);
    return request.bet.stake;
  } catch (err) {
    if (err instanceof HouseGameError)
      throw new HouseError('house_bad_bet', { reason: err.code, detail: err.message });
    throw err;
  }
}

const sameBet = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  const keys = Object.keys(a).sort();
  return keys.join() === Object.keys(b).sort().join() && keys.every((k) => a[k] === b[k]);
};

/** A spin or roll: the round (new or the request's earlier one) carried as far as the gateway lets it. */
export async function playRound(
  deps: PlayDeps,
  player: HousePlayer,
  request: PlayRequest,
): Promise<{ round: HouseRound; balance: number }> {
  if (HOUSE_GAME_OF[player.gameCode] !== request.game) throw new HouseError('house_wrong_game');
  const stake = stakeOf(request);
  const bet = { ...request.bet } as Record<string, unknown>;
  let row = await findByRequest(deps.db, player, request.requestId);
  if (row && (row.game !== request.game || !sameBet(row.bet, bet))) {
    throw new HouseError('house_request_conflict');
  }
  row ??= await reserveRound(deps.db, player, request, stake);
  return advanceRound(deps, row);
}

const findByRequest = findRoundByRequest;

class DuplicateRequest extends Error {}

/** Takes the seed's next nonce and records the round with its outcome, `pending`. */
async function reserveRound(
  db: DbOrTrx,
  player: HousePlayer,
  request: PlayRequest,
  stake: number,
): Promise<HouseRoundRow> {
  const owner = { vendor: player.vendor, account: player.account };
  try {
    return await db.transaction().execute(async (trx) => {
      const seed = await activeSeed(trx, owner, true);
      const fairness = { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.next_nonce };
      const random = fairRandom(fairness);
      const outcome =
        request.game === 'slot' ? playSlot(HOUSE_SLOT, random, request.bet) : playDice(random, request.bet);
      const payout =
        request.game === 'slot'
          ? (outcome as { totalPayout: number }).totalPayout
          : (outcome as { payout: number }).payout;
      await updateSeed(trx, seed.id, { next_nonce: seed.next_nonce + 1 });
      const row = await insertRoundIfNew(trx, {
        round_id: roundIdOf(player.vendor, player.account, request.requestId),
        vendor: player.vendor,
        account: player.account,
        request_id: request.requestId,
        game: request.game,
        game_code: player.gameCode,
        player_session: player.playerSession,
        seed_id: seed.id,
        server_seed_hash: seed.server_seed_hash,
        client_seed: seed.client_seed,
        nonce: seed.next_nonce,
        bet: JSON.stringify(request.bet),
        outcome: JSON.stringify(outcome),
        stake,
        payout,
        status: 'pending',
        balance: null,
        settled_at: null,
      });
      // A copy of this request got there first: undo the nonce, answer its round.
      if (!row) throw new DuplicateRequest();
      return row;
    });
  } catch (err) {
    if (!(err instanceof DuplicateRequest)) throw err;
    const existing = await findByRequest(db, player, request.requestId);
    if (!existing) throw err;
    return existing;
  }
}

async function setStatus(
  db: DbOrTrx,
  row: HouseRoundRow,
  from: HouseRoundRow['status'],
  to: HouseRoundRow['status'],
  balance?: number,
): Promise<HouseRoundRow> {
  const updated = await updateRoundStatus(db, row.seq, from, {
    status: to,
    ...(balance === undefined ? {} : { balance }),
    ...(to === 'settled' || to === 'rolled_back' ? { settled_at: new Date() } : {}),
  });
  // Someone else (a copy of the request, the recovery job) moved it first: take their state.
  return updated ?? (await getRoundBySeq(db, row.seq));
}

/** Carries a round from its recorded state to settled, or answers why it cannot. */
async function advanceRound(
  deps: PlayDeps,
  start: HouseRoundRow,
): Promise<{ round: HouseRound; balance: number }> {
  let row = start;
  if (row.status === 'pending') {
    const { body } = await deps.wallet.send(row.vendor, 'debit', {
      playerSession: row.player_session,
      transactionId: debitIdOf(row.round_id),
      roundId: row.round_id,
      gameCode: row.game_code,
      amount: row.stake,
    });
    switch (body.status) {
      case 'OK':
        row = await setStatus(deps.db, row, 'pending', 'debited', body.balance);
        break;
      case 'insufficient_funds':
        row = await setStatus(deps.db, row, 'pending', 'refused', body.balance);
        break;
      case 'transaction_rolled_back':
        row = await setStatus(deps.db, row, 'pending', 'rolled_back');
        break;
      case 'session_invalid':
      case 'session_expired':
      case 'player_locked':
        row = await setStatus(deps.db, row, 'pending', 'refused');
        break;
      default:
        // Anything else is the gateway's to explain; the round stays pending and is rolled back.
        throw new HouseError('house_wallet_unavailable', { status: body.status });
    }
  }
  if (row.status === 'refused') {
    if (row.balance !== null) throw new HouseError('house_insufficient_funds', { balance: row.balance });
    throw new HouseError('house_session_invalid');
  }
  if (row.status === 'rolled_back') throw new HouseError('house_round_cancelled');
  if (row.status === 'debited') row = await sendCredit(deps, row);
  if (row.status !== 'settled') throw new HouseError('house_round_pending');
  return { round: roundView(row, undefined), balance: row.balance ?? 0 };
}

/**
 * Re-sendable: the round's one credit (the payout, 0 on a loss) closing it. A wallet that cannot be
 * reached answers house_round_pending to the request and leaves the round `debited` for the job.
 */
export async function sendCredit(deps: PlayDeps, row: HouseRoundRow): Promise<HouseRoundRow> {
  let answer;
  try {
    answer = await deps.wallet.send(row.vendor, 'credit', {
      playerSession: row.player_session,
      transactionId: creditIdOf(row.round_id),
      roundId: row.round_id,
      amount: row.payout,
      closeRound: true,
    });
  } catch (err) {
    if (err instanceof HouseError && err.code === 'house_wallet_unavailable') {
      await bumpAttempts(deps.db, row);
      throw new HouseError('house_round_pending');
    }
    throw err;
  }
  if (answer.body.status !== 'OK') {
    await bumpAttempts(deps.db, row);
    throw new HouseError('house_round_pending', { status: answer.body.status });
  }
  return setStatus(deps.db, row, 'debited', 'settled', answer.body.balance);
}

/** Rolls back a debit never confirmed (the recovery job; refunds it if it did go through). */
export async function rollBackDebit(deps: PlayDeps, row: HouseRoundRow): Promise<HouseRoundRow> {
  const { body } = await deps.wallet.send(row.vendor, 'rollback', {
    playerSession: row.player_session,
    transactionId: rollbackIdOf(row.round_id),
    roundId: row.round_id,
    refTransactionId: debitIdOf(row.round_id),
  });
  if (body.status !== 'OK') {
    await bumpAttempts(deps.db, row);
    return row;
  }
  return setStatus(deps.db, row, 'pending', 'rolled_back', body.balance);
}

const bumpAttempts = (db: DbOrTrx, row: HouseRoundRow) => incrementRoundAttempts(db, row.seq);

/** A round as the player sees it; the server seed only once revealed. */
export function roundView(row: HouseRoundRow, serverSeed: string | undefined): HouseRound {
  const base = {
    roundId: row.round_id,
    gameCode: row.game_code,
    status: row.status,
    stake: row.stake,
    payout: row.payout,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    ...(serverSeed ? { serverSeed } : {}),
    createdAt: new Date(row.created_at).toISOString(),
  };
  return row.game === 'slot'
    ? { game: 'slot', outcome: row.outcome as never, ...base }
    : { game: 'dice', outcome: row.outcome as never, ...base };
}
