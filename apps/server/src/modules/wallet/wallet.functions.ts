import type { DatabaseFunction } from '../../platform/db/database-functions.ts';

/** The wallet's in-database functions (sql/*.sql; applied by the repeatable step, DATABASE_FUNCTIONS). */
export const walletFunctions: readonly DatabaseFunction[] = [
  {
    name: 'ledger_transfer_append_only',
    file: new URL('./sql/ledger_transfer_append_only.sql', import.meta.url),
  },
  { name: 'ledger_account_identity', file: new URL('./sql/ledger_account_identity.sql', import.meta.url) },
  { name: 'ledger_same_side', file: new URL('./sql/ledger_same_side.sql', import.meta.url) },
  { name: 'ledger_apply_transfer', file: new URL('./sql/ledger_apply_transfer.sql', import.meta.url) },
  {
    name: 'ledger_apply_transfer_reading_wallets',
    file: new URL('./sql/ledger_apply_transfer_reading_wallets.sql', import.meta.url),
  },
  { name: 'wallet_record_turnover', file: new URL('./sql/wallet_record_turnover.sql', import.meta.url) },
];
