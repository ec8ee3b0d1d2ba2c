import { sql, type Kysely } from 'kysely';

/**
 * Deposits (one per payment-provider charge) and the one-time tickets that open a member's live
 * event stream (SSE). A deposit is credited exactly once: the webhook and the reconcile job lock its
 * row and the ledger transfer's idempotency key is per charge. `flagged` marks what an operator must
 * look at (a payment that arrived after the charge expired, an amount that differs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'paid', 'expired')`))
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('charge_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('pix_copy_paste', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_amount', 'bigint')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('credited_at', 'timestamptz')
    .addColumn('transfer_id', 'bigint')
    .addColumn('flag', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('deposit_member_client_key', ['member_id', 'client_key'])
    .addUniqueConstraint('deposit_provider_ref', ['provider', 'provider_ref'])
    .execute();
  await db.schema
    .createIndex('deposit_member_recent')
    .on('deposit')
    .columns(['member_id', 'id desc'])
    .execute();
  // The expiry and reconcile jobs look at open charges only.
  await sql`create index deposit_open on deposit (expires_at) where status <> 'paid'`.execute(db);
  await sql`create index deposit_flagged on deposit (id) where flag is not null`.execute(db);

  await db.schema
    .createTable('wallet_stream_ticket')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    // The session token, encrypted under a key derived from the server key: the stream re-checks the
    // session with it, so a revoked token's stream ends.
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_stream_ticket').execute();
  await db.schema.dropTable('deposit').execute();
}
