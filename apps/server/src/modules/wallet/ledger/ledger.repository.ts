import { sql } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import { executePreparedSql } from '../../../platform/db/prepared.ts';
import { MAIN_WALLET, type HouseAccountKind, type LedgerTransferRow } from './ledger.table.ts';

export const findAccountById = (db: DbOrTrx, id: number) =>
  db.selectFrom('ledger_account').selectAll().where('id', '=', id).executeTakeFirst();

/** Row lock until the transaction ends: the balance read stays true until this transaction writes it. */
export const lockAccount = (db: DbOrTrx, id: number) =>
  db.selectFrom('ledger_account').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** The MAIN wallet when `wallet` is not given; a vendor wallet by its vendor code. */
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

/** What ledger_apply_transfer answers: the transfer (transferred or replayed) or a refusal code. */
export interface AppliedTransferRow extends Omit<LedgerTransferRow, 'kind'> {
  outcome: string;
  kind: string;
}

/**
 * One ledger transfer in one statement (migration 202611241000-ledger-transfer-function): locks,
 * idempotency, checks, the transfer row, both balances and the member wallets' `balanceEvent` outbox
 * rows. A refusal row (outcome = its code, other columns null) means nothing was written. On the
 * root db the statement is its own transaction.
 */
export async function applyTransfer(
  db: DbOrTrx,
  t: {
    idempotencyKey: string;
    debitAccountId: number;
    creditAccountId: number;
    amount: number;
    kind: string;
    reference: string | null;
    balanceEvent: string;
  },
): Promise<AppliedTransferRow> {
  // A named statement (one fixed text): PostgreSQL parses and plans it once per connection.
  const { rows } = await executePreparedSql(
    db,
    sql<AppliedTransferRow>`select * from ledger_apply_transfer(${t.idempotencyKey},
    ${t.debitAccountId}, ${t.creditAccountId}, ${t.amount}, ${t.kind}, ${t.reference}, ${t.balanceEvent})`,
  );
  const row = rows[0];
  if (!row) throw new Error('ledger: ledger_apply_transfer answered no row');
  return row;
}

/** A member wallet as read right after a transfer in its statement. */
export interface WalletBalanceRow {
  wallet: string;
  balance: number;
}

/**
 * applyTransfer, then the member's wallets in `currency` read after it, in one round trip
 * (migration 202611251021-ledger-transfer-read-wallets). `wallets` is empty for a refusal too.
 */
export async function applyTransferReadingWallets(
  db: DbOrTrx,
  t: Parameters<typeof applyTransfer>[1],
  member: { memberId: number; currency: string },
): Promise<AppliedTransferRow & { wallets: WalletBalanceRow[] }> {
  // A named statement, as applyTransfer's.
  const { rows } = await executePreparedSql(
    db,
    sql<AppliedTransferRow & { wallets: WalletBalanceRow[] }>`select * from
    ledger_apply_transfer_reading_wallets(${t.idempotencyKey}, ${t.debitAccountId}, ${t.creditAccountId},
    ${t.amount}, ${t.kind}, ${t.reference}, ${t.balanceEvent}, ${member.memberId}::integer,
    ${member.currency})`,
  );
  const row = rows[0];
  if (!row) throw new Error('ledger: ledger_apply_transfer_reading_wallets answered no row');
  return row;
}

/** A page of a merchant's transfers of one kind into member wallets, by id, with the member. */
export const listMemberCreditsOfKind = (
  db: DbOrTrx,
  merchantCode: string,
  kind: LedgerTransferRow['kind'],
  afterId: number,
  limit: number,
) =>
  db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
    .select(['t.id', 'a.member_id', 't.amount', 't.currency', 't.created_at'])
    .where('t.kind', '=', kind)
    .where('a.kind', '=', 'MEMBER')
    .where('a.merchant_code', '=', merchantCode)
    .where('t.id', '>', afterId)
    .orderBy('t.id')
    .limit(limit)
    .execute();

/** The MAIN wallets of the named members in one currency (members without one are absent). */
export const memberMainBalances = (db: DbOrTrx, memberIds: readonly number[], currency: string) =>
  db
    .selectFrom('ledger_account')
    .select(['member_id', 'balance'])
    .where('member_id', 'in', memberIds)
    .where('currency', '=', currency)
    .where('wallet', '=', MAIN_WALLET)
    .execute();

/**
 * The MAIN wallets of the named members in `currency`, created where absent (one statement, members
 * in ascending id order), then those wallets and the other named accounts locked FOR UPDATE in
 * ascending account id order (one statement): id, owner and balance under the locks.
 */
export async function lockAccountsForBatch(
  db: DbOrTrx,
  members: { memberIds: readonly number[]; merchantCode: string; currency: string },
  otherAccountIds: readonly number[],
): Promise<{ id: number; member_id: number | null; balance: number }[]> {
  const ids = [...new Set(members.memberIds)].sort((a, b) => a - b);
  if (ids.length > 0) {
    await sql`insert into ledger_account (merchant_code, member_id, kind, currency, wallet)
      select ${members.merchantCode}, m, 'MEMBER', ${members.currency}, ${MAIN_WALLET}
      from unnest(${ids}::integer[]) m order by m
      on conflict (member_id, currency, wallet) do nothing`.execute(db);
  }
  const { rows } = await sql<{ id: number; member_id: number | null; balance: number }>`select
      id, member_id, balance from ledger_account
    where (member_id = any(${ids}::integer[]) and currency = ${members.currency} and wallet = ${MAIN_WALLET})
      or id = any(${[...otherAccountIds]}::bigint[])
    order by id for update`.execute(db);
  return rows;
}

/**
 * Many ledger transfers in one statement: ledger_apply_transfer once per row, in the array's order
 * (each call sees what the earlier ones wrote). One answer row per transfer, in that order. A refusal
 * does not stop the later rows: the caller rolls its transaction back on any refusal.
 */
export async function applyTransfers(
  db: DbOrTrx,
  ts: readonly Omit<Parameters<typeof applyTransfer>[1], 'balanceEvent'>[],
  balanceEvent: string,
): Promise<AppliedTransferRow[]> {
  if (ts.length === 0) return [];
  const { rows } = await executePreparedSql(
    db,
    sql<AppliedTransferRow>`select r.* from unnest(${ts.map((t) => t.idempotencyKey)}::text[],
      ${ts.map((t) => t.debitAccountId)}::bigint[], ${ts.map((t) => t.creditAccountId)}::bigint[],
      ${ts.map((t) => t.amount)}::bigint[], ${ts.map((t) => t.kind)}::text[],
      ${ts.map((t) => t.reference)}::text[]) with ordinality as t(k, d, c, a, kd, rf, n)
    cross join lateral ledger_apply_transfer(t.k, t.d, t.c, t.a, t.kd, t.rf, ${balanceEvent}) r
    order by t.n`,
  );
  if (rows.length !== ts.length) throw new Error('ledger: ledger_apply_transfer answered a row short');
  return rows;
}
