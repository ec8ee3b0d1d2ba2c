import type { Kysely, Transaction } from 'kysely';

/**
 * Runs fn in the caller's transaction when given one, else in a transaction of its own: services
 * take `db | trx`, so a caller composing several services owns the one transaction they share.
 */
export function inTransaction<DB, T>(
  db: Kysely<DB> | Transaction<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
}
