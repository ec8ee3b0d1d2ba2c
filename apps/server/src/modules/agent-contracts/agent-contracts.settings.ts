import { CONTRACT_KINDS, type ContractKind } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { findSettings } from './agent-contracts.repository.ts';

/** The operator's contract settings for a merchant (agent_contract_settings; defaults when unset). */
export interface ContractSettings {
  enabled: Record<ContractKind, boolean>;
  /** The most a contract at the top of a chain (its upline has no contract of that kind) may grant. */
  capBp: Record<ContractKind, number>;
  capFixed: number;
  /** An active member's valid bet in a period reaches at least this (minor units). */
  activeMemberMinBet: number;
}

/** Defaults: all four kinds enabled; 40 % dividends, 2 % daily and hourly, 2 % real-time; R$ 1 000
 *  fixed; an active member bets at least R$ 10 in the period. */
export const DEFAULT_CONTRACT_SETTINGS: ContractSettings = {
  enabled: { DIVIDEND: true, DAILY: true, HOURLY: true, REALTIME: true },
  capBp: { DIVIDEND: 4000, DAILY: 200, HOURLY: 200, REALTIME: 200 },
  capFixed: 100_000,
  activeMemberMinBet: 1_000,
};

export async function contractSettings(db: DbOrTrx, merchantCode: string): Promise<ContractSettings> {
  const row = await findSettings(db, merchantCode);
  if (!row) return DEFAULT_CONTRACT_SETTINGS;
  return {
    enabled: Object.fromEntries(CONTRACT_KINDS.map((k) => [k, row.enabled_kinds.includes(k)])) as Record<
      ContractKind,
      boolean
    >,
    capBp: {
      DIVIDEND: row.cap_dividend_bp,
      DAILY: row.cap_daily_bp,
      HOURLY: row.cap_hourly_bp,
      REALTIME: row.cap_realtime_bp,
    },
    capFixed: row.cap_fixed,
    activeMemberMinBet: row.active_member_min_bet,
  };
}
