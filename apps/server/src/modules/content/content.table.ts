import type { ColumnType } from 'kysely';

/** A banner (spec section 3); see migration 202611231602. */
export interface ContentBannerTable {
  id: string;
  group_name: string;
  image_url: string;
  /** The English site's image (migration 202611241050); null: image_url serves both languages. */
  image_url_en: ColumnType<string | null, string | null | undefined, string | null>;
  title_pt: string;
  title_en: string;
  linkage_type: string;
  linkage: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

/** An announcement: PL player notice, PU popup, PR promotion, H notice-marquee line. */
export interface ContentAnnouncementTable {
  id: string;
  kind: 'PL' | 'PU' | 'PR' | 'H';
  title_pt: ColumnType<string, string | undefined, string>;
  title_en: ColumnType<string, string | undefined, string>;
  content_pt: string;
  content_en: string;
  promotion_type: string | null;
  execution: string | null;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ContentTables {
  content_banner: ContentBannerTable;
  content_announcement: ContentAnnouncementTable;
}
