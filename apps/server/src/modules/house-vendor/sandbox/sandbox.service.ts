import type { SandboxPlayValue } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import { okBalance, type GatewayWallet } from '../gateway-wallet.ts';
import { requireHousePlayer } from '../house-session.ts';
import { HouseError } from '../house-vendor.errors.ts';
import { sandboxGame } from '@banca/house-games';
import { sandboxPayout, sandboxWins } from './sandbox-games.ts';

export interface SandboxDeps {
  db: DbOrTrx;
  wallet: GatewayWallet;
  /** The key outcomes are derived under (derived from the server key: the same on every node). */
  outcomeSecret: Buffer;
}

/**
 * One sandbox round, as an outside vendor plays it: debit the stake, decide, credit the payout
 * (0 for a loss) closing the round. Every id derives from the page's request id, so a retry of a
 * request whose answer was lost replays the same debit and credit (the gateway answers each
 * transaction id's first answer) and, the outcome being derived from the same key, the same result.
 */
export async function playSandboxRound(
  deps: SandboxDeps,
  request: { session: string; requestId: string; amount: number },
): Promise<SandboxPlayValue> {
  const player = await requireHousePlayer(deps.db, request.session);
  const game = sandboxGame(player.vendor, player.gameCode);
  if (!game) throw new HouseError('house_game_unknown', { gameCode: player.gameCode });
  const roundId = `sbx-${request.requestId}`;
  const debit = await deps.wallet.send(player.vendor, 'debit', {
    playerSession: player.playerSession,
    transactionId: `${roundId}:d`,
    roundId,
    gameCode: player.gameCode,
    amount: request.amount,
  });
  refuseUnless(debit.body);
  const won = sandboxWins(deps.outcomeSecret, `${player.vendor}:${roundId}`, game);
  const payout = won ? sandboxPayout(request.amount, game) : 0;
  const credit = await deps.wallet.send(player.vendor, 'credit', {
    playerSession: player.playerSession,
    transactionId: `${roundId}:c`,
    roundId,
    amount: payout,
    closeRound: true,
  });
  refuseUnless(credit.body);
  return {
    roundId,
    category: game.category,
    won,
    multiplier: game.multiplier,
    rtp: game.rtp,
    stake: request.amount,
    payout,
    balance: okBalance(credit.body),
  };
}

/** The gateway's refusals in the page's terms (anything else unexpected: the wallet failed us). */
function refuseUnless(answer: { status: string; balance?: number | undefined }): void {
  switch (answer.status) {
    case 'OK':
      return;
    case 'insufficient_funds':
      throw new HouseError('house_insufficient_funds', { balance: answer.balance });
    case 'transaction_conflict':
    case 'round_conflict':
      throw new HouseError('house_request_conflict');
    case 'session_expired':
    case 'session_invalid':
    case 'player_locked':
      throw new HouseError('house_session_invalid');
    default:
      throw new HouseError('house_wallet_unavailable', { status: answer.status });
  }
}
