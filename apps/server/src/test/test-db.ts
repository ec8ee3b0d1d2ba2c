import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../database.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../platform/db/db.ts';

/** Set to run the suites against a PostgreSQL server instead of PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

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
    await migrateToLatest(handle);
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
  const handle = await openDatabase<Database>({ kind: 'pglite' });
  await migrateToLatest(handle);
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
