/**
 * `npm run catalogue:import -- <file.json|file.csv> [--dry-run]`: imports a vendor catalogue into the
 * configured database (DATABASE_URL, else the embedded database in DATA_DIR: stop the gateway first,
 * PGlite's data directory has one user at a time). Prints the row errors with their line numbers and
 * exits 1 when the file is invalid (nothing written); otherwise prints what changed per vendor.
 * Running gateways drop their cached lists within a second of the commit (catalogue version).
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Database } from './database.ts';
import { DATABASE_FUNCTIONS } from './database-functions.ts';
import { migrateToLatest, openDatabase } from './platform/db/db.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import {
  CatalogueFileError,
  importCatalogue,
  parseCatalogueFile,
  type ImportReport,
} from './modules/games/index.ts';

export function formatReport(report: ImportReport): string[] {
  const lines = [
    `${report.dryRun ? 'dry run: nothing written; would change' : 'changed'} ${report.changes} row(s)`,
    'vendor            vendor-row  added  updated  unchanged  disabled',
  ];
  for (const v of report.vendors) {
    lines.push(
      `${v.vassalage.padEnd(18)}${v.vendor.padEnd(12)}${String(v.added).padStart(5)}${String(v.updated).padStart(9)}${String(v.unchanged).padStart(11)}${String(v.disabled).padStart(10)}`,
    );
  }
  return lines;
}

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const files = argv.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) {
    console.error('usage: npm run catalogue:import -- <file.json|file.csv> [--dry-run]');
    return 2;
  }
  const path = files[0]!;
  const format = extname(path).toLowerCase() === '.csv' ? 'csv' : 'json';
  let file;
  try {
    file = parseCatalogueFile(readFileSync(path, 'utf8'), format);
  } catch (error) {
    if (!(error instanceof CatalogueFileError)) throw error;
    console.error(`${path}: ${error.errors.length} invalid row(s), nothing imported`);
    console.error(error.message);
    return 1;
  }
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
    const report = await importCatalogue(handle.db, file, { dryRun });
    for (const line of formatReport(report)) console.log(line);
    return 0;
  } catch (error) {
    if (!(error instanceof CatalogueFileError)) throw error;
    console.error(`${path}: nothing imported`);
    console.error(error.message);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
