import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import { poolOf } from '../db/db.ts';
import { consumerLag } from '../events/event-lag.repository.ts';
import type { EventTables } from '../events/event.table.ts';
import { sendErrorCode } from '../http/error-handler.ts';
import { readBearer } from '../http/route-auth.ts';
import { installHttpMetrics } from './http-metrics.ts';
import { renderProcessMetrics } from './process-metrics.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsOptions<DB extends EventTables> {
  db: Kysely<DB>;
  /** METRICS_TOKEN; undefined: /metrics answers 404 like an unknown path. */
  token: string | undefined;
  /** The event consumers' names, asked at each scrape (the dispatcher is built after the routes). */
  consumers: () => readonly string[];
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * GET /metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN (docs/operator-
 * guide.md, "Metrics and alerts"). Call before any route is registered: the request metrics hook
 * each route as it is added.
 *
 * What a scrape holds: this app's requests and vendor calls (counted as they happen), the process's
 * default metrics and ledger transfers (process-metrics.ts), and, read at scrape time so no request
 * pays for them, the database pool's use and each event consumer's lag and dead letters. Every label
 * is a route pattern, method, status class, vendor, call id, code, transfer kind, consumer name or
 * pool state: nothing a member typed or owns.
 */
export function installMetrics<DB extends EventTables>(
  app: FastifyInstance,
  options: MetricsOptions<DB>,
): void {
  const registry = new Registry();
  const http = installHttpMetrics(app);

  const poolConnections = new Gauge({
    name: 'banca_db_pool_connections',
    help: 'Database pool connections by state (total open, idle); PGlite: its one session',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const poolWaiting = new Gauge({
    name: 'banca_db_pool_waiting_requests',
    help: 'Queries waiting for a pool connection (PGlite: waiting for its single session)',
    registers: [registry],
  });
  const poolMax = new Gauge({
    name: 'banca_db_pool_max_connections',
    help: 'The pool size limit',
    registers: [registry],
  });
  const eventLag = new Gauge({
    name: 'banca_event_consumer_lag_seconds',
    help: 'Age of the oldest event a consumer has not handled yet (0: caught up); database-wide',
    labelNames: ['consumer'] as const,
    registers: [registry],
  });
  const deadLetters = new Gauge({
    name: 'banca_event_dead_letters',
    help: 'Events a consumer gave up on and nobody re-drove yet; database-wide',
    labelNames: ['consumer'] as const,
    registers: [registry],
  });

  const readPool = () => {
    const pool = poolOf(options.db);
    if (!pool) return;
    poolConnections.set({ state: 'total' }, pool.totalCount);
    poolConnections.set({ state: 'idle' }, pool.idleCount);
    poolWaiting.set(pool.waitingCount);
    poolMax.set(pool.options.max ?? 0);
  };

  const readEvents = async () => {
    try {
      for (const row of await consumerLag(options.db, options.consumers())) {
        eventLag.set({ consumer: row.consumer }, row.lagSeconds);
        deadLetters.set({ consumer: row.consumer }, row.deadLetters);
      }
    } catch (err) {
      // No stale figures: a scrape without them shows the gap (alert on absent() if it lasts).
      eventLag.reset();
      deadLetters.reset();
      app.log.warn({ err }, 'metrics: event lag not read');
    }
  };

  const expected = options.token === undefined ? undefined : digest(options.token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!expected) return sendErrorCode(request, reply, 'not_found');
    const token = readBearer(request.headers.authorization);
    if (token === undefined || !timingSafeEqual(digest(token), expected)) {
      reply.header('www-authenticate', 'Bearer');
      return sendErrorCode(request, reply, 'not_logged_in');
    }
    readPool();
    await readEvents();
    const text = `${await renderProcessMetrics()}\n${await registry.metrics()}\n${http.render()}`;
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
