import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Money = ColumnType<number, number, number>;

/** A lottery period: its committed seed, and once drawn its digits (migration 202611251040). */
export interface HouseLotteryPeriodTable {
  game_code: string;
  period_id: string;
  opens_at: Timestamp;
  closes_at: Timestamp;
  draw_at: Timestamp;
  seed_hash: string;
  server_seed: string;
  digits: ColumnType<number[] | null, string | null, string | null>;
  drawn_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
}

export type TicketStatus = 'buying' | 'open' | 'won' | 'lost' | 'void';

export interface StoredBet {
  market: string;
  selection: string;
  stake: number;
  odds: number;
}

export interface StoredBetResult {
  payout: number;
}

/** A ticket: one purchase (one debit) on one period. */
export interface HouseLotteryTicketTable {
  id: string;
  vendor: string;
  game_code: string;
  catalogue_game: string;
  period_id: string;
  account: string;
  player_session: string;
  request_id: string;
  bets: ColumnType<StoredBet[], string, string>;
  total_stake: Money;
  status: TicketStatus;
  total_payout: ColumnType<number | null, number | null | undefined, number | null>;
  /** Per bet, its payout (in the order of `bets`), once settled. */
  result: ColumnType<StoredBetResult[] | null, string | null | undefined, string | null>;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface HouseLotteryTables {
  house_lottery_period: HouseLotteryPeriodTable;
  house_lottery_ticket: HouseLotteryTicketTable;
}
