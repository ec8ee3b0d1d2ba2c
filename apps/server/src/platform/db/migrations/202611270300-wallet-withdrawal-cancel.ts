import { sql, type Kysely } from 'kysely';

/**
 * A member cancels a withdrawal still waiting for a decision (wallet module, issue 25 item 11):
 * REQUESTED -> CANCELLED, the held amount returned by a ledger transfer under the same key a rejection
 * uses (`withdrawal:return:<id>`, so the money comes back once whichever happens), and the time kept
 * for the member's tracker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawal drop constraint withdrawal_status_check`.execute(db);
  await sql`alter table withdrawal add constraint withdrawal_status_check
    check (status in ('REQUESTED', 'APPROVED', 'PAID', 'CONFIRMED', 'REJECTED', 'DISPUTED', 'FAILED', 'CANCELLED'))`.execute(
    db,
  );
  await db.schema.alterTable('withdrawal').addColumn('cancelled_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawal').dropColumn('cancelled_at').execute();
  await sql`alter table withdrawal drop constraint withdrawal_status_check`.execute(db);
  await sql`alter table withdrawal add constraint withdrawal_status_check
    check (status in ('REQUESTED', 'APPROVED', 'PAID', 'CONFIRMED', 'REJECTED', 'DISPUTED', 'FAILED'))`.execute(
    db,
  );
}
