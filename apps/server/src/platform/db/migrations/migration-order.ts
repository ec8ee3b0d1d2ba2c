/**
 * The names migrations had before the time-ordered rule: applied on existing databases, so they keep
 * their names forever (Kysely records names; a renamed migration would run again or fail).
 */
export const LEGACY_MIGRATIONS = [
  '0001-system',
  '0100-accounts',
  '0101-social-login',
  '0102-expiry-indexes',
  '0103-job-runs',
  '0200-ledger',
] as const;

/** `YYYYMMDDHHMM-<module>-<topic>`: the UTC time of writing, then lower-case kebab words. */
export const MIGRATION_NAME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})-[a-z][a-z0-9]*(-[a-z0-9]+)+$/;

/** The order Kysely's Migrator applies and checks names in (its default nameComparator). */
export const kyselyOrder = (a: string, b: string): number => a.localeCompare(b);

const validUtcMinute = (name: string): boolean => {
  const m = MIGRATION_NAME.exec(name);
  if (!m) return false;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const t = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    year >= 2000 &&
    t.getUTCFullYear() === year &&
    t.getUTCMonth() === month - 1 &&
    t.getUTCDate() === day &&
    t.getUTCHours() === hour &&
    t.getUTCMinutes() === minute
  );
};

/**
 * What is wrong with a registered list of migration names, in list order (empty when nothing is).
 * Kysely refuses to migrate a database whose applied migrations are not a prefix of the sorted list,
 * so a migration that sorts before an applied one breaks every existing database: each new name must
 * sort after all earlier ones, and the list must be written in that order so the newest is last.
 */
export function migrationOrderProblems(names: readonly string[]): string[] {
  const problems: string[] = [];
  LEGACY_MIGRATIONS.forEach((legacy, i) => {
    if (names[i] !== legacy)
      problems.push(`position ${i} must be the legacy migration ${legacy}, not ${names[i]}`);
  });
  for (const name of names.slice(LEGACY_MIGRATIONS.length)) {
    if (!validUtcMinute(name)) problems.push(`${name} is not named YYYYMMDDHHMM-<module>-<topic> (UTC)`);
  }
  for (let i = 1; i < names.length; i++) {
    if (kyselyOrder(names[i - 1]!, names[i]!) >= 0)
      problems.push(`${names[i]} sorts before or equal to ${names[i - 1]}, which is listed before it`);
  }
  return problems;
}
