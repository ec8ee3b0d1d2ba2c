import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, QueryExecutorProvider, QueryResult, RawBuilder } from 'kysely';
import type pg from 'pg';

/**
 * Named (server-side prepared) statements for the hottest queries. node-postgres sends every query as
 * an unnamed statement, so PostgreSQL parses and plans it again on every call; for a small indexed read
 * such as the token check, planning costs more than running it. A query executed with
 * `executePrepared` is parsed and planned once per connection and then only bound and run.
 *
 * Opt-in per query, for statements whose text takes a bounded number of shapes (values always as
 * parameters): each shape stays prepared on every pooled connection for the connection's life. Only
 * on a PostgreSQL server (`preparePooledStatements`); on PGlite the mark is an SQL comment and the
 * query runs as before. A transaction-pooling proxy in front of PostgreSQL (pgbouncer in transaction
 * mode) would need its prepared-statement support turned on.
 */
const MARK = '/* prepared */ ';

type Executor = { executeQuery<Q>(query: CompiledQuery<Q>): Promise<QueryResult<Q>> };

/** Runs `query` (on `db` or a transaction) as a named statement where the pool supports it. */
export function executePrepared<R>(db: Executor, query: Compilable<R>): Promise<QueryResult<R>> {
  return db.executeQuery<R>(markPrepared(query.compile()));
}

/** executePrepared for an `sql` template (a fixed text, values as parameters), e.g. a function call. */
export function executePreparedSql<R>(
  db: Executor & QueryExecutorProvider,
  query: RawBuilder<R>,
): Promise<QueryResult<R>> {
  return db.executeQuery<R>(markPrepared(query.compile(db)));
}

/** `compiled` marked to run as a named statement (see executePrepared): for a caller that compiles a
 *  query's shape once and then only swaps its parameters (executePreparedWith). */
export function markPrepared<R>(compiled: CompiledQuery<R>): CompiledQuery<R> {
  return Object.freeze({ ...compiled, sql: MARK + compiled.sql });
}

/** Runs a query marked once by markPrepared with this call's parameters (same count and order). */
export function executePreparedWith<R>(
  db: Executor,
  marked: CompiledQuery<R>,
  parameters: readonly unknown[],
): Promise<QueryResult<R>> {
  if (!marked.sql.startsWith(MARK))
    throw new Error('executePreparedWith takes a query marked by markPrepared');
  if (parameters.length !== marked.parameters.length)
    throw new Error('prepared query: parameter count differs');
  return db.executeQuery<R>({ ...marked, parameters });
}

/** Statement names by text: the marked shapes are few, each hashed once. */
const names = new Map<string, string>();
const MAX_SHAPES = 256;

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    if (names.size >= MAX_SHAPES) throw new Error(`more than ${MAX_SHAPES} prepared statement shapes`);
    names.set(text, name);
  }
  return name;
}

/**
 * Makes every client of `pool` send marked queries as named statements (the name is a hash of the
 * text, so one name never means two statements; node-postgres remembers per connection what it has
 * prepared). Other queries, cursors included, pass through untouched.
 */
export function preparePooledStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && config.startsWith(MARK)) {
        return query({ name: statementName(config), text: config, values }, callback);
      }
      return query(config, values, callback);
    }) as typeof client.query;
  });
}
