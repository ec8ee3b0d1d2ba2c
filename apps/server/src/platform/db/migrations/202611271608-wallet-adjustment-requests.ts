import { sql, type Kysely } from 'kysely';

/**
 * Adjustment requests (wallet module, issue 23 item 4): a manual balance adjustment above the
 * merchant's adjustmentApprovalThreshold waits here for a second operator. PENDING -> APPROVED (the
 * ledger transfer `ops-adjust:<merchant>:request:<id>` moved, transfer_id kept) or REJECTED. The
 * client's idempotency key is unique per merchant, so a retried request is the first one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_adjustment_request')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING', 'APPROVED', 'REJECTED')`),
    )
    .addColumn('requested_by_id', 'bigint', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_reason', 'text')
    .addColumn('transfer_id', 'bigint')
    .addUniqueConstraint('wallet_adjustment_request_key', ['merchant_code', 'idempotency_key'])
    .execute();
  await sql`create index wallet_adjustment_request_status on wallet_adjustment_request (merchant_code, status, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_adjustment_request').execute();
}
