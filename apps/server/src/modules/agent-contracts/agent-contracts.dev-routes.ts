import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTRACT_KINDS, ok } from '@banca/contract';
import type { SettlementClockAhead } from './agent-contracts.clock-ahead.ts';
import { settleKind, type SettlementDeps } from './agent-contracts.settlement.ts';

/**
 * DEVELOPMENT AND TESTS ONLY (registered only beside the dev module, so loopback only like every
 * /dev route): POST /dev/agent-contracts/settle { kind, day?, at? } settles now the last whole period
 * before merchant day `day` (YYYY-MM-DD; default today), e.g. `day` = tomorrow settles today; `at` (an
 * ISO instant) runs as if the clock said so (hourly and real-time: the periods closed before it). The run
 * is the scheduled job's own function: exactly once per (contract, period) however often it is called.
 *
 * POST /dev/agent-contracts/clock { contractIds, aheadSeconds } leaves the settling to the SCHEDULE:
 * from the jobs' next run on, these contracts are settled `aheadSeconds` ahead of the scheduler's
 * clock (agent-contracts.clock-ahead.ts), e.g. 86 400 makes today a closed day for them; every other
 * contract and job keeps the real clock; 0 puts them back.
 */
export function registerAgentContractDevRoutes(
  app: FastifyInstance,
  deps: SettlementDeps,
  ahead: SettlementClockAhead,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/agent-contracts/clock',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          contractIds: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(100),
          // Up to a year and a bit: a dividend's month, a half month, a week, a day or an hour.
          aheadSeconds: z
            .number()
            .int()
            .min(0)
            .max(400 * 86_400),
        }),
      },
    },
    async (request) => {
      const { contractIds, aheadSeconds } = request.body;
      ahead.set(contractIds, aheadSeconds);
      return ok({ contractIds, aheadSeconds });
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/agent-contracts/settle',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          kind: z.enum(CONTRACT_KINDS),
          day: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/)
            .optional(),
          at: z.string().datetime().optional(),
        }),
      },
    },
    async (request) => {
      const { kind, day } = request.body;
      // Noon UTC of the day is inside that merchant day for any zone within +-11 h.
      const at = request.body.at ? new Date(request.body.at) : day ? new Date(`${day}T12:00:00Z`) : undefined;
      return ok(await settleKind(deps, kind, at));
    },
  );
}
