import { sql, type Kysely } from 'kysely';

/**
 * Named operators (operator module, issue 9): back-office accounts with their own password and role,
 * their sessions, and the append-only audit of what they did.
 *
 * - operator: one row per login name and merchant; role admin | finance | support; DISABLED operators
 *   cannot log in and their sessions stop working at once (checked on every call).
 * - operator_session: opaque bearer tokens stored as SHA-256, like member sessions (idle and absolute
 *   expiry, revocation at logout or disable).
 * - operator_audit: who did what to which subject, the subject before and after (jsonb), the reason
 *   and the request id. Written in the same transaction as the decision it records. Append-only: a
 *   trigger refuses UPDATE, DELETE and TRUNCATE, like ledger_transfer's. actor_id is null for the
 *   OPERATOR_TOKEN bootstrap, which has no row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull().check(sql`username ~ '^[a-z0-9][a-z0-9._-]{2,31}$'`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'finance', 'support')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE', 'DISABLED')`),
    )
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('disabled_at', 'timestamptz')
    .addUniqueConstraint('operator_merchant_username', ['merchant_code', 'username'])
    .execute();

  await db.schema
    .createTable('operator_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operator.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('operator_session_operator')
    .on('operator_session')
    .columns(['operator_id'])
    .execute();

  await db.schema
    .createTable('operator_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.references('operator.id'))
    .addColumn('actor_username', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action ~ '^[a-z][a-z0-9_.]{0,63}$'`))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('reason', 'text', (c) => c.check(sql`char_length(reason) <= 500`))
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The audit screen's filters, each newest first (keyset on id).
  await db.schema
    .createIndex('operator_audit_action')
    .on('operator_audit')
    .columns(['action', 'id'])
    .execute();
  await db.schema
    .createIndex('operator_audit_subject')
    .on('operator_audit')
    .columns(['subject_type', 'subject_id', 'id'])
    .execute();
  await db.schema
    .createIndex('operator_audit_actor')
    .on('operator_audit')
    .columns(['actor_username', 'id'])
    .execute();

  await sql`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_audit is append-only (% refused)', tg_op;
    end $$`.execute(db);
  await sql`
    create trigger operator_audit_append_only before update or delete on operator_audit
    for each row execute function operator_audit_append_only()`.execute(db);
  await sql`
    create trigger operator_audit_no_truncate before truncate on operator_audit
    for each statement execute function operator_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_audit').ifExists().execute();
  await sql`drop function if exists operator_audit_append_only()`.execute(db);
  await db.schema.dropTable('operator_session').ifExists().execute();
  await db.schema.dropTable('operator').ifExists().execute();
}
