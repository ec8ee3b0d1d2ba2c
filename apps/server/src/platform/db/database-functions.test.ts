/**
 * The repeatable step (database-functions.ts): a file is applied when its content differs from what
 * the database recorded, not otherwise; a failing file names itself and keeps nothing of the step;
 * and on PostgreSQL several starts at once all succeed. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db.ts';
import { openDatabase } from './db.ts';
import { applyDatabaseFunctions, functionNameIn, type DatabaseFunction } from './database-functions.ts';

let database: TestDatabase;
let db: Kysely<unknown>;
const folder = mkdtempSync(join(tmpdir(), 'banca-db-functions-'));

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db as Kysely<unknown>;
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A function file `name` returning `value`. */
function fileOf(name: string, value: number): DatabaseFunction {
  const path = join(folder, `${name}.sql`);
  writeFileSync(
    path,
    `-- a test function\ncreate or replace function ${name}() returns integer\nlanguage plpgsql immutable as $$\nbegin\n  return ${value};\nend $$;\n`,
  );
  return { name, file: pathToFileURL(path) };
}

const valueOf = async (name: string): Promise<number> =>
  (await sql<{ v: number }>`select ${sql.raw(name)}() as v`.execute(db)).rows[0]!.v;

describe(`database functions step (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('applies a new or changed file, and skips an unchanged one', async () => {
    expect(await applyDatabaseFunctions(db, [fileOf('dbfn_probe', 1)])).toEqual(['dbfn_probe']);
    expect(await valueOf('dbfn_probe')).toBe(1);
    expect(await applyDatabaseFunctions(db, [fileOf('dbfn_probe', 1)])).toEqual([]);
    expect(await applyDatabaseFunctions(db, [fileOf('dbfn_probe', 2)])).toEqual(['dbfn_probe']);
    expect(await valueOf('dbfn_probe')).toBe(2);
  });

  it('a failing file names itself and keeps nothing of the step', async () => {
    const good = fileOf('dbfn_kept', 7);
    const path = join(folder, 'dbfn_broken.sql');
    writeFileSync(
      path,
      'create or replace function dbfn_broken() returns integer language plpgsql as $$ begin retur 1; end $$;',
    );
    await expect(
      applyDatabaseFunctions(db, [good, { name: 'dbfn_broken', file: pathToFileURL(path) }]),
    ).rejects.toThrow(/dbfn_broken/);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_proc where proname = 'dbfn_kept'
        and pronamespace = current_schema()::regnamespace`.execute(db);
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a file that creates another function than its name says', async () => {
    const fn = fileOf('dbfn_named', 1);
    await expect(applyDatabaseFunctions(db, [{ ...fn, name: 'dbfn_other' }])).rejects.toThrow(
      /must create the function dbfn_other/,
    );
    expect(functionNameIn('-- x\nCREATE FUNCTION a_b(x int)')).toBe('a_b');
  });

  it.runIf(TEST_DATABASE_URL)('several nodes starting at once all succeed', async () => {
    const handles = await Promise.all(
      Array.from({ length: 4 }, () =>
        openDatabase<unknown>({ kind: 'postgres', url: TEST_DATABASE_URL!, schema: database.schema, max: 1 }),
      ),
    );
    try {
      const files = [fileOf('dbfn_race_a', 3), fileOf('dbfn_race_b', 4)];
      const applied = await Promise.all(handles.map((h) => applyDatabaseFunctions(h.db, files)));
      // One start applied both; the others waited for its lock and then found them recorded.
      expect(applied.flat().sort()).toEqual(['dbfn_race_a', 'dbfn_race_b']);
      expect(await valueOf('dbfn_race_b')).toBe(4);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
