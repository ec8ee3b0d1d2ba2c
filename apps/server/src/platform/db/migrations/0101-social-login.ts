import { sql, type Kysely } from 'kysely';

/**
 * Social sign-in (issue 3 item 7): which provider identity belongs to which member, and the short-lived
 * state of each sign-in in flight (PKCE verifier and nonce, kept server-side, single use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_social_identity')
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('google', 'facebook')`))
    // The provider's stable subject identifier (id token `sub`), never the e-mail: e-mails change hands.
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`char_length(subject) between 1 and 255`))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.check(sql`char_length(email) <= 254`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .addPrimaryKeyConstraint('member_social_identity_pk', ['merchant_code', 'provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('member_social_identity_member')
    .on('member_social_identity')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('social_login_state')
    // SHA-256 of the state parameter, which travels through the browser and the provider.
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    // SHA-256 of the random value in the browser's cookie: the callback must come from that browser.
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('social_login_state_expires')
    .on('social_login_state')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_login_state').ifExists().execute();
  await db.schema.dropTable('member_social_identity').ifExists().execute();
}
