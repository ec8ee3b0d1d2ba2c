import type { Insertable, Updateable } from 'kysely';
import type { AdjustmentRequestStatus } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import type { AdjustmentRequestTable } from './adjustment-request.table.ts';

/** A merchant's request by its client key (a retried request finds the first one). */
export const findRequestByKey = (db: DbOrTrx, merchantCode: string, key: string) =>
  db
    .selectFrom('wallet_adjustment_request')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** Inserts a request unless its key is taken (then undefined: the caller reads the first one). */
export const insertRequest = (db: DbOrTrx, row: Insertable<AdjustmentRequestTable>) =>
  db
    .insertInto('wallet_adjustment_request')
    .values(row)
    .onConflict((oc) => oc.columns(['merchant_code', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();

/** A merchant's request, row-locked when `lock` (the decision holds it until commit). */
export function findRequest(db: DbOrTrx, merchantCode: string, id: number, lock = false) {
  const q = db
    .selectFrom('wallet_adjustment_request')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export const updateRequest = (db: DbOrTrx, id: number, change: Updateable<AdjustmentRequestTable>) =>
  db
    .updateTable('wallet_adjustment_request')
    .set(change)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Newest first, keyset by id; one more row than `limit` tells whether a next page exists. */
export function listRequests(
  db: DbOrTrx,
  f: {
    merchantCode: string;
    status?: AdjustmentRequestStatus;
    memberId?: number;
    before?: number;
    limit: number;
  },
) {
  let q = db.selectFrom('wallet_adjustment_request').selectAll().where('merchant_code', '=', f.merchantCode);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  if (f.before !== undefined) q = q.where('id', '<', f.before);
  return q
    .orderBy('id', 'desc')
    .limit(f.limit + 1)
    .execute();
}
