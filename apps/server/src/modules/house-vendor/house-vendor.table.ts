import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A game page's session with the house vendor (migration 202611251010). */
export interface HouseSessionTable {
  token_hash: string;
  vendor: string;
  player_session: string;
  game_code: string;
  account: string;
  currency: string;
  language: string;
  device: string | null;
  back_url: string | null;
  lotto: ColumnType<Record<string, string> | null, string | null, string | null>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** A player's provably fair server seed (migration 202611251030); active while revealed_at is null. */
export interface HouseSeedTable {
  id: Generated<number>;
  vendor: string;
  account: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

type HouseRoundStatus = 'pending' | 'debited' | 'settled' | 'rolled_back' | 'refused';

/** One slot or dice round and how far its money got (migration 202611251030). */
export interface HouseRoundTable {
  seq: Generated<number>;
  round_id: string;
  vendor: string;
  account: string;
  request_id: string;
  game: 'slot' | 'dice';
  game_code: string;
  player_session: string;
  seed_id: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  bet: ColumnType<Record<string, unknown>, string, string>;
  outcome: ColumnType<Record<string, unknown>, string, string>;
  stake: number;
  payout: number;
  status: HouseRoundStatus;
  balance: number | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface HouseVendorTables {
  house_session: HouseSessionTable;
  house_seed: HouseSeedTable;
  house_round: HouseRoundTable;
}
