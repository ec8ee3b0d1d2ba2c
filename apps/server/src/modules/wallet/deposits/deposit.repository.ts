import { sql } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import type { DepositRow, DepositTable } from './deposit.table.ts';
import type { Insertable } from 'kysely';

export const findDepositByClientKey = (db: DbOrTrx, memberId: number, clientKey: string) =>
  db
    .selectFrom('deposit')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();

/** Inserts unless the member's client key is taken (a raced twin): then undefined. */
export const insertDepositIfNew = (db: DbOrTrx, row: Insertable<DepositTable>) =>
  db
    .insertInto('deposit')
    .values(row)
    .onConflict((oc) => oc.columns(['member_id', 'client_key']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const findMemberDeposit = (db: DbOrTrx, memberId: number, id: number) =>
  db
    .selectFrom('deposit')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();

export const listMemberDeposits = (db: DbOrTrx, memberId: number, limit: number) =>
  db
    .selectFrom('deposit')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** The deposit of a provider's charge, locked until the caller's transaction ends. */
export const lockDepositByProviderRef = (db: DbOrTrx, provider: string, providerRef: string) =>
  db
    .selectFrom('deposit')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', providerRef)
    .forUpdate()
    .executeTakeFirst();

export const markDepositPaid = (
  db: DbOrTrx,
  id: number,
  set: Pick<DepositRow, 'paid_amount' | 'paid_at' | 'credited_at' | 'transfer_id' | 'flag'>,
) =>
  db
    .updateTable('deposit')
    .set({ ...set, status: 'paid' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Pending charges past their expiry become expired; returns them. */
export const expirePendingDeposits = (db: DbOrTrx, now: Date, limit: number) =>
  db
    .updateTable('deposit')
    .set({ status: 'expired' })
    .where(
      'id',
      'in',
      db
        .selectFrom('deposit')
        .select('id')
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit),
    )
    .where('status', '=', 'pending')
    .returning(['id', 'member_id'])
    .execute();

/** Unpaid deposits created since `since`, oldest first: what reconciliation asks the provider about. */
export const listUnpaidDeposits = (
  db: DbOrTrx,
  provider: string,
  since: Date,
  afterId: number,
  limit: number,
) =>
  db
    .selectFrom('deposit')
    .selectAll()
    .where('provider', '=', provider)
    .where('id', '>', afterId)
    .where('status', '<>', 'paid')
    .where('created_at', '>=', since)
    .orderBy('id')
    .limit(limit)
    .execute();

export interface OpsDepositFilter {
  merchantCode: string;
  memberId?: number;
  status?: DepositRow['status'];
  flagged?: boolean;
  /** The computed flags: late, mismatched, or either. */
  flag?: 'late' | 'mismatched' | 'any';
  channel?: DepositRow['channel'];
  minAmount?: number;
  maxAmount?: number;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
}

/** Paid after the charge expired, or credited after it (found late by the reconcile job). */
const lateSql = sql<boolean>`coalesce(paid_at > expires_at or credited_at > expires_at, false)`;
/** The provider's paid amount is not the ordered amount. */
const mismatchedSql = sql<boolean>`coalesce(paid_amount <> amount, false)`;

/** The finance desk's list, newest first, with the computed flags `late` and `mismatched`. */
export const searchDeposits = (db: DbOrTrx, f: OpsDepositFilter) => {
  let q = db
    .selectFrom('deposit')
    .selectAll()
    .select([lateSql.as('late'), mismatchedSql.as('mismatched')])
    .where('merchant_code', '=', f.merchantCode);
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.flagged === true) q = q.where('flag', 'is not', null);
  if (f.flagged === false) q = q.where('flag', 'is', null);
  if (f.flag === 'late') q = q.where(lateSql);
  if (f.flag === 'mismatched') q = q.where(mismatchedSql);
  if (f.flag === 'any') q = q.where(sql<boolean>`(${lateSql} or ${mismatchedSql})`);
  if (f.channel !== undefined) q = q.where('channel', '=', f.channel);
  if (f.minAmount !== undefined) q = q.where('amount', '>=', f.minAmount);
  if (f.maxAmount !== undefined) q = q.where('amount', '<=', f.maxAmount);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  if (f.before !== undefined) q = q.where('id', '<', f.before);
  return q.orderBy('id', 'desc').limit(f.limit).execute();
};

/** Whether the member has a credited deposit other than `depositId` (so this one is not their first). */
export const hasOtherCreditedDeposit = async (db: DbOrTrx, memberId: number, depositId: number) =>
  (await db
    .selectFrom('deposit')
    .select('id')
    .where('member_id', '=', memberId)
    .where('id', '<>', depositId)
    .where('credited_at', 'is not', null)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** A page of a merchant's credited deposits by id (the reports' rebuild reads them all). */
export const listCreditedDeposits = (db: DbOrTrx, merchantCode: string, afterId: number, limit: number) =>
  db
    .selectFrom('deposit')
    .select(['id', 'member_id', 'paid_amount', 'currency', 'credited_at'])
    .where('merchant_code', '=', merchantCode)
    .where('credited_at', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
