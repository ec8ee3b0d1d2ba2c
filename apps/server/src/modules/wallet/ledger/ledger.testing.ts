import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DbOrTrx } from '../../../database.ts';

/** Test-only helpers of the ledger: members to own wallets and the invariant checks. */

export const freshMerchant = (): string => `m_${randomBytes(4).toString('hex')}`;
export const freshKey = (prefix = 'test'): string => `${prefix}:${randomBytes(8).toString('hex')}`;

export async function newMember(db: DbOrTrx, merchantCode: string, type = 0): Promise<number> {
  // A bare member row as test data (no member flow involved): written directly, like a seed.
  const m = await db
    .insertInto('member')
    .values({ merchant_code: merchantCode, account: `w${randomBytes(5).toString('hex')}`, type })
    .returning('id')
    .executeTakeFirstOrThrow();
  return m.id;
}

export interface LedgerCheck {
  /** Sum of balances per currency; every one must be 0. */
  sumByCurrency: Record<string, number>;
  /** MEMBER accounts below zero. */
  negativeMembers: number[];
  /** Accounts whose balance is not credits minus debits recomputed from ledger_transfer. */
  drift: { id: number; balance: number; recomputed: number }[];
  accounts: number;
  transfers: number;
}

/** Reads the whole ledger and recomputes every balance from its transfers. */
export async function checkLedger(db: DbOrTrx): Promise<LedgerCheck> {
  const sums = await sql<{ currency: string; total: number }>`
    select currency, sum(balance)::int8 as total from ledger_account group by currency`.execute(db);
  const rows = await sql<{ id: number; kind: string; balance: number; recomputed: number }>`
    select a.id, a.kind, a.balance,
      (coalesce((select sum(amount) from ledger_transfer t where t.credit_account_id = a.id), 0)
       - coalesce((select sum(amount) from ledger_transfer t where t.debit_account_id = a.id), 0))::int8
        as recomputed
    from ledger_account a order by a.id`.execute(db);
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int8 as n from ledger_transfer`.execute(
    db,
  );
  return {
    sumByCurrency: Object.fromEntries(sums.rows.map((r) => [r.currency, r.total])),
    negativeMembers: rows.rows.filter((r) => r.kind === 'MEMBER' && r.balance < 0).map((r) => r.id),
    drift: rows.rows
      .filter((r) => r.balance !== r.recomputed)
      .map(({ id, balance, recomputed }) => ({ id, balance, recomputed })),
    accounts: rows.rows.length,
    transfers: counted[0]!.n,
  };
}

/** Asserts the ledger's invariants: each currency sums to zero, no member below zero, no drift. */
export async function expectLedgerConsistent(db: DbOrTrx): Promise<LedgerCheck> {
  const check = await checkLedger(db);
  for (const [currency, total] of Object.entries(check.sumByCurrency)) {
    expect(total, `sum of ${currency} balances`).toBe(0);
  }
  expect(check.negativeMembers).toEqual([]);
  expect(check.drift).toEqual([]);
  return check;
}

/** Every ledger row as text, for "nothing changed" checks. */
export async function ledgerDigest(db: DbOrTrx): Promise<string> {
  const { rows } = await sql<{ digest: string | null }>`
    select md5(coalesce((select string_agg(to_jsonb(a)::text, '|' order by a.id) from ledger_account a), '')
      || '#' || coalesce((select string_agg(to_jsonb(t)::text, '|' order by t.id) from ledger_transfer t), ''))
      as digest`.execute(db);
  return rows[0]!.digest ?? '';
}
