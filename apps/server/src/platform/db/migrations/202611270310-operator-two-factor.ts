import { sql, type Kysely } from 'kysely';

/**
 * The back office's own app (issue 23): operator two-factor login, more roles and an IP allow-list.
 *
 * - operator.role gains `content` and `risk` (admin, finance, support, content, risk).
 * - operator.totp_secret: the RFC 6238 secret, AES-256-GCM sealed with a key derived from the server
 *   key (never stored in clear); null until the operator confirms enrolment with a first good code.
 *   operator.totp_last_step: the last time step accepted, so a code is never accepted twice.
 * - operator.ip_allow_list: CIDRs the operator may log in and call from; empty means anywhere.
 * - operator_login_challenge: the step between a right password and a right code. Its id is an opaque
 *   token stored as SHA-256; for an enrolment it holds the sealed secret being set up. Few attempts,
 *   short life.
 * - operator_recovery_code: one-time recovery codes, SHA-256 (they are 80-bit random: no slow hash
 *   needed), shown once at enrolment.
 * - Sessions opened by password alone before this migration end now: every session is two-factor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operator drop constraint if exists operator_role_check`.execute(db);
  await sql`alter table operator add constraint operator_role_check
    check (role in ('admin', 'finance', 'support', 'content', 'risk'))`.execute(db);
  await db.schema
    .alterTable('operator')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enrolled_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('ip_allow_list', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();

  await db.schema
    .createTable('operator_login_challenge')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operator.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('totp', 'enrol')`))
    .addColumn('pending_secret', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('operator_login_challenge_expiry')
    .on('operator_login_challenge')
    .columns(['expires_at'])
    .execute();

  await db.schema
    .createTable('operator_recovery_code')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operator.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('operator_recovery_code_operator')
    .on('operator_recovery_code')
    .columns(['operator_id'])
    .execute();

  await sql`update operator_session set revoked_at = now(), revoke_reason = 'two_factor'
    where revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_recovery_code').ifExists().execute();
  await db.schema.dropTable('operator_login_challenge').ifExists().execute();
  await db.schema
    .alterTable('operator')
    .dropColumn('ip_allow_list')
    .dropColumn('totp_last_step')
    .dropColumn('totp_enrolled_at')
    .dropColumn('totp_secret')
    .execute();
  await sql`alter table operator drop constraint if exists operator_role_check`.execute(db);
  await sql`alter table operator add constraint operator_role_check
    check (role in ('admin', 'finance', 'support'))`.execute(db);
}
