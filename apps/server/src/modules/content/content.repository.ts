import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { ContentAnnouncementTable, ContentBannerTable } from './content.table.ts';

/** Enabled banners in display order: by group, then sort, then id. */
export const listEnabledBanners = (db: DbOrTrx) =>
  db
    .selectFrom('content_banner')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('group_name')
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** Enabled announcements of the given kinds: by sort, newest first, then id. */
export const listEnabledAnnouncements = (db: DbOrTrx, kinds: readonly ContentAnnouncementTable['kind'][]) =>
  db
    .selectFrom('content_announcement')
    .selectAll()
    .where('enabled', '=', true)
    .where('kind', 'in', kinds)
    .orderBy('sort')
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .execute();

/** Rows that exist are left alone: an operator may have edited them. */
export async function insertBannersIfAbsent(
  db: DbOrTrx,
  rows: readonly Insertable<ContentBannerTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('content_banner')
    .values([...rows])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Rows that exist are left alone: an operator may have edited them. */
export async function insertAnnouncementsIfAbsent(
  db: DbOrTrx,
  rows: readonly Insertable<ContentAnnouncementTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('content_announcement')
    .values([...rows])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
