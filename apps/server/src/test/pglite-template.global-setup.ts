import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_FUNCTIONS } from '../database-functions.ts';
import { migratedPgliteTemplate } from '../platform/db/db.ts';
import { PGLITE_TEMPLATE_ENV, TEST_DATABASE_URL } from './test-db.ts';

/**
 * Vitest global setup of the server suite on PGlite: one migrated, empty data folder saved to a file
 * before any test file starts; every file's database starts from it (createTestDatabase) instead of
 * running initdb and every migration again, about 2 s of CPU per file on these machines. The workers
 * are forked after this runs, so they inherit the path through the environment.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (TEST_DATABASE_URL) return undefined;
  const folder = mkdtempSync(join(tmpdir(), 'banca-pglite-template-'));
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteTemplate(DATABASE_FUNCTIONS)).arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(folder, { recursive: true, force: true });
}
