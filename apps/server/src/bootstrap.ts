import type { Logger } from 'pino';
import type { Config } from './platform/config.ts';
import type { Database } from './database.ts';
import { DATABASE_FUNCTIONS } from './database-functions.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './platform/db/db.ts';
import { seedDemo } from './seed/demo-seed.ts';
import { seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoLobby } from './seed/demo-lobby.ts';
import { seedMerchant } from './seed/merchant-defaults.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './seed/demo-content.ts';
import { DEMO_ADMIN, seedDemoAdmin } from './modules/operator/index.ts';
import { seedDemoMessages } from './modules/messages/index.ts';

export interface PreparedDatabase extends DatabaseHandle<Database> {
  /** The demo logins, when the demo seed is enabled (printed at start-up). */
  demoAccounts: readonly DemoAccount[];
  /** The demo back-office admin, seeded with the demo content outside production only. */
  demoAdmin: { username: string; password: string } | null;
  /** Names of the migrations this start applied (told in the start-up banner). */
  migrationsApplied: string[];
  /** Whether this start created the configured merchant with its default settings (no demo content:
   *  the banner tells the operator where to set it up). */
  merchantCreated: boolean;
}

/**
 * Opens the configured database, applies migrations and, only when SEED_DEMO allows it (by default on
 * the embedded database, never on DATABASE_URL unless SEED_DEMO=true), seeds the demo merchant and
 * its demo accounts (demo01 and agent01) and, outside production, the demo back-office admin. Without
 * the demo content, the configured merchant is created with its default settings when missing.
 * `schema` isolates tests on a shared PostgreSQL.
 */
export async function prepareDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'seedDemo' | 'merchant'> &
    Partial<Pick<Config, 'nodeEnv'>>,
  logger: Pick<Logger, 'debug'>,
  options: { schema?: string } = {},
): Promise<PreparedDatabase> {
  const handle = await openDatabase<Database>(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, ...(options.schema ? { schema: options.schema } : {}) }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    // Details at debug level: the start-up banner sums them up as the first lines a person reads.
    const applied = await migrateToLatest(handle, DATABASE_FUNCTIONS);
    if (applied.length > 0) logger.debug({ migrations: applied }, 'database migrated');
    if (!config.seedDemo) {
      // Without the demo content the merchant still needs its settings, or every page answers
      // not_found: its defaults, written once (seed/merchant-defaults.ts).
      const { created } = await seedMerchant(handle.db, config.merchant);
      if (created) logger.debug({ merchant: config.merchant }, 'merchant created with default settings');
      return {
        ...handle,
        demoAccounts: [],
        demoAdmin: null,
        migrationsApplied: applied,
        merchantCreated: created,
      };
    }
    const { seeded, merchantCreated } = await seedDemo(handle.db, config.merchant);
    if (seeded) logger.debug({ merchant: config.merchant }, 'demo content seeded');
    const { created } = await seedDemoAccounts(handle.db, config.merchant);
    if (created.length > 0) logger.debug({ accounts: created }, 'demo accounts created');
    await seedDemoMessages(
      handle.db,
      config.merchant,
      DEMO_ACCOUNTS.map((a) => a.account),
    );
    // The demo catalogue and lobby content: through the catalogue import, so a start with nothing new
    // changes nothing.
    const lobby = await seedDemoLobby(handle.db, config.nodeEnv !== 'production');
    if (lobby.changes > 0) logger.debug({ changes: lobby.changes }, 'demo catalogue imported');
    // The demo admin (2FA enrolment at its first login); production starts with no operator at all.
    let demoAdmin: PreparedDatabase['demoAdmin'] = null;
    if (config.nodeEnv !== 'production') {
      if (await seedDemoAdmin(handle.db, config.merchant)) {
        logger.debug({ operator: DEMO_ADMIN.username }, 'demo admin created');
      }
      demoAdmin = { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password };
    }
    return {
      ...handle,
      demoAccounts: DEMO_ACCOUNTS,
      demoAdmin,
      migrationsApplied: applied,
      merchantCreated,
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
