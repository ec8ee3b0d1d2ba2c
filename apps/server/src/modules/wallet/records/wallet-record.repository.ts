import { sql } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';

/** A member's own accounts (cash wallet, vendor wallets, play money): what its record is made of. */
export const memberAccounts = (db: DbOrTrx, memberId: number) =>
  db
    .selectFrom('ledger_account')
    .select(['id', 'currency', 'balance', 'wallet'])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'MEMBER')
    .orderBy('id')
    .execute();

export interface RecordFilter {
  accountIds: number[];
  types?: string[];
  from?: Date;
  to?: Date;
  /** Keyset: lines strictly after this one in newest-first order. */
  after?: { transferId: number; side: 'd' | 'c' };
  limit: number;
}

export interface RecordRow {
  id: number;
  side: 'd' | 'c';
  kind: string;
  amount: number;
  currency: string;
  balance_after: number | null;
  reference: string | null;
  created_at: Date;
  /** The member account the line is on. */
  account_id: number;
}

/**
 * One line per side of a transfer that touches one of the accounts (a move between two of the
 * member's own accounts is two lines), newest first by (transfer id, side).
 *
 * Why keyset by id is stable under concurrent writes: transfer() locks the member's account before it
 * draws the transfer's id, and holds the lock to commit, so on one account ids are drawn in commit
 * order; a page read later never finds a new line between lines it has already passed.
 */
export async function selectRecord(db: DbOrTrx, f: RecordFilter): Promise<RecordRow[]> {
  if (f.accountIds.length === 0) return [];
  const side = (s: 'd' | 'c') => {
    const accountCol = s === 'd' ? 'debit_account_id' : 'credit_account_id';
    let q = db
      .selectFrom('ledger_transfer')
      .select([
        'id',
        sql<'d' | 'c'>`${s}::text`.as('side'),
        'kind',
        (s === 'd' ? sql<number>`-amount` : sql<number>`amount`).as('amount'),
        'currency',
        (s === 'd' ? sql<number | null>`debit_balance_after` : sql<number | null>`credit_balance_after`).as(
          'balance_after',
        ),
        'reference',
        'created_at',
        sql.ref<number>(accountCol).as('account_id'),
      ])
      // One array parameter whatever the number of accounts (an agent's whole team).
      .where(sql<boolean>`${sql.ref(accountCol)} = any(${sql.val(f.accountIds)}::int8[])`);
    if (f.types && f.types.length > 0) q = q.where('kind', 'in', f.types as never[]);
    if (f.from) q = q.where('created_at', '>=', f.from);
    if (f.to) q = q.where('created_at', '<', f.to);
    if (f.after) {
      const { transferId, side: afterSide } = f.after;
      // Newest first and, within one transfer, d before c: (id, side) below the cursor's.
      q = q.where(sql<boolean>`(id, ${s}::text) < (${transferId}::bigint, ${afterSide}::text)`);
    }
    return q;
  };
  const rows = await db
    .selectFrom(side('d').unionAll(side('c')).as('e'))
    .selectAll()
    .orderBy('id', 'desc')
    .orderBy('side', 'desc')
    .limit(f.limit)
    .execute();
  return rows as RecordRow[];
}

/** What the accounts were credited by transfers of one kind, all time (minor units). */
export async function sumCredits(db: DbOrTrx, accountIds: number[], kind: string): Promise<number> {
  if (accountIds.length === 0) return 0;
  const row = await db
    .selectFrom('ledger_transfer')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where('credit_account_id', 'in', accountIds)
    .where('kind', '=', kind as never)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The main wallets (MEMBER, wallet MAIN) of the named members: account id -> member id. */
export const mainAccountsOf = (db: DbOrTrx, memberIds: readonly number[]) =>
  memberIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ledger_account')
        .select(['id', 'member_id'])
        .where(sql<boolean>`member_id = any(${sql.val([...memberIds])}::int8[])`)
        .where('kind', '=', 'MEMBER')
        .where('wallet', '=', 'MAIN')
        .execute();

/**
 * Credits to one member's accounts of the given kinds, summed per period (`bounds`: the periods'
 * starts plus the last end, ascending; width_bucket answers i + 1) and per sending member (null when
 * a house account paid).
 */
export async function creditsByPeriod(
  db: DbOrTrx,
  r: { memberId: number; kinds: readonly string[]; bounds: Date[] },
): Promise<{ bucket: number; kind: string; fromMemberId: number | null; amount: number }[]> {
  const bounds = r.bounds.map((d) => d.toISOString());
  const rows = await db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as c', 'c.id', 't.credit_account_id')
    .innerJoin('ledger_account as d', 'd.id', 't.debit_account_id')
    .select([
      sql<number>`width_bucket(t.created_at, ${bounds}::timestamptz[])`.as('bucket'),
      't.kind',
      'd.member_id',
      sql<string>`sum(t.amount)`.as('amount'),
    ])
    .where('c.member_id', '=', r.memberId)
    .where('c.kind', '=', 'MEMBER')
    .where('t.kind', 'in', r.kinds as never[])
    .where('t.created_at', '>=', r.bounds[0]!)
    .where('t.created_at', '<', r.bounds[r.bounds.length - 1]!)
    .groupBy([sql`1`, 't.kind', 'd.member_id'])
    .execute();
  return rows.map((x) => ({
    bucket: Number(x.bucket) - 1,
    kind: x.kind,
    fromMemberId: x.member_id,
    amount: Number(x.amount),
  }));
}

/**
 * One member's transfers of one kind whose reference starts with `referencePrefix`, summed per period
 * (`bounds` as creditsByPeriod) and per side: `credit` what its accounts received, `debit` what they
 * paid. A module reads the transfers it referenced itself this way (the agent contracts' debt
 * repayments, `contract-debt:<debt>`).
 */
export async function referencedByPeriod(
  db: DbOrTrx,
  r: { memberId: number; kind: string; referencePrefix: string; bounds: readonly Date[] },
): Promise<{ bucket: number; side: 'debit' | 'credit'; amount: number }[]> {
  const bounds = r.bounds.map((d) => d.toISOString());
  const like = `${r.referencePrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const side = (s: 'debit' | 'credit') =>
    db
      .selectFrom('ledger_transfer as t')
      .innerJoin('ledger_account as a', 'a.id', s === 'debit' ? 't.debit_account_id' : 't.credit_account_id')
      .select([
        sql<number>`width_bucket(t.created_at, ${bounds}::timestamptz[])`.as('bucket'),
        sql<'debit' | 'credit'>`${s}::text`.as('side'),
        sql<string>`sum(t.amount)`.as('amount'),
      ])
      .where('a.member_id', '=', r.memberId)
      .where('a.kind', '=', 'MEMBER')
      .where('t.kind', '=', r.kind as never)
      .where('t.reference', 'like', like)
      .where('t.created_at', '>=', r.bounds[0]!)
      .where('t.created_at', '<', r.bounds[r.bounds.length - 1]!)
      .groupBy(sql`1`);
  const rows = await side('debit').unionAll(side('credit')).execute();
  return rows.map((x) => ({ bucket: Number(x.bucket) - 1, side: x.side, amount: Number(x.amount) }));
}
