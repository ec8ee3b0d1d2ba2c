import { sql, type Kysely } from 'kysely';

/**
 * The payment password moves to the wallet (issue 21): its hash leaves the member row for
 * `wallet_payment_password`, beside the wrong-try count and lock the wallet already keeps in
 * `wallet_member_state`, so the rules that set, change and check it are the wallet's alone. Hashes
 * already set (in the security centre or at registration) are copied over, then the member column goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_payment_password')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into wallet_payment_password (member_id, hash)
    select id, payment_password_hash from member where payment_password_hash is not null`.execute(db);
  await db.schema.alterTable('member').dropColumn('payment_password_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member').addColumn('payment_password_hash', 'text').execute();
  await sql`update member set payment_password_hash = p.hash
    from wallet_payment_password p where p.member_id = member.id`.execute(db);
  await db.schema.dropTable('wallet_payment_password').execute();
}
