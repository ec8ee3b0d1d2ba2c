import type { DatabaseFunction } from '../../platform/db/database-functions.ts';

/** The operator module's in-database functions (sql/*.sql; applied by the repeatable step). */
export const operatorFunctions: readonly DatabaseFunction[] = [
  {
    name: 'operator_audit_append_only',
    file: new URL('./sql/operator_audit_append_only.sql', import.meta.url),
  },
];
