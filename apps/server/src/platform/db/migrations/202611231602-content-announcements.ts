import { sql, type Kysely } from 'kysely';

/** Banners (by group and linkage) and announcements (player notices, popups, promotions, marquee). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_banner')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('title_pt', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('linkage_type', 'text', (c) => c.notNull())
    .addColumn('linkage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('content_announcement')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** PL player announcement, PU popup, PR promotion, H notice marquee line. */
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('PL', 'PU', 'PR', 'H')`))
    .addColumn('title_pt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_pt', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('promotion_type', 'text')
    /** Popups only: A members, B everyone, F first login. */
    .addColumn('execution', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_announcement').execute();
  await db.schema.dropTable('content_banner').execute();
}
