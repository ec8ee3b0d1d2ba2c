/**
 * `npm run reports:rebuild`: recomputes every report rollup from the sources (settled rounds, credited
 * deposits, paid withdrawals, bonus credits, registered members) in one transaction, on the
 * configured database (DATABASE_URL, else the embedded database in DATA_DIR: stop the gateway first,
 * PGlite's data directory has one user at a time). Idempotent; safe beside running gateways on
 * PostgreSQL (docs/reports.md). In production, from the build: `node apps/server/dist/reports-rebuild-cli.js`.
 */
import type { Database } from './database.ts';
import { DATABASE_FUNCTIONS } from './database-functions.ts';
import { migrateToLatest, openDatabase } from './platform/db/db.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { rebuildReports } from './modules/reports/index.ts';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  const handle = await openDatabase<Database>(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrateToLatest(handle, DATABASE_FUNCTIONS);
    const started = performance.now();
    const s = await rebuildReports(handle.db, config.merchant);
    console.log(
      `rebuilt the report rollups of ${config.merchant} (days in ${s.timeZone}) in ${Math.round(performance.now() - started)} ms`,
    );
    console.log(
      `sources: ${s.rounds} settled rounds, ${s.deposits} deposits, ${s.withdrawals} withdrawals, ${s.bonuses} bonuses, ${s.registrations} members`,
    );
    for (const [table, rows] of Object.entries(s.rows)) console.log(`${table.padEnd(24)}${rows} rows`);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
