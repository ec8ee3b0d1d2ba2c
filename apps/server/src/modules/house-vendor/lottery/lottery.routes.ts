import type { FastifyInstance } from 'fastify';
import { lotteryRoutes, type Language } from '@banca/contract';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import type { LotteryService } from './lottery.service.ts';
import { gameViewOf } from './lottery.service.ts';
import { HouseError } from '../house-vendor.errors.ts';

const headerLanguage = (value: unknown): Language => (value === 'EN' ? 'EN' : 'PT');

/** The house lottery page's calls (/house/api/lottery/*) and the gateway's public lottery calls. */
export function registerLotteryRoutes(app: FastifyInstance, lottery: LotteryService): void {
  registerRoute(app, lotteryRoutes.houseState, ({ body }) => lottery.state(body.session));
  registerRoute(app, lotteryRoutes.houseBuy, ({ body }) =>
    lottery.buy(body.session, { requestId: body.requestId, periodId: body.periodId, bets: body.bets }),
  );
  registerRoute(app, lotteryRoutes.houseTickets, async ({ body }) => ({
    tickets: await lottery.tickets(body.session, {
      ...(body.periodId ? { periodId: body.periodId } : {}),
      ...(body.status ? { status: body.status } : {}),
      ...(body.pageSize ? { pageSize: body.pageSize } : {}),
    }),
  }));

  registerRoute(app, lotteryRoutes.gameMenu, async ({ query, request }) => {
    const language = query.language ?? headerLanguage(request.headers.language);
    const menu = await lottery.menu(language);
    return { games: menu.map(({ game, current }) => ({ ...gameViewOf(game, language), current })) };
  });
  registerRoute(app, lotteryRoutes.gameMenuRecent, async ({ query, request }) => {
    const language = query.language ?? headerLanguage(request.headers.language);
    const games = [];
    for (const game of lottery.games) {
      games.push({ ...gameViewOf(game, language), latest: await lottery.latest(game) });
    }
    return { games };
  });
  registerRoute(app, lotteryRoutes.openedNumbers, async ({ query }) => {
    const game = lottery.gameByCode(query.gameCode);
    return { gameCode: game.gameCode, list: await lottery.opened(game, query.pageSize ?? 20) };
  });
  registerRoute(app, lotteryRoutes.openedNumero, async ({ query }) => {
    const game = lottery.gameByCode(query.gameCode);
    const opened = query.periodId
      ? await lottery.openedPeriod(game, query.periodId)
      : await lottery.latest(game);
    if (!opened) throw new HouseError('lottery_not_drawn');
    return { gameCode: game.gameCode, opened };
  });
}
