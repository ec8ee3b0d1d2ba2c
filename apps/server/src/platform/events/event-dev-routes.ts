import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@banca/contract';
import { AppError } from '../http/app-error.ts';
import { upsertDeadLetter } from './event-dispatch.repository.ts';
import { latestEventId } from './event-ops.repository.ts';
import type { EventTables } from './event.table.ts';

/**
 * DEVELOPMENT AND TESTS ONLY (registered outside production beside the dev module, whose hook keeps
 * every /dev path to loopback): POST /dev/events/dead-letter { consumer, event, key, error }
 * dead-letters the latest recorded event of that name and key for that consumer, as the dispatcher
 * does after a handler's last try. An e2e journey takes the back office's Events page through a
 * re-drive this way, without making a handler fail five times with backoff. The event itself is
 * untouched: the consumer may still handle it on its cursor (consumers are idempotent).
 */
export function registerEventDevRoutes<DB extends EventTables>(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; consumers: readonly string[] },
): void {
  const db = deps.db as unknown as Kysely<EventTables>;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/events/dead-letter',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          consumer: z.string().min(1).max(100),
          event: z.string().min(1).max(100),
          key: z.string().min(1).max(100),
          error: z.string().min(1).max(1000),
        }),
      },
    },
    async (request) => {
      const { consumer, event, key, error } = request.body;
      if (!deps.consumers.includes(consumer)) throw new AppError('not_found', { reason: 'no_such_consumer' });
      const eventId = await db.transaction().execute(async (trx) => {
        const id = await latestEventId(trx, event, key);
        if (id === undefined) return undefined;
        await upsertDeadLetter(trx, {
          consumer,
          eventId: id,
          attempts: 5,
          lastError: error,
          now: new Date(),
        });
        return id;
      });
      if (eventId === undefined) throw new AppError('not_found', { reason: 'no_such_event' });
      return ok({ consumer, eventId });
    },
  );
}
