import { sql, type Kysely } from 'kysely';

/**
 * The vendor wallet API (games module, docs/vendor-api.md):
 * - vendor_credential: each catalogue vendor's HMAC secret, sealed (AES-256-GCM under a key derived
 *   from the server key); after a rotation the previous secret stays valid until previous_valid_until;
 * - vendor_player_session: the player sessions vendors hold (token stored as its SHA-256);
 * - vendor_transaction: every accepted money call by (vendor, transaction id) with its stored answer,
 *   so a retry gets the first answer; a rollback of an unknown debit leaves a VOID row under the
 *   debit's id, so the late debit finds it and is refused;
 * - bet_record: one row per (vendor, round): stake, payout, status, game, category, times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vendor_credential')
    .addColumn('vendor', 'text', (c) => c.primaryKey().references('game_vendor.vassalage'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('previous_secret_sealed', 'text')
    .addColumn('previous_valid_until', 'timestamptz')
    .addColumn('rotated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('vendor_player_session')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull().references('game_vendor.vassalage'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index vendor_player_session_expiry_idx on vendor_player_session (expires_at)`.execute(db);

  await db.schema
    .createTable('vendor_transaction')
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('DEBIT', 'CREDIT', 'ROLLBACK', 'VOID')`))
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('ref_transaction_id', 'text')
    /** SHA-256 of the call's parameters: the same id with other parameters is a conflict. */
    .addColumn('request_hash', 'text', (c) => c.notNull())
    /** The first answer, returned to every retry; null only inside the writing transaction. */
    .addColumn('answer', 'jsonb')
    .addColumn('rolled_back', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('vendor_transaction_pkey', ['vendor', 'transaction_id'])
    .execute();

  await db.schema
    .createTable('bet_record')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stake >= 0`),
    )
    .addColumn('payout', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`payout >= 0`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('OPEN')
        .check(sql`status in ('OPEN', 'SETTLED', 'CANCELLED')`),
    )
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('bet_record_round_key', ['vendor', 'round_id'])
    .execute();
  await sql`create index bet_record_member_idx on bet_record (member_id, opened_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bet_record').execute();
  await db.schema.dropTable('vendor_transaction').execute();
  await db.schema.dropTable('vendor_player_session').execute();
  await db.schema.dropTable('vendor_credential').execute();
}
