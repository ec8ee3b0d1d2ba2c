import type { Kysely } from 'kysely';

/**
 * A banner image per language: the generated demo banners carry their title and subtitle in the
 * picture, so the English site needs its own. Null: the one image serves both languages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_banner').addColumn('image_url_en', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_banner').dropColumn('image_url_en').execute();
}
