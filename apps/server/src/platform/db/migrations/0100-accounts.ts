import { sql, type Kysely } from 'kysely';

/**
 * Accounts and sessions (issue 3): members, their sessions and known IPs, captchas, SMS/e-mail codes,
 * second-verification challenges, the auth audit trail, affiliate codes and the sandbox outbox.
 *
 * merchant_code columns carry no foreign key to merchant: these tables are created and tested on
 * their own, and a merchant row is configuration that may be seeded after its members' schema.
 * Account names and e-mails compare case-insensitively (lower() indexes), as people type them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull().check(sql`char_length(account) between 1 and 64`))
    // E.164 (dialing code and national number), e.g. +5511987654321.
    .addColumn('mobile', 'text', (c) => c.check(sql`mobile ~ '^\\+[0-9]{5,24}$'`))
    .addColumn('email', 'text', (c) => c.check(sql`char_length(email) <= 254`))
    // Null for trial accounts and mobile registrations without a password (SMS login only).
    .addColumn('password_hash', 'text')
    .addColumn('payment_password_hash', 'text')
    // One-time temporary password from "forgot by e-mail"; kept apart so a stranger's request
    // cannot lock the owner out of the real password.
    .addColumn('temp_password_hash', 'text')
    .addColumn('temp_password_expires_at', 'timestamptz')
    .addColumn('type', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`type in (0, 1, 2, 4, 41, 42)`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE', 'DISABLED')`),
    )
    .addColumn('nickname', 'text')
    .addColumn('payee_name', 'text')
    .addColumn('icon_url', 'text')
    .addColumn('vip_level', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`vip_level >= 0`),
    )
    // Register fields without a column of their own (qqNum, line, whatsapp, birthday, ...).
    .addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('parent_id', 'bigint', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('affiliate_code', 'text')
    .addColumn('referral_code', 'text')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('first_login_at', 'timestamptz')
    .addColumn('register_ip', 'text')
    .addColumn('register_domain', 'text')
    .addColumn('register_url', 'text')
    .addColumn('register_method', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index member_merchant_account on member (merchant_code, lower(account))`.execute(
    db,
  );
  await sql`create unique index member_merchant_mobile on member (merchant_code, mobile) where mobile is not null`.execute(
    db,
  );
  await sql`create index member_merchant_email on member (merchant_code, lower(email)) where email is not null`.execute(
    db,
  );
  await db.schema.createIndex('member_parent').on('member').column('parent_id').execute();

  await db.schema
    .createTable('affiliate')
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().check(sql`char_length(code) between 1 and 32`))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // Null: valid on every domain of the merchant.
    .addColumn('domain', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('affiliate_pk', ['merchant_code', 'code'])
    .execute();

  await db.schema
    .createTable('session')
    // SHA-256 hex of the token; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('login_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await sql`create index session_member_live on session (member_id) where revoked_at is null`.execute(db);

  await db.schema
    .createTable('member_known_ip')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_known_ip_pk', ['member_id', 'ip'])
    .execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('captcha_expires').on('captcha').column('expires_at').execute();

  await db.schema
    .createTable('login_challenge')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('portal', 'text', (c) => c.notNull())
    .addColumn('channels', sql`text[]`, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('register', 'no_login', 'second_verification')`),
    )
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    // E.164 mobile or lower-cased e-mail.
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('challenge_id', 'text', (c) => c.references('login_challenge.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index verification_code_lookup on verification_code (merchant_code, purpose, recipient, id desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('verification_code_challenge')
    .on('verification_code')
    .column('challenge_id')
    .execute();

  await db.schema
    .createTable('auth_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.references('member.id').onDelete('set null'))
    // What was typed, for failures against accounts that may not exist.
    .addColumn('account', 'text')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_audit_member')
    .on('auth_audit')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema.createIndex('auth_audit_created').on('auth_audit').column('created_at').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'outbox',
    'auth_audit',
    'verification_code',
    'login_challenge',
    'captcha',
    'member_known_ip',
    'session',
    'affiliate',
    'member',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
