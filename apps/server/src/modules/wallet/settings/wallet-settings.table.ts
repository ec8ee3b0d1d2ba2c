import type { ColumnType } from 'kysely';

/** One row per merchant; `settings` is a walletSettingsSchema document (contract). */
export interface WalletSettingsTable {
  merchant_code: string;
  settings: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WalletSettingsTables {
  wallet_settings: WalletSettingsTable;
}
