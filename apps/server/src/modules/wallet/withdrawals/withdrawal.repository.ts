import { sql } from 'kysely';
import type { WithdrawalStatus } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import type { Updateable } from 'kysely';
import type { WithdrawalTable } from './withdrawal.table.ts';

export const findWithdrawalByRequest = (db: DbOrTrx, memberId: number, requestId: string) =>
  db
    .selectFrom('withdrawal')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();

export const insertWithdrawal = (
  db: DbOrTrx,
  row: Omit<
    WithdrawalTable,
    | 'id'
    | 'requested_at'
    | 'approved_at'
    | 'paid_at'
    | 'confirmed_at'
    | 'confirmation'
    | 'rejected_at'
    | 'reject_reason'
    | 'decided_by'
    | 'provider_ref'
    | 'failed_at'
    | 'fail_reason'
    | 'cancelled_at'
  > & { requested_at: Date },
) => db.insertInto('withdrawal').values(row).returningAll().executeTakeFirstOrThrow();

/** A member's own withdrawal, row-locked when `lock`; another member's id reads as missing. */
export function findWithdrawal(db: DbOrTrx, id: number, opts: { memberId?: number; lock?: boolean } = {}) {
  let q = db.selectFrom('withdrawal').selectAll().where('id', '=', id);
  if (opts.memberId !== undefined) q = q.where('member_id', '=', opts.memberId);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}

/** Withdrawals of a member requested since `since` whose money did leave or may still leave (not
 *  rejected, failed or cancelled: those returned it): count and total. */
export async function usedSince(db: DbOrTrx, memberId: number, since: Date) {
  const row = await db
    .selectFrom('withdrawal')
    .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`coalesce(sum(amount), 0)`.as('total')])
    .where('member_id', '=', memberId)
    .where('requested_at', '>=', since)
    .where('status', 'not in', ['REJECTED', 'FAILED', 'CANCELLED'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), amount: Number(row.total) };
}

export function listWithdrawals(
  db: DbOrTrx,
  filter: {
    memberId?: number;
    status?: WithdrawalStatus;
    from?: Date;
    to?: Date;
    before?: number;
    /** Oldest first (the queue's order), after this id. */
    oldestFirst?: boolean;
    after?: number;
    limit: number;
  },
) {
  let q = db.selectFrom('withdrawal').selectAll();
  if (filter.memberId !== undefined) q = q.where('member_id', '=', filter.memberId);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.from) q = q.where('requested_at', '>=', filter.from);
  if (filter.to) q = q.where('requested_at', '<', filter.to);
  if (filter.before !== undefined) q = q.where('id', '<', filter.before);
  if (filter.after !== undefined) q = q.where('id', '>', filter.after);
  return q
    .orderBy('id', filter.oldestFirst ? 'asc' : 'desc')
    .limit(filter.limit + 1)
    .execute();
}

export const updateWithdrawal = (
  db: DbOrTrx,
  id: number,
  patch: Omit<Updateable<WithdrawalTable>, 'id' | 'member_id' | 'amount'>,
) => db.updateTable('withdrawal').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const hasProof = async (db: DbOrTrx, ids: number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('withdrawal_proof')
    .select('withdrawal_id')
    .where('withdrawal_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.withdrawal_id));
};

export async function insertProof(
  db: DbOrTrx,
  row: { withdrawal_id: number; content_type: 'image/png' | 'image/jpeg'; bytes: Buffer },
): Promise<void> {
  await db.insertInto('withdrawal_proof').values(row).execute();
}

export const findProof = (db: DbOrTrx, withdrawalId: number) =>
  db
    .selectFrom('withdrawal_proof')
    .select(['content_type', 'bytes'])
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirst();

/** Approved withdrawals whose payout has not been seen paid yet (the payout sync's work list). */
export const listApprovedUnpaid = (db: DbOrTrx, limit: number) =>
  db
    .selectFrom('withdrawal')
    .selectAll()
    .where('status', '=', 'APPROVED')
    .orderBy('id')
    .limit(limit)
    .execute();

/** Paid withdrawals of a merchant still unconfirmed at `cutoff`: treated as received. */
export async function autoConfirm(
  db: DbOrTrx,
  merchantCode: string,
  cutoff: Date,
  now: Date,
): Promise<number> {
  const res = await db
    .updateTable('withdrawal')
    .set({ status: 'CONFIRMED', confirmation: 'AUTO', confirmed_at: now })
    .where('merchant_code', '=', merchantCode)
    .where('status', '=', 'PAID')
    .where('paid_at', '<', cutoff)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export const merchantsWithPaid = async (db: DbOrTrx): Promise<string[]> =>
  (
    await db
      .selectFrom('withdrawal')
      .select('merchant_code')
      .distinct()
      .where('status', '=', 'PAID')
      .execute()
  ).map((r) => r.merchant_code);

/** Keeps the payout rail's first reference for an approved withdrawal; undefined when one was already
 *  kept (a racing ask got there first). */
export const storeProviderRef = (db: DbOrTrx, id: number, providerRef: string) =>
  db
    .updateTable('withdrawal')
    .set({ provider_ref: providerRef })
    .where('id', '=', id)
    .where('provider_ref', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** A page of a merchant's paid withdrawals (paid_at set: PAID and every state after it), by id. */
export const listPaidWithdrawals = (db: DbOrTrx, merchantCode: string, afterId: number, limit: number) =>
  db
    .selectFrom('withdrawal')
    .select(['id', 'member_id', 'amount', 'currency', 'paid_at'])
    .where('merchant_code', '=', merchantCode)
    .where('paid_at', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
