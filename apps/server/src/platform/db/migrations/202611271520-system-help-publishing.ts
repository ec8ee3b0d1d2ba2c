import { sql, type Kysely } from 'kysely';

/**
 * Help-centre articles written in the back office (issue 23 item 7): a published flag (what the member
 * site shows), when the article last changed, and the device `ALL` for articles shown on every device
 * (the seeded ones stay per device, WEB and H5). Existing articles stay published.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table help_article add column published boolean not null default true`.execute(db);
  await sql`alter table help_article add column updated_at timestamptz not null default now()`.execute(db);
  await sql`alter table help_article drop constraint if exists help_article_device_check`.execute(db);
  await sql`alter table help_article add constraint help_article_device_check
    check (device in ('WEB', 'H5', 'ALL'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from help_article where device = 'ALL'`.execute(db);
  await sql`alter table help_article drop constraint help_article_device_check`.execute(db);
  await sql`alter table help_article add constraint help_article_device_check
    check (device in ('WEB', 'H5'))`.execute(db);
  await sql`alter table help_article drop column updated_at`.execute(db);
  await sql`alter table help_article drop column published`.execute(db);
}
