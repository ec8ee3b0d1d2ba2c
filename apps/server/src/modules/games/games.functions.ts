import type { DatabaseFunction } from '../../platform/db/database-functions.ts';

/**
 * The games module's in-database functions (sql/*.sql; applied by the repeatable step,
 * DATABASE_FUNCTIONS): the vendor wallet's one-statement debit and credit.
 */
export const gamesFunctions: readonly DatabaseFunction[] = [
  { name: 'vendor_debit_apply', file: new URL('./sql/vendor_debit_apply.sql', import.meta.url) },
  { name: 'vendor_credit_apply', file: new URL('./sql/vendor_credit_apply.sql', import.meta.url) },
];
