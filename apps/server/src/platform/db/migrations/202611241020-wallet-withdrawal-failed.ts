import { sql, type Kysely } from 'kysely';

/**
 * A payout the rail did not pay (wallet module, issue 9 item 4): APPROVED -> FAILED, the held amount
 * returned to the member by a ledger transfer, the rail's reason kept for the member's tracker
 * (`payout_key_refused` or `payout_refused`, translated by the page) and the time it failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawal drop constraint withdrawal_status_check`.execute(db);
  await sql`alter table withdrawal add constraint withdrawal_status_check
    check (status in ('REQUESTED', 'APPROVED', 'PAID', 'CONFIRMED', 'REJECTED', 'DISPUTED', 'FAILED'))`.execute(
    db,
  );
  await db.schema
    .alterTable('withdrawal')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('fail_reason', 'text', (c) =>
      c.check(sql`fail_reason in ('payout_key_refused', 'payout_refused')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawal').dropColumn('failed_at').dropColumn('fail_reason').execute();
  await sql`alter table withdrawal drop constraint withdrawal_status_check`.execute(db);
  await sql`alter table withdrawal add constraint withdrawal_status_check
    check (status in ('REQUESTED', 'APPROVED', 'PAID', 'CONFIRMED', 'REJECTED', 'DISPUTED'))`.execute(db);
}
