import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 202611281010-agent-settings: the operator's agent rules, one row per merchant. */
export interface AgentSettingsTable {
  merchant_code: string;
  promote_allowed: boolean;
  updated_at: Timestamp;
}

export interface AgentTables {
  agent_settings: AgentSettingsTable;
}
