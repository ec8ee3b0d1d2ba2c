import { WINNER_BOARD_LIMIT, type GameType, type Language, type RankItem } from '@banca/contract';
import type { Database, Db } from '../../../database.ts';
import { onBatch, type EventSubscription } from '../../../platform/events/event-catalogue.ts';
import { roundSettled } from '../games.events.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { biggestWins, insertWins } from './winner-board.repository.ts';

/** "joao123" -> "jo***3": two first characters, three stars, the last one; short names keep less. */
export function maskCustomerName(account: string): string {
  const chars = [...account];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars.at(-1)}`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}

/**
 * The winner board's handler (of the games consumer, games.consumer.ts): a round whose payout is
 * above its stake is a win of `payout`. Play money (trial accounts) never reaches the board.
 * Idempotent on the round id; a run of settled rounds is one insert.
 */
export const recordWins: EventSubscription<Database> = onBatch(roundSettled, async (events, trx) => {
  await insertWins(
    trx,
    events
      .map((e) => e.payload)
      .filter((p) => p.payout > p.stake && p.currency !== 'XPL')
      .map((p) => ({
        round_id: p.roundId,
        node_id: p.nodeId,
        game_type: p.gameType,
        customer_name: maskCustomerName(p.account),
        win_amount: p.payout,
        currency: p.currency,
        settled_at: p.settledAt,
      })),
  );
});

/** GCSGAME_getRankList: the biggest wins, biggest first, with the game's art and name. */
export async function rankList(
  db: Db,
  catalogue: CatalogueService,
  request: { gameCategory: 'ALL' | GameType; limitNum: number; language: Language },
): Promise<RankItem[]> {
  const wins = await biggestWins(db, request.gameCategory, Math.min(request.limitNum, WINNER_BOARD_LIMIT));
  const games = new Map(
    (await catalogue.gamesInOrder([...new Set(wins.map((w) => w.node_id))], request.language)).map((g) => [
      g.nodeId,
      g,
    ]),
  );
  return wins.flatMap((w) => {
    const game = games.get(w.node_id);
    if (!game) return [];
    return [
      {
        iconUrl: game.iconUrl,
        gameName: game.gameName,
        customerName: w.customer_name,
        winAmount: w.win_amount,
        currency: w.currency,
        nodeId: w.node_id,
      },
    ];
  });
}
