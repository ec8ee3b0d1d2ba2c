import type { ColumnType } from 'kysely';

/** Generated artwork by content hash (see migration 202611231600-art-assets). */
export interface ArtAssetTable {
  hash: string;
  content_type: string;
  body: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ArtTables {
  art_asset: ArtAssetTable;
}
