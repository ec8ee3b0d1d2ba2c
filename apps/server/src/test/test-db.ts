import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import pg from 'pg';
import type { Database } from '../database.ts';
import { DATABASE_FUNCTIONS } from '../database-functions.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../platform/db/db.ts';

/** Set to run the suites against a PostgreSQL server instead of PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** Path of a migrated PGlite data folder dump, set by the server suite's global setup. */
export const PGLITE_TEMPLATE_ENV = 'BANCA_TEST_PGLITE_TEMPLATE';

export const newSchemaName = (): string => `test_${randomBytes(6).toString('hex')}`;

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends DatabaseHandle<Database> {
  /** Where the tables are: a fresh schema on PostgreSQL (dropped by close), else an in-memory PGlite. */
  label: string;
}

/**
 * A migrated, empty database for one test file. On PostgreSQL each file gets its own schema (set as
 * search_path on every pooled connection), so files running in parallel never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) {
    const schema = newSchemaName();
    const handle = await openDatabase<Database>({ kind: 'postgres', url: TEST_DATABASE_URL, schema, max: 4 });
    await migrateToLatest(handle, DATABASE_FUNCTIONS);
    let closed = false;
    return {
      ...handle,
      label: `postgres schema ${schema}`,
      close: async () => {
        if (closed) return;
        closed = true;
        await handle.close();
        await dropSchema(TEST_DATABASE_URL, schema);
      },
    };
  }
  // The suite's global setup saved one migrated PGlite data folder (PGLITE_TEMPLATE_ENV); starting from
  // it skips initdb and the migrations. Without it (a bench, a single file run elsewhere) start empty.
  const templatePath = process.env[PGLITE_TEMPLATE_ENV];
  const template = templatePath ? await openAsBlob(templatePath) : undefined;
  const handle = await openDatabase<Database>({ kind: 'pglite', template });
  // Still asked: a no-op on the template, and it catches a template older than the code.
  await migrateToLatest(handle, DATABASE_FUNCTIONS);
  let closed = false;
  return {
    ...handle,
    label: 'pglite in memory',
    close: async () => {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
}
