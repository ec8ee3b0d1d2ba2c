import type { FastifyBaseLogger } from 'fastify';
import type { LotteryService } from './lottery.service.ts';

/**
 * The draw loop: every node runs it every LOTTERY_TICK_SECONDS (default 2). It is not a job_run job
 * (platform/jobs/scheduler.ts claims one node per period and ticks every 60 s, while a SEA period is
 * 90 s and a test's a few seconds, and a claimed row every 2 s would pile up): instead each step is
 * safe to run on every node at once: seeds are inserted on conflict do nothing, a draw is a guarded
 * update of a pure function of the committed seed, and tickets are leased row by row with skip
 * locked, their wallet calls idempotent by transaction ids derived from the ticket.
 */
export function startLotteryLoop(
  lottery: LotteryService,
  tickSeconds: number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = lottery
      .runDue()
      .then((r) => {
        if (r.drawn + r.settled + r.voided + r.failed > 0) log.info(r, 'lottery draws and settlement');
      })
      .catch((err: unknown) => log.error({ err }, 'lottery draw loop failed'))
      .finally(() => {
        busy = false;
      });
  }, tickSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
