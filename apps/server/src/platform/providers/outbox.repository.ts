import type { Kysely, Transaction } from 'kysely';
import type { NewOutboxRow, OutboxChannel, OutboxRow, OutboxTables } from './outbox.table.ts';

export type OutboxDb = Kysely<OutboxTables> | Transaction<OutboxTables>;

/** Narrows any database that contains the outbox table (Kysely is invariant in its tables). */
export const asOutboxDb = <DB extends OutboxTables>(db: Kysely<DB> | Transaction<DB>): OutboxDb =>
  db as unknown as OutboxDb;

export const insertOutboxMessage = (db: OutboxDb, row: NewOutboxRow) =>
  db.insertInto('outbox').values(row).returningAll().executeTakeFirstOrThrow();

export interface OutboxQuery {
  recipient?: string;
  channel?: OutboxChannel;
  /** Newest first; at most this many. */
  limit?: number;
}

export const listOutboxMessages = (db: OutboxDb, q: OutboxQuery = {}): Promise<OutboxRow[]> => {
  let query = db.selectFrom('outbox').selectAll();
  if (q.recipient !== undefined) query = query.where('recipient', '=', q.recipient);
  if (q.channel !== undefined) query = query.where('channel', '=', q.channel);
  return query
    .orderBy('id', 'desc')
    .limit(Math.min(Math.max(q.limit ?? 50, 1), 500))
    .execute();
};
