import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { HelpArticleTable } from './system.table.ts';

/** The back office's view of help_article (help-articles.ops.ts); the member site's read is listHelpArticles. */
export type HelpArticleRow = Selectable<HelpArticleTable>;

export const listAllHelpArticles = (db: DbOrTrx, merchantCode: string, lang?: string) => {
  let q = db.selectFrom('help_article').selectAll().where('merchant_code', '=', merchantCode);
  if (lang) q = q.where('lang', '=', lang);
  return q.orderBy('lang', 'desc').orderBy('sort').orderBy('id').execute();
};

export const findHelpArticle = (db: DbOrTrx, merchantCode: string, id: number, forUpdate = false) => {
  const q = db
    .selectFrom('help_article')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

/** Whether another article of this language already uses the slug (any device). */
export async function helpSlugTaken(
  db: DbOrTrx,
  merchantCode: string,
  lang: string,
  slug: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('help_article')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .where('lang', '=', lang)
    .where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const insertHelpArticle = (db: DbOrTrx, row: Insertable<HelpArticleTable>) =>
  db.insertInto('help_article').values(row).returningAll().executeTakeFirstOrThrow();

export const updateHelpArticleRow = (
  db: DbOrTrx,
  merchantCode: string,
  id: number,
  row: Updateable<HelpArticleTable>,
) =>
  db
    .updateTable('help_article')
    .set(row)
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
