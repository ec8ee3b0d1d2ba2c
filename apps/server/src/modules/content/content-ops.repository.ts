import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { ContentAnnouncementTable, ContentBannerTable } from './content.table.ts';

/** The back office's view of content_banner and content_announcement (content.ops.ts); the member site's read is content.repository.ts. */
export type BannerRow = Selectable<ContentBannerTable>;
export type AnnouncementRow = Selectable<ContentAnnouncementTable>;

/** Every banner, enabled or not, in the member site's order. `forUpdate` locks them (reorder, add). */
export const listAllBanners = (db: DbOrTrx, forUpdate = false) => {
  const q = db.selectFrom('content_banner').selectAll().orderBy('group_name').orderBy('sort').orderBy('id');
  return (forUpdate ? q.forUpdate() : q).execute();
};

/** Every announcement, enabled or not, in the member site's order. `forUpdate` locks them. */
export const listAllAnnouncements = (db: DbOrTrx, forUpdate = false) => {
  const q = db
    .selectFrom('content_announcement')
    .selectAll()
    .orderBy('sort')
    .orderBy('published_at', 'desc')
    .orderBy('id');
  return (forUpdate ? q.forUpdate() : q).execute();
};

export const findBanner = (db: DbOrTrx, id: string) =>
  db.selectFrom('content_banner').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const findAnnouncement = (db: DbOrTrx, id: string) =>
  db.selectFrom('content_announcement').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertBanner = (db: DbOrTrx, row: Insertable<ContentBannerTable>) =>
  db.insertInto('content_banner').values(row).returningAll().executeTakeFirstOrThrow();

export const insertAnnouncement = (db: DbOrTrx, row: Insertable<ContentAnnouncementTable>) =>
  db.insertInto('content_announcement').values(row).returningAll().executeTakeFirstOrThrow();

export const updateBannerRow = (db: DbOrTrx, id: string, row: Updateable<ContentBannerTable>) =>
  db.updateTable('content_banner').set(row).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const updateAnnouncementRow = (db: DbOrTrx, id: string, row: Updateable<ContentAnnouncementTable>) =>
  db
    .updateTable('content_announcement')
    .set(row)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export async function deleteBannerRow(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('content_banner').where('id', '=', id).execute();
}

export async function deleteAnnouncementRow(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('content_announcement').where('id', '=', id).execute();
}
