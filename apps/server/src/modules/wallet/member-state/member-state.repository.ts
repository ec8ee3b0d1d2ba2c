import { sql } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';

/*
 * wallet_member_state: one row per member who has used money settings. Its row lock serialises the
 * member's money requests; it holds the turnover still owed and the payment password's wrong tries.
 */

/** The member's state row, created on first use (race-safe). */
export async function ensureMemberState(db: DbOrTrx, memberId: number): Promise<void> {
  await db
    .insertInto('wallet_member_state')
    .values({ member_id: memberId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

/**
 * Locks the member's state row until the transaction ends (created first if missing). Every flow that
 * spends a member's money on their request takes this lock first and takes no other lock of this table
 * afterwards; the ledger's own locks come after it, so no cycle can form with ledger transfers.
 */
export async function lockMemberState(db: DbOrTrx, memberId: number) {
  await ensureMemberState(db, memberId);
  return db
    .selectFrom('wallet_member_state')
    .selectAll()
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export const findMemberState = (db: DbOrTrx, memberId: number) =>
  db.selectFrom('wallet_member_state').selectAll().where('member_id', '=', memberId).executeTakeFirst();

export const updateMemberState = (
  db: DbOrTrx,
  memberId: number,
  patch: { pay_pw_failed?: number; pay_pw_locked_until?: Date | null },
) =>
  db
    .updateTable('wallet_member_state')
    .set({ ...patch, updated_at: sql`now()` })
    .where('member_id', '=', memberId)
    .execute();

export async function addTurnover(db: DbOrTrx, memberId: number, amount: number): Promise<void> {
  await db
    .insertInto('wallet_member_state')
    .values({ member_id: memberId, turnover_remaining: amount })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet((eb) => ({
        turnover_remaining: eb('wallet_member_state.turnover_remaining', '+', amount),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

export async function reduceTurnover(db: DbOrTrx, memberId: number, amount: number): Promise<void> {
  // The SQL function (migration 202611251020) is the one copy of this rule: the vendor wallet's
  // one-statement credit applies it in the database too.
  await sql`select wallet_record_turnover(${memberId}::integer, ${amount}::bigint)`.execute(db);
}
