import { mkdirSync } from 'node:fs';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import { applyDatabaseFunctions, type DatabaseFunction } from './database-functions.ts';
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
  /**
   * Embedded PGlite; dataDir undefined means in memory. `template` is a data folder saved with
   * PGlite's dumpDataDir: starting from it skips initdb (the test suites start one per file).
   */
  | { kind: 'pglite'; dataDir?: string; template?: Blob };

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
/** Each database's pool, so its use can be read (metrics) without handing the pool to every caller. */
const pools = new WeakMap<object, pg.Pool>();

/** The pool under a db that openDatabase opened (undefined for any other, e.g. a transaction). */
export const poolOf = (db: object): pg.Pool | undefined => pools.get(db);

/**
 * PGlite, loaded only when a database is embedded: a production node on PostgreSQL never needs it, and
 * loading it took about 40 ms of a cold start (docs/benchmarks.md, wallet, sixth session).
 */
async function loadPglite() {
  const [{ PGlite }, { pg_trgm }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  return { PGlite, pg_trgm, createPgConfig };
}

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
    pools.set(db, pool);
    return { db, kind: 'postgres', schema: target.schema ?? 'public', close: () => db.destroy() };
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const { PGlite, pg_trgm, createPgConfig } = await loadPglite();
  // pg_trgm: the games catalogue's name search (trigram GIN index for contains).
  const pglite = await PGlite.create(target.dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(target.template ? { loadDataDir: target.template } : {}),
  });
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
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

/**
 * What the migrator asks the database about: only our own schema. Kysely's own introspector lists the
 * tables of every schema and resolves each by name (pg_get_serial_sequence), so a schema or table that
 * a parallel test file drops at that moment failed our migration with another schema's error. The
 * migrator only asks whether its schema and its two tables exist, so names are all it needs.
 */
const schemaScopedIntrospector = <DB>(db: Kysely<DB>, schema: string): DatabaseIntrospector => {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
    return rows.map((r) => ({ name: r.name, schema, isView: r.kind === 'v', columns: [] }));
  };
  return {
    getSchemas: async (): Promise<SchemaMetadata[]> => {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
};

/** `db` with its introspection limited to `schema` (methods bound: Kysely keeps private fields). */
const withScopedIntrospection = <DB>(db: Kysely<DB>, schema: string): Kysely<DB> => {
  const introspection = schemaScopedIntrospector(db, schema);
  return new Proxy(db, {
    get: (target, key) => {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
};

/**
 * Applies pending migrations, then the in-database functions whose files changed (the repeatable
 * step, database-functions.ts; `functions` is the app's list, DATABASE_FUNCTIONS); throws with the
 * failing migration's or file's name. Answers the migrations applied.
 */
export async function migrateToLatest<DB>(
  handle: DatabaseHandle<DB>,
  functions: readonly DatabaseFunction[],
): Promise<string[]> {
  // An isolated schema must exist before anything resolves names through search_path.
  if (handle.schema !== 'public')
    await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  const migrator = new Migrator({
    db: withScopedIntrospection(handle.db, handle.schema),
    provider: migrationProvider,
    // Explicit schema: with several test schemas in one database, Kysely must not find another
    // schema's kysely_migration table and think this one is migrated.
    migrationTableSchema: handle.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  await applyDatabaseFunctions(handle.db as Kysely<unknown>, functions);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * An in-memory PGlite migrated to the latest schema, saved as a data folder (PGlite's dumpDataDir),
 * for `openDatabase({ kind: 'pglite', template })`: the test suites start every file's database from
 * one such copy rather than running initdb and every migration again.
 */
export async function migratedPgliteTemplate(functions: readonly DatabaseFunction[]): Promise<Blob> {
  const { PGlite, pg_trgm, createPgConfig } = await loadPglite();
  const pglite = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest({ db, kind: 'pglite', schema: 'public', close: async () => {} }, functions);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
    await pglite.close();
  }
}
