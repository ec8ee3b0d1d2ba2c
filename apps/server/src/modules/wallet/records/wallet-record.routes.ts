import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordCsvQuerySchema, WALLET_RECORDS_CSV_PATH, walletRoutes } from '@banca/contract';
import type { Db } from '../../../database.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import { requestLanguage } from '../../../platform/http/language.ts';
import { authOf, routeAuthHook } from '../../../platform/http/route-auth.ts';
import { listBonuses } from '../bonuses/bonus.service.ts';
import { listRecord, recordCsv } from './wallet-record.service.ts';

/** The account record and its CSV: real accounts only (trial: 403). */
export function registerWalletRecordRoutes(
  app: FastifyInstance,
  deps: { db: Db; merchantCode: string },
): void {
  registerRoute(app, walletRoutes.records, ({ auth, query }) => listRecord(deps.db, auth.memberId, query), {
    requireRealAccount: true,
  });
  registerRoute(
    app,
    walletRoutes.bonuses,
    ({ auth, query }) => listBonuses(deps.db, auth.memberId, deps.merchantCode, query),
    { requireRealAccount: true },
  );
  // A file, not an envelope: the same token check at the edge, then text/csv streamed page by page.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: WALLET_RECORDS_CSV_PATH,
    schema: {
      operationId: 'wallet.recordsCsv',
      summary: 'The filtered account record as CSV (UTF-8 with BOM; PT or EN header row)',
      tags: ['wallet'],
      querystring: recordCsvQuerySchema,
      security: [{ bearer: [] }],
    },
    onRequest: routeAuthHook(app, 'token', { requireRealAccount: true }),
    handler: async (request, reply) => {
      const auth = authOf(request);
      const lang = request.query.lang ?? requestLanguage(request);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="account-record-${day}.csv"`);
      return reply.send(recordCsv(deps.db, auth.memberId, request.query, lang));
    },
  });
}
