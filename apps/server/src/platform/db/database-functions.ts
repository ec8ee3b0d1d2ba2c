import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';

/*
 * In-database functions as files, applied like Flyway's repeatable migrations. Each PL/pgSQL function
 * the gateway runs lives in one `.sql` file beside the module that owns it (`modules/wallet/sql/
 * ledger_apply_transfer.sql`, ...), holding one `create or replace function` statement: the file is
 * the function's current definition, so a reader finds it there instead of replaying migrations in
 * order. After the migrations, every start applies each file whose content hash differs from the one
 * the database recorded (table `database_function`), and records the new hash.
 *
 * - Migrations stay as they were (history): they create the functions a later migration may need;
 *   the files then replace them with their current body at the end of the same start.
 * - A change of a function's argument list or result type cannot be a `create or replace`: that file
 *   starts with the `drop function` it needs (still one file per function).
 * - Several nodes starting at once: the step holds a transaction-scoped advisory lock per schema, so
 *   one node applies and the others then find the hashes equal (two concurrent `create or replace`
 *   of one function fail with "tuple concurrently updated").
 * Read with `new URL('./sql/<name>.sql', import.meta.url)` by each module, so the files travel with
 * the compiled output (the build copies `*.sql`).
 */

export interface DatabaseFunction {
  /** The function's name, which is also the file's base name. */
  name: string;
  /** The `.sql` file holding its `create or replace function` statement. */
  file: URL;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The name a file's `create [or replace] function <name>(` statement gives. */
export const functionNameIn = (text: string): string | undefined =>
  /^\s*create\s+(?:or\s+replace\s+)?function\s+([a-z_][a-z0-9_]*)\s*\(/im.exec(text)?.[1];

/**
 * Applies the files whose content changed since the database last recorded them; answers the names
 * applied. Throws naming the file when one fails (nothing of this step is then kept).
 */
export async function applyDatabaseFunctions(
  db: Kysely<unknown>,
  functions: readonly DatabaseFunction[],
): Promise<string[]> {
  const files = await Promise.all(
    functions.map(async (fn) => {
      const text = await readFile(fn.file, 'utf8');
      if (functionNameIn(text) !== fn.name) {
        throw new Error(`${fn.file.pathname} must create the function ${fn.name}`);
      }
      return { ...fn, text, hash: sha256(text) };
    }),
  );
  return db.transaction().execute(async (trx) => {
    // Per schema (test files each migrate their own schema of one database at the same time).
    await sql`select pg_advisory_xact_lock(hashtext('banca.database_function'), hashtext(current_schema()))`.execute(
      trx,
    );
    await sql`create table if not exists database_function (
      name text primary key, sha256 text not null, applied_at timestamptz not null default now())`.execute(
      trx,
    );
    const { rows } = await sql<{ name: string; sha256: string }>`
      select name, sha256 from database_function`.execute(trx);
    const recorded = new Map(rows.map((r) => [r.name, r.sha256]));
    const applied: string[] = [];
    for (const fn of files) {
      if (recorded.get(fn.name) === fn.hash) continue;
      try {
        await sql.raw(fn.text).execute(trx);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new Error(`database function ${fn.name} (${fn.file.pathname}) failed: ${reason}`, {
          cause: err,
        });
      }
      await sql`insert into database_function (name, sha256) values (${fn.name}, ${fn.hash})
        on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`.execute(trx);
      applied.push(fn.name);
    }
    return applied;
  });
}
