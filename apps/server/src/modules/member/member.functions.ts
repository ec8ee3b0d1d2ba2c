import type { DatabaseFunction } from '../../platform/db/database-functions.ts';

/** The member module's in-database functions (sql/*.sql; applied by the repeatable step, DATABASE_FUNCTIONS). */
export const memberFunctions: readonly DatabaseFunction[] = [
  { name: 'member_may_play', file: new URL('./sql/member_may_play.sql', import.meta.url) },
];
