import { describe, expect, it } from 'vitest';
import { migrations } from './index.ts';
import { kyselyOrder, LEGACY_MIGRATIONS, migrationOrderProblems } from './migration-order.ts';

const registered = Object.keys(migrations);

describe('migration names', () => {
  it('the registered list keeps the legacy names, then time-named ones, strictly ascending', () => {
    expect(migrationOrderProblems(registered)).toEqual([]);
    expect(registered.slice(0, LEGACY_MIGRATIONS.length)).toEqual([...LEGACY_MIGRATIONS]);
    // The newest sorts last: the order Kysely applies them in is the order they are written in.
    expect([...registered].sort(kyselyOrder)).toEqual(registered);
  });

  it('accepts a time-named migration after the legacy ones, whatever its module', () => {
    expect(
      migrationOrderProblems([
        ...LEGACY_MIGRATIONS,
        '202611230900-events-outbox',
        '202612011315-member-nickname-index',
      ]),
    ).toEqual([]);
  });

  it('refuses a band-numbered name, which sorts before applied migrations (0104 before 0200)', () => {
    expect(migrationOrderProblems([...LEGACY_MIGRATIONS, '0104-accounts-phone'])).toEqual([
      '0104-accounts-phone is not named YYYYMMDDHHMM-<module>-<topic> (UTC)',
      '0104-accounts-phone sorts before or equal to 0200-ledger, which is listed before it',
    ]);
  });

  it('refuses a migration dated before one already listed, and a duplicate', () => {
    const listed = [...LEGACY_MIGRATIONS, '202611230900-events-outbox'];
    expect(migrationOrderProblems([...listed, '202611221700-wallet-deposits'])).toEqual([
      '202611221700-wallet-deposits sorts before or equal to 202611230900-events-outbox, which is listed before it',
    ]);
    expect(migrationOrderProblems([...listed, '202611230900-events-outbox'])).toHaveLength(1);
  });

  it('refuses names that are not a real UTC minute, lack a module or topic, or drop a legacy name', () => {
    for (const bad of [
      '202613010000-member-x',
      '202611231260-member-x',
      '202611230900-member',
      '2026112309-member-x',
    ]) {
      expect(migrationOrderProblems([...LEGACY_MIGRATIONS, bad]), bad).toContain(
        `${bad} is not named YYYYMMDDHHMM-<module>-<topic> (UTC)`,
      );
    }
    expect(migrationOrderProblems(LEGACY_MIGRATIONS.filter((n) => n !== '0101-social-login'))).not.toEqual(
      [],
    );
  });
});
