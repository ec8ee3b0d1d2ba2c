/**
 * The in-database functions are their files: after migrating, every function the database holds in
 * the gateway's schema is defined by exactly one file of DATABASE_FUNCTIONS, and its definition
 * (pg_get_functiondef: arguments, result, language, volatility, body) is what running the file gives.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFile } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FUNCTIONS } from './database-functions.ts';
import { createTestDatabase, type TestDatabase } from './test/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** Definitions of the schema's own functions (extension members such as pg_trgm's left out), by name. */
async function definitions(db: Kysely<unknown>): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; def: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as def
    from pg_proc p
    where p.pronamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    order by p.proname`.execute(db);
  const byName = new Map<string, string>();
  for (const r of rows) {
    expect(byName.has(r.name), `${r.name} is overloaded`).toBe(false);
    byName.set(r.name, r.def);
  }
  return byName;
}

/** Thrown to roll the comparison's transaction back. */
class Undo extends Error {}

describe(`in-database functions (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('every function in the database has its file, and only one', async () => {
    const inDatabase = [...(await definitions(database.db as Kysely<unknown>)).keys()].sort();
    const names = DATABASE_FUNCTIONS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(inDatabase);
  });

  it("each function's definition is what its file creates", async () => {
    const db = database.db as Kysely<unknown>;
    const before = await definitions(db);
    // Run every file again inside a transaction and read the definitions it leaves: equal to the
    // database's only if the database holds the files' functions. Then undo.
    let after = new Map<string, string>();
    await db
      .transaction()
      .execute(async (trx) => {
        for (const fn of DATABASE_FUNCTIONS) await sql.raw(await readFile(fn.file, 'utf8')).execute(trx);
        after = await definitions(trx);
        throw new Undo();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Undo)) throw err;
      });
    for (const fn of DATABASE_FUNCTIONS) {
      expect(before.get(fn.name), fn.name).toBeDefined();
      expect(before.get(fn.name), fn.name).toBe(after.get(fn.name));
    }
  });

  it('the database recorded the hash of every file', async () => {
    const { rows } = await sql<{ name: string }>`select name from database_function order by name`.execute(
      database.db,
    );
    expect(rows.map((r) => r.name)).toEqual(DATABASE_FUNCTIONS.map((f) => f.name).sort());
  });
});
