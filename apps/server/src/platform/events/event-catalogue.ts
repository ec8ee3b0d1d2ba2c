import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import type { EventTables } from './event.table.ts';
import { insertDomainEvent } from './event.repository.ts';

/** What a payload may hold: it is stored as jsonb and read back with JSON.parse semantics. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One kind of domain event. The payload type lives only in TypeScript (a phantom field), so the
 * recording module and every consumer agree on it by importing the same definition.
 */
export interface EventType<P> {
  readonly name: string;
  /** Never set; carries the payload type. */
  readonly __payload?: P;
}

/** e.g. `export const memberRegistered = defineEvent<{ memberId: number }>('member.registered');` */
export const defineEvent = <P extends { [key: string]: JsonValue }>(name: string): EventType<P> => {
  if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/.test(name)) {
    throw new Error(`event name ${name} must be <module>.<fact>, lower case`);
  }
  return { name };
};

/** An event as a consumer receives it. `id` is unique and stable: handlers dedupe on it. */
export interface DeliveredEvent<P> {
  id: number;
  name: string;
  key: string;
  payload: P;
  recordedAt: Date;
}

/** The handler runs in the dispatcher's transaction: what it writes commits with the cursor move. */
export type EventHandler<P, DB> = (event: DeliveredEvent<P>, trx: Transaction<DB>) => Promise<void>;

/**
 * Takes a run of consecutive events of one type in one call (one savepoint, typically one statement
 * for the whole run) instead of one call per event. It must do exactly what calling it once per event
 * in order would do: if it throws, the dispatcher rolls it back and delivers the same events one at
 * a time (each as a run of one), so a failing event is retried or dead-lettered on its own.
 */
export type BatchEventHandler<P, DB> = (
  events: readonly DeliveredEvent<P>[],
  trx: Transaction<DB>,
) => Promise<void>;

export interface EventSubscription<DB> {
  type: EventType<unknown>;
  handler: EventHandler<unknown, DB>;
  /** Set by `onBatch`: the handler that takes a run of this type's events at once. */
  batch?: BatchEventHandler<unknown, DB>;
}

/** Pairs an event type with its typed handler, for `defineConsumer`. */
export const on = <P, DB extends EventTables>(
  type: EventType<P>,
  handler: EventHandler<P, DB>,
): EventSubscription<DB> => ({ type, handler: handler as EventHandler<unknown, DB> });

/**
 * Pairs an event type with a handler of runs of its events (see BatchEventHandler), for a consumer
 * whose per-event cost is mostly round trips (e.g. rollups: one set-based statement per run).
 */
export const onBatch = <P, DB extends EventTables>(
  type: EventType<P>,
  batch: BatchEventHandler<P, DB>,
): EventSubscription<DB> => {
  const handler = batch as BatchEventHandler<unknown, DB>;
  return { type, handler: (event, trx) => handler([event], trx), batch: handler };
};

export interface Consumer<DB> {
  /** Stable name, stored in cursors: renaming it makes the consumer start from the oldest event. */
  name: string;
  handlers: ReadonlyMap<string, EventHandler<unknown, DB>>;
  /** The types subscribed with `onBatch`: consecutive events of one of them are delivered together. */
  batchHandlers: ReadonlyMap<string, BatchEventHandler<unknown, DB>>;
  /**
   * False for a consumer whose handlers never write through the transaction they are given (e.g.
   * they publish to the live channel): a failure of theirs leaves nothing to undo, so the dispatcher
   * runs them without a savepoint (one round trip less per event). Default true.
   */
  writes: boolean;
  /** Events read per claimed cursor and transaction, when not the dispatcher's default. */
  batchSize?: number;
}

/**
 * A named reader of some event types, e.g.
 * `defineConsumer('agent.rollups', [on(betSettled, async (event, trx) => ...)])`.
 * Handlers must be idempotent: an event is handled at least once (again after a crash mid-batch).
 */
export function defineConsumer<DB extends EventTables>(
  name: string,
  subscriptions: readonly EventSubscription<DB>[],
  options: { writes?: boolean; batchSize?: number } = {},
): Consumer<DB> {
  const handlers = new Map<string, EventHandler<unknown, DB>>();
  const batchHandlers = new Map<string, BatchEventHandler<unknown, DB>>();
  for (const { type, handler, batch } of subscriptions) {
    if (handlers.has(type.name)) throw new Error(`consumer ${name} handles ${type.name} twice`);
    handlers.set(type.name, handler);
    if (batch) batchHandlers.set(type.name, batch);
  }
  if (options.batchSize !== undefined && options.batchSize < 1) {
    throw new Error(`consumer ${name}: batchSize must be at least 1`);
  }
  return { name, handlers, batchHandlers, writes: options.writes ?? true, batchSize: options.batchSize };
}

/** Fixed for the life of the data: changing it would move keys between partitions mid-stream. */
export const EVENT_PARTITIONS = 16;

/** FNV-1a over the key's UTF-16 units: stable across processes and versions, unlike hashtext(). */
export const partitionOf = (key: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % EVENT_PARTITIONS;
};

export interface RecordOptions {
  /** Ordering key: events of one key reach each consumer in recording order. Usually a member id. */
  key: string | number;
}

/**
 * Writes the event in the caller's transaction: it exists if and only if the change commits. Pass
 * the transaction of the change, not the root db.
 */
export async function recordEvent<DB extends EventTables, P>(
  trx: Kysely<DB> | Transaction<DB> | ControlledTransaction<DB>,
  type: EventType<P>,
  payload: P,
  { key }: RecordOptions,
): Promise<number> {
  const k = String(key);
  const db = trx as unknown as Kysely<EventTables>;
  return insertDomainEvent(db, {
    partition: partitionOf(k),
    key: k,
    name: type.name,
    payload: JSON.stringify(payload),
  });
}
