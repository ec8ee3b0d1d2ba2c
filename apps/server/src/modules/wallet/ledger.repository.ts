import type { DbOrTrx } from '../../database.ts';
import { MAIN_WALLET, type HouseAccountKind, type NewLedgerTransfer } from './ledger.table.ts';

export const findAccountById = (db: DbOrTrx, id: number) =>
  db.selectFrom('ledger_account').selectAll().where('id', '=', id).executeTakeFirst();

/** Row lock until the transaction ends: the balance read stays true until this transaction writes it. */
export const lockAccount = (db: DbOrTrx, id: number) =>
  db.selectFrom('ledger_account').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** The MAIN wallet when `wallet` is not given; a vendor wallet by its vendor code. */
/**
 * Row locks on both accounts in one round trip, taken in ascending id order (PostgreSQL locks the rows
 * above the sort, as they come out of it), so two transfers never wait on each other in a cycle.
 */
export const lockAccountsInOrder = (db: DbOrTrx, ids: readonly number[]) =>
  db.selectFrom('ledger_account').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();

export const findMemberAccount = (db: DbOrTrx, memberId: number, currency: string, wallet = MAIN_WALLET) =>
  db
    .selectFrom('ledger_account')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .where('wallet', '=', wallet)
    .executeTakeFirst();

/** Every wallet of a member in a currency (main and vendor wallets), by id. */
export const listMemberAccounts = (db: DbOrTrx, memberId: number, currency: string) =>
  db
    .selectFrom('ledger_account')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .orderBy('id')
    .execute();

/** Inserts a member wallet unless one exists for (member, currency, wallet); undefined when it did. */
export const insertMemberAccountIfAbsent = (
  db: DbOrTrx,
  row: { memberId: number; merchantCode: string; currency: string; wallet?: string },
) =>
  db
    .insertInto('ledger_account')
    .values({
      merchant_code: row.merchantCode,
      member_id: row.memberId,
      kind: 'MEMBER',
      currency: row.currency,
      wallet: row.wallet ?? MAIN_WALLET,
    })
    .onConflict((oc) => oc.columns(['member_id', 'currency', 'wallet']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const findHouseAccount = (
  db: DbOrTrx,
  merchantCode: string,
  kind: HouseAccountKind,
  currency: string,
  bucket: number,
) =>
  db
    .selectFrom('ledger_account')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where('bucket', '=', bucket)
    .where('member_id', 'is', null)
    .executeTakeFirst();

/** Inserts a house bucket unless it exists (partial unique index ledger_account_house). */
export const insertHouseAccountIfAbsent = (
  db: DbOrTrx,
  row: { merchantCode: string; kind: HouseAccountKind; currency: string; bucket: number },
) =>
  db
    .insertInto('ledger_account')
    .values({
      merchant_code: row.merchantCode,
      member_id: null,
      kind: row.kind,
      currency: row.currency,
      bucket: row.bucket,
    })
    .onConflict((oc) =>
      oc.columns(['merchant_code', 'kind', 'currency', 'bucket']).where('member_id', 'is', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();

/** The sum of every bucket of a house kind (0 when none exists yet). */
export async function sumHouseBuckets(
  db: DbOrTrx,
  merchantCode: string,
  kind: HouseAccountKind,
  currency: string,
): Promise<number> {
  const row = await db
    .selectFrom('ledger_account')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('total'))
    .where('merchant_code', '=', merchantCode)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where('member_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export const findTransferByKey = (db: DbOrTrx, idempotencyKey: string) =>
  db
    .selectFrom('ledger_transfer')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();

/**
 * Inserts the transfer unless its idempotency key is taken; undefined when it was. A concurrent
 * transaction holding the same key uncommitted makes this wait for its outcome.
 */
export const insertTransferIfNew = (db: DbOrTrx, row: NewLedgerTransfer) =>
  db
    .insertInto('ledger_transfer')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();

/**
 * Takes an amount off an account. The guard repeats the table's CHECK so a MEMBER account cannot go
 * below zero even if a caller skipped the lock; false when it refused.
 */
export async function debitBalance(db: DbOrTrx, id: number, amount: number): Promise<boolean> {
  const res = await db
    .updateTable('ledger_account')
    .set((eb) => ({ balance: eb('balance', '-', amount) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('kind', '<>', 'MEMBER'), eb('balance', '>=', amount)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function creditBalance(db: DbOrTrx, id: number, amount: number): Promise<boolean> {
  const res = await db
    .updateTable('ledger_account')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
