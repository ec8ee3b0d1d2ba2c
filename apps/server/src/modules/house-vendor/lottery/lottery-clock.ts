import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { periodAt } from '@banca/house-games';
import { ok } from '@banca/contract';
import type { LotteryService } from './lottery.service.ts';

/**
 * The lottery's notion of now. In production it is the real clock. Outside production (sandbox) it is
 * the real clock plus an offset that only grows, so a browser journey can skip to a draw instead of
 * racing a real one: with a long period it buys in a period that has minutes of betting left, then
 * asks for that period's draw (POST /dev/lottery/draw). Moving only forward keeps the lottery's rules:
 * a period drawn is never open again and a seed is never shown before its period opens.
 */
export interface LotteryClock {
  now(): Date;
  /** Moves now forward to `at` (never back). */
  advanceTo(at: Date): void;
}

export function sandboxLotteryClock(): LotteryClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advanceTo(at) {
      offsetMs = Math.max(offsetMs, at.getTime() - Date.now());
    },
  };
}

/**
 * DEVELOPMENT AND TESTS ONLY (a /dev route: loopback only, absent in production, see dev.routes.ts):
 * - POST /dev/lottery/draw { gameCode }: moves the lottery clock to just after the draw of the game's
 *   running period. The draw loop then draws and settles that period at its next tick, and the next
 *   period is open with its whole betting time ahead. Answers the period that is due and the one now
 *   open. It moves this node's clock only (the e2e gateway is one node).
 */
export function registerLotteryDevRoutes(
  app: FastifyInstance,
  lottery: LotteryService,
  clock: LotteryClock,
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/dev/lottery/draw',
      { schema: { hide: true, body: z.strictObject({ gameCode: z.string().trim().min(1).max(40) }) } },
      async (request) => {
        const game = lottery.gameByCode(request.body.gameCode);
        const due = periodAt(game.schedule, clock.now().getTime());
        // A second after the draw: inside the next period, whatever the rounding of period boundaries.
        clock.advanceTo(new Date(due.drawAt + 1000));
        const open = periodAt(game.schedule, clock.now().getTime());
        return ok({ due: due.periodId, open: open.periodId, now: clock.now().toISOString() });
      },
    );
}
