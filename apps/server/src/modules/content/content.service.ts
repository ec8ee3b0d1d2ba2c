import type { AnnouncementsValue, Banner, Language } from '@banca/contract';
import { storeArt } from '../../platform/art/art.ts';
import { bannerSvg } from '../../platform/art/art-svg.ts';
import type { Db } from '../../database.ts';
import {
  insertAnnouncementsIfAbsent,
  insertBannersIfAbsent,
  listEnabledAnnouncements,
  listEnabledBanners,
} from './content.repository.ts';

type ContentDb = Db;

/**
 * MCSFE_getListAnnouncements: the kinds asked in `types`, in the viewer's language. Popups follow
 * the viewer: visitors get execution B, members A and B (F, first login, comes with the login flow).
 */
export async function listAnnouncements(
  db: ContentDb,
  request: { types: string; language: Language; member: boolean },
): Promise<AnnouncementsValue> {
  const kinds = new Set(request.types.split(','));
  const en = request.language === 'EN';
  const value: AnnouncementsValue = { banners: [], player: [], popup: [], promotion: [], notice: [] };
  if (kinds.has('B')) {
    const rows = await listEnabledBanners(db);
    value.banners = rows.map((r) => ({
      id: r.id,
      groupName: r.group_name as Banner['groupName'],
      url: (en ? r.image_url_en : null) ?? r.image_url,
      title: en ? r.title_en : r.title_pt,
      linkageType: r.linkage_type as Banner['linkageType'],
      linkage: r.linkage,
    }));
  }
  const wanted = (['PL', 'PU', 'PR', 'H'] as const).filter((k) => kinds.has(k));
  if (wanted.length === 0) return value;
  const rows = await listEnabledAnnouncements(db, wanted);
  for (const r of rows) {
    const item = {
      id: r.id,
      title: en ? r.title_en : r.title_pt,
      content: en ? r.content_en : r.content_pt,
      promotionType: r.promotion_type,
      publishedAt: new Date(r.published_at).toISOString(),
    };
    if (r.kind === 'PL') value.player.push(item);
    else if (r.kind === 'PR') value.promotion.push(item);
    else if (r.kind === 'H') value.notice.push({ id: r.id, content: item.content });
    else {
      const execution = (r.execution ?? 'B') as 'A' | 'B' | 'F';
      if (execution === 'B' || (execution === 'A' && request.member))
        value.popup.push({ ...item, execution });
    }
  }
  return value;
}

export interface DemoBanner {
  id: string;
  groupName: Banner['groupName'];
  titlePT: string;
  titleEN: string;
  subtitlePT: string;
  subtitleEN: string;
  linkageType: Banner['linkageType'];
  linkage: string;
  sort: number;
}

export interface DemoAnnouncement {
  id: string;
  kind: 'PL' | 'PU' | 'PR' | 'H';
  titlePT: string;
  titleEN: string;
  contentPT: string;
  contentEN: string;
  promotionType?: string;
  execution?: 'A' | 'B' | 'F';
  sort: number;
}

/**
 * Writes demo content once (rows that exist are left as an operator may have edited them). Banner art
 * is generated: a banner per id and language, same bytes every time.
 */
export async function seedContent(
  db: Db,
  banners: readonly DemoBanner[],
  announcements: readonly DemoAnnouncement[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The words are in the picture: one image per language.
    const urls = await storeArt(
      trx,
      banners.map((b) => bannerSvg(b.id, b.titlePT, b.subtitlePT)),
    );
    const urlsEN = await storeArt(
      trx,
      banners.map((b) => bannerSvg(b.id, b.titleEN, b.subtitleEN)),
    );
    await insertBannersIfAbsent(
      trx,
      banners.map((b, i) => ({
        id: b.id,
        group_name: b.groupName,
        image_url: urls[i]!,
        image_url_en: urlsEN[i]!,
        title_pt: b.titlePT,
        title_en: b.titleEN,
        linkage_type: b.linkageType,
        linkage: b.linkage,
        sort: b.sort,
      })),
    );
    await insertAnnouncementsIfAbsent(
      trx,
      announcements.map((a) => ({
        id: a.id,
        kind: a.kind,
        title_pt: a.titlePT,
        title_en: a.titleEN,
        content_pt: a.contentPT,
        content_en: a.contentEN,
        promotion_type: a.promotionType ?? null,
        execution: a.execution ?? null,
        sort: a.sort,
      })),
    );
  });
}
