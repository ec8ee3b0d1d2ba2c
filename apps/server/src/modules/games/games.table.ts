import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A vendor of the catalogue (spec section 3, "Vendor"); see migration 202611231601. */
export interface GameVendorTable {
  vassalage: string;
  display_name: string;
  provider: 'HOUSE' | 'SANDBOX' | 'EXTERNAL';
  /** The vendor's main game type (its entry in vendor menus). */
  game_type: string;
  lager_icon: string;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

/** A game; node_id is `<vassalage>-<gameCode>`. */
export interface GameTable {
  node_id: string;
  vassalage: string;
  game_code: string;
  game_type: string;
  game_classify: string | null;
  name_pt: string;
  name_en: string;
  /** Normalised names (search-text.ts): what the name search matches. */
  search_pt: string;
  search_en: string;
  icon_url: string;
  is_hot: ColumnType<boolean, boolean | undefined, boolean>;
  hot_rank: ColumnType<number, number | undefined, number>;
  support_play: ColumnType<boolean, boolean | undefined, boolean>;
  is_game: ColumnType<'GAME' | 'VASSALAGE', 'GAME' | 'VASSALAGE' | undefined, 'GAME' | 'VASSALAGE'>;
  /** Lottery games: the prize modes they play in, comma-separated ('' for others). */
  prize_modes: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Return to player in basis points (9650 = 96.50%) as the catalogue states it; null: not stated. */
  rtp_bp: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: Timestamp;
}

export interface GameFavoriteTable {
  member_id: number;
  node_id: string;
  created_at: Timestamp;
}

export interface GameRecentTable {
  member_id: number;
  node_id: string;
  played_at: Timestamp;
}

/** A settled winning round, as the winner board shows it (names stored masked). */
export interface GameWinTable {
  round_id: string;
  node_id: string;
  game_type: string;
  customer_name: string;
  win_amount: number;
  currency: string;
  settled_at: Timestamp;
}

export interface GameCatalogueStateTable {
  id: Generated<number>;
  version: number;
}

export interface GamesTables {
  game_vendor: GameVendorTable;
  game: GameTable;
  game_favorite: GameFavoriteTable;
  game_recent: GameRecentTable;
  game_win: GameWinTable;
  game_catalogue_state: GameCatalogueStateTable;
}
