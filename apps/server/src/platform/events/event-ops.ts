import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  operatorRoutes,
  type EventConsumers,
  type RedriveEventsBody,
  type RedriveEventsValue,
} from '@banca/contract';
import {
  OpsError,
  operatorOf,
  type OperatorActor,
  type OperatorAuditEntry,
  type OpsAccess,
} from '../../ops-access.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { registerRoute } from '../http/contract-route.ts';
import { redriveDeadLetters } from './event-dispatch.repository.ts';
import { consumerLag } from './event-lag.repository.ts';
import { latestDeadLetters, redrivesWaiting, retryingCursors } from './event-ops.repository.ts';
import type { EventTables } from './event.table.ts';

/**
 * The operator's side of the event dispatcher: what the dead-letter and lag alerts
 * (docs/operator-guide.md) send an operator to look at, and the re-drive that used to be an SQL
 * UPDATE. The back office's Events page calls these two routes.
 */

/** Dead letters the page lists; a consumer with more shows its count and re-drives them all. */
const DEAD_LETTERS_SHOWN = 200;

export interface EventOpsDeps<DB extends EventTables> {
  db: Kysely<DB>;
  /** The consumers this gateway runs (Dispatcher.consumers): the only names the routes accept. */
  consumers: readonly string[];
}

/** The back office's guard and audit (OpsAccess), for the app's database type. */
export interface EventOpsAccess<DB> {
  allow: OpsAccess['allow'];
  audit(trx: Transaction<DB>, entry: OperatorAuditEntry): Promise<void>;
}

const iso = (at: Date | string): string => new Date(at).toISOString();

/** Every consumer's lag, retries, dead and re-driving counts, and the latest dead letters. */
export async function eventConsumers<DB extends EventTables>(
  deps: EventOpsDeps<DB>,
): Promise<EventConsumers> {
  const db = deps.db as unknown as Kysely<EventTables>;
  const { consumers } = deps;
  if (consumers.length === 0) return { consumers: [], deadLetters: [] };
  const [lags, retrying, waiting, letters] = await Promise.all([
    consumerLag(db, consumers),
    retryingCursors(db, consumers),
    redrivesWaiting(db, consumers),
    latestDeadLetters(db, consumers, DEAD_LETTERS_SHOWN),
  ]);
  return {
    consumers: lags.map((lag) => ({
      consumer: lag.consumer,
      lagSeconds: lag.lagSeconds,
      deadLetters: lag.deadLetters,
      redriving: waiting.get(lag.consumer) ?? 0,
      retrying: retrying
        .filter((r) => r.consumer === lag.consumer)
        .map((r) => ({
          partition: r.partition,
          attempts: r.attempts,
          lastError: r.last_error,
          nextAttemptAt: iso(r.next_attempt_at),
        })),
    })),
    deadLetters: letters.map((d) => ({
      consumer: d.consumer,
      eventId: Number(d.event_id),
      event: d.name,
      key: d.key,
      recordedAt: iso(d.recorded_at),
      status: d.status,
      attempts: d.attempts,
      lastError: d.last_error,
      deadAt: iso(d.dead_at),
      resolvedAt: d.resolved_at ? iso(d.resolved_at) : null,
    })),
  };
}

/**
 * Asks for a re-drive of a consumer's dead letters (the listed ones, or all); the next dispatcher
 * pass on any node runs them. Audited in the same transaction; a request that matches none changes
 * nothing and is refused (dead_letters_none), so the audit only records re-drives that happen.
 */
export async function redriveEvents<DB extends EventTables>(
  deps: EventOpsDeps<DB> & { ops: EventOpsAccess<DB> },
  actor: OperatorActor,
  body: RedriveEventsBody,
  requestId: string,
): Promise<RedriveEventsValue> {
  if (!deps.consumers.includes(body.consumer)) throw new OpsError('event_consumer_not_found');
  return inTransaction(deps.db, async (trx) => {
    const requested = await redriveDeadLetters(trx, body.consumer, body.eventIds);
    if (requested === 0) throw new OpsError('dead_letters_none');
    await deps.ops.audit(trx, {
      actor,
      action: 'system.events.redrive',
      subjectType: 'event_consumer',
      subjectId: body.consumer,
      before: { status: 'dead', eventIds: body.eventIds ?? 'all' },
      after: { status: 'redrive', requested },
      reason: body.reason,
      requestId,
    });
    return { consumer: body.consumer, requested };
  });
}

/** GET /ops/system/events and POST /ops/system/events/redrive (`system.events`: admin). */
export function registerEventOpsRoutes<DB extends EventTables>(
  app: FastifyInstance,
  deps: EventOpsDeps<DB> & { ops: EventOpsAccess<DB> | undefined },
): void {
  const { ops } = deps;
  if (!ops) return;
  registerRoute(app, operatorRoutes.eventConsumers, () => eventConsumers(deps), {
    onRequest: ops.allow('system.events'),
  });
  registerRoute(
    app,
    operatorRoutes.redriveEvents,
    ({ body, request }) => redriveEvents({ ...deps, ops }, operatorOf(request), body, request.id),
    { onRequest: ops.allow('system.events') },
  );
}
