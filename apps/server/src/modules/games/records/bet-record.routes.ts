import type { FastifyInstance } from 'fastify';
import { gamesRoutes } from '@banca/contract';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import { requestLanguage } from '../../../platform/http/language.ts';
import { listBets, profitAndLoss, type RecordsDeps } from './bet-record.service.ts';

/** The member's betting record and profit and loss: real accounts only (trial: 403). */
export function registerRecordRoutes(app: FastifyInstance, deps: RecordsDeps): void {
  registerRoute(
    app,
    gamesRoutes.betRecords,
    ({ auth, query, request }) => listBets(deps, auth.memberId, query, requestLanguage(request)),
    { requireRealAccount: true },
  );
  registerRoute(app, gamesRoutes.profit, ({ auth, query }) => profitAndLoss(deps, auth.memberId, query), {
    requireRealAccount: true,
  });
}
