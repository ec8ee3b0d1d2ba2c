import { sql, type Kysely } from 'kysely';

/**
 * Withdrawals and the member's money settings (wallet module, issue 9 items 3, 4 and 6).
 * - wallet_member_state: one row per member that has used money settings. Its row lock serialises a
 *   member's withdrawals and tree transfers (limits and turnover are read and used under it), and it
 *   counts wrong payment passwords server-side. turnover_remaining: bonus money still to wager.
 * - payout_key: the member's bound PIX key (normalised) and payee name.
 * - withdrawal: one request, its state (REQUESTED -> APPROVED -> PAID -> CONFIRMED | DISPUTED, or
 *   REQUESTED -> REJECTED), the key it pays to (a copy: changing the key later changes no request)
 *   and the payout promise at the time of asking. (member_id, request_id) makes a retry a replay.
 * - withdrawal_proof: the member's image for "not received", kept apart so lists stay light.
 * Money moves only through ledger transfers (hold, return, payout); these rows record the workflow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_member_state')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('turnover_remaining', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`turnover_remaining >= 0`),
    )
    .addColumn('pay_pw_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_pw_locked_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payout_key')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('key_type', 'text', (c) =>
      c.notNull().check(sql`key_type in ('CPF', 'EMAIL', 'PHONE', 'EVP')`),
    )
    .addColumn('key_value', 'text', (c) => c.notNull())
    .addColumn('payee_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('withdrawal')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('REQUESTED', 'APPROVED', 'PAID', 'CONFIRMED', 'REJECTED', 'DISPUTED')`),
    )
    .addColumn('key_type', 'text', (c) => c.notNull())
    .addColumn('key_value', 'text', (c) => c.notNull())
    .addColumn('payee_name', 'text', (c) => c.notNull())
    .addColumn('payout_target_minutes', 'integer', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirmation', 'text', (c) =>
      c.check(sql`confirmation in ('RECEIVED', 'NOT_RECEIVED', 'AUTO')`),
    )
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('reject_reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('provider_ref', 'text')
    .addUniqueConstraint('withdrawal_member_request', ['member_id', 'request_id'])
    .execute();
  await db.schema.createIndex('withdrawal_member_id').on('withdrawal').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('withdrawal_status_id').on('withdrawal').columns(['status', 'id']).execute();

  await db.schema
    .createTable('withdrawal_proof')
    .addColumn('withdrawal_id', 'bigint', (c) => c.primaryKey().references('withdrawal.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_proof').execute();
  await db.schema.dropTable('withdrawal').execute();
  await db.schema.dropTable('payout_key').execute();
  await db.schema.dropTable('wallet_member_state').execute();
}
