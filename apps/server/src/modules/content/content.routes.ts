import type { FastifyInstance } from 'fastify';
import { contentRoutes } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestLanguage } from '../../platform/http/language.ts';
import { listAnnouncements } from './content.service.ts';
import type { Db } from '../../database.ts';

export function registerContentRoutes(app: FastifyInstance, deps: { db: Db }): void {
  registerRoute(app, contentRoutes.announcements, ({ body, request, maybeAuth }) =>
    listAnnouncements(deps.db, {
      types: body.types,
      language: body.language ?? requestLanguage(request),
      member: maybeAuth !== null,
    }),
  );
}
