import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-system.ts';
import * as m0100 from './0100-accounts.ts';
import * as m0101 from './0101-social-login.ts';
import * as m0102 from './0102-expiry-indexes.ts';
import * as m0103 from './0103-job-runs.ts';
import * as m0200 from './0200-ledger.ts';
import * as m202611230900 from './202611230900-events-outbox.ts';

/** Static list, not a folder scan: works the same under tsx, a bundle or tests. Append only. */
const migrations: Record<string, Migration> = {
  '0001-system': m0001,
  '0100-accounts': m0100,
  '0101-social-login': m0101,
  '0102-expiry-indexes': m0102,
  '0103-job-runs': m0103,
  '0200-ledger': m0200,
  '202611230900-events-outbox': m202611230900,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
