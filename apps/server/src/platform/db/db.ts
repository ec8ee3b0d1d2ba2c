import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import { preparePooledStatements } from './prepared.ts';

const INT8_OID = 20;

/** int8 (count(*), bigint ids, money) as a number; refuse silently losing precision. */
pg.types.setTypeParser(INT8_OID, (text: string) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} exceeds Number.MAX_SAFE_INTEGER`);
  return n;
});

export type DatabaseTarget =
  /** A PostgreSQL server. `schema` isolates test files: search_path is set on every connection. */
  | { kind: 'postgres'; url: string; schema?: string; max?: number }
  /** Embedded PGlite; dataDir undefined means in memory. */
  | { kind: 'pglite'; dataDir?: string };

/** `DB` is the caller's table map (the app's Database): platform code knows no module's tables. */
export interface DatabaseHandle<DB = unknown> {
  db: Kysely<DB>;
  kind: DatabaseTarget['kind'];
  /** Schema the tables live in (public unless isolated). */
  schema: string;
  close(): Promise<void>;
}

/**
 * One code path for both targets: a node-postgres Pool under Kysely's PostgresDialect. For PGlite the
 * pool talks to the single embedded session through PGlite's node-postgres adapter; pool max 1 makes
 * each transaction own that session until it ends, so two concurrent transactions queue instead of
 * interleaving their statements (which would mix their BEGIN/ROLLBACK). Consequence: code inside a
 * transaction must use the transaction object, never `db`, or it waits for itself.
 */
export async function openDatabase<DB>(target: DatabaseTarget): Promise<DatabaseHandle<DB>> {
  if (target.kind === 'postgres') {
    if (target.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(target.schema)) {
      throw new Error(`invalid schema name ${target.schema}`);
    }
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.max ?? 10,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    preparePooledStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', schema: target.schema ?? 'public', close: () => db.destroy() };
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // pg_trgm: the games catalogue's name search (trigram GIN index for contains).
  const pglite = await PGlite.create(target.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    schema: 'public',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** SQLSTATE invalid_schema_name, about a schema other than ours. */
const otherSchemaVanished = (error: unknown, schema: string): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '3F000' && typeof message === 'string' && !message.includes(`"${schema}"`);
};

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrateToLatest<DB>(handle: DatabaseHandle<DB>): Promise<string[]> {
  // An isolated schema must exist before anything resolves names through search_path.
  if (handle.schema !== 'public')
    await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider,
    // Explicit schema: with several test schemas in one database, Kysely must not find another
    // schema's kysely_migration table and think this one is migrated.
    migrationTableSchema: handle.schema,
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely looks for its own tables by introspecting every schema of the database, resolving each
  // table by name; a schema dropped by someone else at that moment (parallel test files on one
  // server) fails the query with invalid_schema_name naming that schema. The migrations run in one
  // transaction, so trying again is safe: only for that error, a few times.
  for (let retry = 0; retry < 3 && otherSchemaVanished(error, handle.schema); retry++) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
