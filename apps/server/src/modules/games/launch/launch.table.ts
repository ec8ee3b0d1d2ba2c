import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type OpenMode = 'POPUP' | 'WINDOW' | 'SEAMLESS';

/** Where and how a vendor's games open (migration 202611251000). */
export interface VendorLaunchTable {
  vendor: string;
  /** A same-site path (`/house/play`) or an https URL; the launch adds its query parameters. */
  launch_url: string;
  open_mode: OpenMode;
  updated_at: Timestamp;
}

/** A launch: its one-time token (as SHA-256), exchanged at most once by its vendor. */
export interface GameLaunchTable {
  token_hash: string;
  member_id: number;
  merchant_code: string;
  vendor: string;
  node_id: string;
  game_code: string;
  currency: string;
  language: string;
  device: string | null;
  back_url: string | null;
  lotto: ColumnType<Record<string, string> | null, string | null, string | null>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface LaunchTables {
  vendor_launch: VendorLaunchTable;
  game_launch: GameLaunchTable;
}
