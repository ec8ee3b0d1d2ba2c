import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  ContractActorSide,
  ContractKind,
  ContractPeriod,
  ContractProduct,
  ContractStatus,
  ContractTier,
} from '@banca/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 202611271630-agent-contracts. */
export interface AgentContractTable {
  id: Generated<number>;
  merchant_code: string;
  kind: ContractKind;
  product: ContractProduct;
  period: ContractPeriod;
  upline_id: number;
  downline_id: number;
  upline_account: string;
  downline_account: string;
  status: ContractStatus;
  /** Validated by the contract's tier schemas before it is written; stored as JSON. */
  tiers: ColumnType<ContractTier[], string, string>;
  /** The best percentage rate of the tiers (basis points) and the best fixed amount: what caps and the
   *  higher-rate rule compare. */
  best_rate_bp: number;
  best_fixed: number;
  termination_requested_by: 'upline' | 'downline' | null;
  ended_reason: string | null;
  created_at: Timestamp;
  accepted_at: Date | null;
  ended_at: Date | null;
}

export interface AgentContractSettlementTable {
  id: Generated<number>;
  contract_id: number;
  period_key: string;
  period_from: Date;
  period_to: Date;
  tier_index: number | null;
  team_valid_bet: number;
  team_pnl: number;
  active_members: number;
  rate_type: 'PERCENT' | 'FIXED';
  rate: number;
  amount: number;
  paid: number;
  debt: number;
  payer: 'HOUSE' | 'UPLINE';
  created_at: Timestamp;
  /** Settled rounds counted (real-time: the rounds that met the tier's minimum bet). */
  rounds: Generated<number>;
  /** Real-time: the stake of the counted rounds the member won (paid at the profit rate). */
  won_bet: number | null;
  /** Real-time: the loss rate (basis points); `rate` is the profit rate then. */
  loss_rate: number | null;
}

/** A settled lottery round of a member with an upline, under each upline and the member itself. */
export interface AgentContractRoundTable {
  agent_id: number;
  ref: string;
  member_id: number;
  settled_at: Date;
  product: string;
  currency: string;
  stake: number;
  payout: number;
}

export interface AgentContractDebtTable {
  id: Generated<number>;
  settlement_id: number;
  debtor_id: number;
  creditor_id: number;
  amount: number;
  remaining: number;
  created_at: Timestamp;
  settled_at: Date | null;
}

export interface AgentContractSettingsTable {
  merchant_code: string;
  enabled_kinds: ContractKind[];
  cap_dividend_bp: number;
  cap_daily_bp: number;
  cap_hourly_bp: number;
  cap_realtime_bp: number;
  cap_fixed: number;
  active_member_min_bet: number;
  updated_at: Timestamp;
}

/** Migration 202611281000-agent-contract-history: one row per change of a contract's status. */
export interface AgentContractStatusHistoryTable {
  id: Generated<number>;
  contract_id: number;
  /** Null for the offer (the contract's first status). */
  from_status: ContractStatus | null;
  to_status: ContractStatus;
  by_side: ContractActorSide;
  by_member_id: number | null;
  by_operator_id: number | null;
  /** The end's reason code (ended_reason), or the operator's own words for an operator's end. */
  reason: string | null;
  /** Null only for backfilled steps whose moment was never stored (a termination request). */
  at: Date | null;
}

export interface AgentContractTables {
  agent_contract: AgentContractTable;
  agent_contract_settlement: AgentContractSettlementTable;
  agent_contract_debt: AgentContractDebtTable;
  agent_contract_settings: AgentContractSettingsTable;
  agent_contract_round: AgentContractRoundTable;
  agent_contract_status_history: AgentContractStatusHistoryTable;
}

export type AgentContractRow = Selectable<AgentContractTable>;
export type SettlementRow = Selectable<AgentContractSettlementTable>;

export type StatusHistoryRow = Selectable<AgentContractStatusHistoryTable>;
