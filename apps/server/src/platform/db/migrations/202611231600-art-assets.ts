import { sql, type Kysely } from 'kysely';

/**
 * Generated artwork (game tiles, vendor logos, banners) stored by content hash: the URL names the
 * hash, so a file never changes under its URL and browsers may cache it for a year.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('art_asset')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('art_asset').execute();
}
