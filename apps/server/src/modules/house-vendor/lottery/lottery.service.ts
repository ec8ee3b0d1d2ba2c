import { bettingState, periodAt } from '@banca/house-games';
import type { HouseLotteryState, Language, LotteryTicket, OpenedPeriod } from '@banca/contract';
import type { Db } from '../../../database.ts';
import type { GatewayWallet } from '../gateway-wallet.ts';
import { requireHousePlayer, type HousePlayer } from '../house-session.ts';
import { HouseError } from '../house-vendor.errors.ts';
import type { LotteryGame } from './lottery-games.ts';
import {
  currentPeriods,
  drawDuePeriods,
  ensurePeriods,
  openedView,
  periodRow,
  periodView,
  recentDrawn,
} from './lottery-periods.ts';
import { settleDueTickets } from './lottery-settlement.ts';
import { buyTicket, myTickets, type BuyRequest, type TicketFilter } from './lottery-tickets.ts';

/**
 * The house lottery: periods with committed seeds, tickets, draws and settlement (docs/house-games.md).
 * The gateway's public lottery calls (/lgw/...) read through this service too.
 */
export interface LotteryService {
  games: readonly LotteryGame[];
  state(session: string, now?: Date): Promise<HouseLotteryState>;
  buy(session: string, request: BuyRequest, now?: Date): Promise<{ ticket: LotteryTicket; balance: number }>;
  tickets(session: string, filter: TicketFilter): Promise<LotteryTicket[]>;
  /** One pass of the draw job: commit coming seeds, draw due periods, settle their tickets. */
  runDue(now?: Date): Promise<{ drawn: number; settled: number; voided: number; failed: number }>;
  menu(
    language: Language,
    now?: Date,
  ): Promise<{ game: LotteryGame; current: ReturnType<typeof periodView> }[]>;
  latest(game: LotteryGame): Promise<OpenedPeriod | null>;
  opened(game: LotteryGame, limit: number): Promise<OpenedPeriod[]>;
  openedPeriod(game: LotteryGame, periodId: string): Promise<OpenedPeriod>;
  gameByCode(gameCode: string): LotteryGame;
}

export function lotteryService(deps: {
  db: Db;
  wallet: GatewayWallet;
  games: readonly LotteryGame[];
  /** What the service takes as now when the caller gives none (lottery-clock.ts); the real clock. */
  clock?: () => Date;
}): LotteryService {
  const { db, wallet, games } = deps;
  const clock = deps.clock ?? (() => new Date());
  const gameOf = (player: HousePlayer): LotteryGame => {
    const game = games.find((g) => g.vendor === player.vendor);
    if (!game) throw new HouseError('lottery_game_not_found');
    return game;
  };
  const gameView = gameViewOf;
  return {
    games,
    async state(session, now = clock()) {
      const player = await requireHousePlayer(db, session, now);
      const game = gameOf(player);
      const { current, next } = await currentPeriods(db, game, now);
      const running = periodAt(game.schedule, now.getTime());
      return {
        game: gameView(game, player.language),
        serverTime: now.toISOString(),
        current: {
          ...periodView(current),
          state: bettingState({ ...running, closesAt: new Date(current.closes_at).getTime() }, now.getTime()),
        },
        next: next.map(periodView),
        recent: (await recentDrawn(db, game, 10)).map(openedView),
      };
    },
    async buy(session, request, now = clock()) {
      const player = await requireHousePlayer(db, session, now);
      return buyTicket(db, wallet, gameOf(player), player, request, now);
    },
    async tickets(session, filter) {
      const player = await requireHousePlayer(db, session, clock());
      gameOf(player);
      return myTickets(db, player, filter);
    },
    async runDue(now = clock()) {
      const total = { drawn: 0, settled: 0, voided: 0, failed: 0 };
      for (const game of games) {
        await ensurePeriods(db, game, now);
        total.drawn += await drawDuePeriods(db, game, now);
        const s = await settleDueTickets(db, wallet, game, now);
        total.settled += s.settled;
        total.voided += s.voided;
        total.failed += s.failed;
      }
      return total;
    },
    async menu(_language, now = clock()) {
      const out = [];
      for (const game of games)
        out.push({ game, current: periodView((await currentPeriods(db, game, now)).current) });
      return out;
    },
    async latest(game) {
      const [row] = await recentDrawn(db, game, 1);
      return row ? openedView(row) : null;
    },
    async opened(game, limit) {
      return (await recentDrawn(db, game, limit)).map(openedView);
    },
    async openedPeriod(game, periodId) {
      const row = await periodRow(db, game, periodId);
      if (!row) throw new HouseError('lottery_unknown_period');
      if (row.digits === null) throw new HouseError('lottery_not_drawn');
      return openedView(row);
    },
    gameByCode(gameCode) {
      const game = games.find((g) => g.gameCode === gameCode);
      if (!game) throw new HouseError('lottery_game_not_found');
      return game;
    },
  };
}

export const gameViewOf = (game: LotteryGame, language: Language) => ({
  vassalage: game.vendor,
  gameCode: game.gameCode,
  tableCode: game.table.code,
  name: game.names[language],
  periodSeconds: game.schedule.periodSeconds,
  closeSeconds: game.schedule.closeSeconds,
});
