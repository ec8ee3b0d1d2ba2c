import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db.ts';
import { executePrepared, executePreparedSql, executePreparedWith, markPrepared } from './prepared.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`create table prep_probe (id int8 primary key, note text not null)`.execute(database.db);
  await sql`insert into prep_probe values (1, 'one'), (2, 'two'), (3, 'three')`.execute(database.db);
});
afterAll(async () => {
  await database?.close();
});

interface Probe {
  prep_probe: { id: number; note: string };
}
/** The probe table's row by id, on the database, a transaction or one connection. */
const probe = (db: unknown, id: number) =>
  (db as Kysely<Probe>).selectFrom('prep_probe').select(['id', 'note']).where('id', '=', id);

describe(`prepared statements (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('binds new values on every call (the values are parameters, not part of the statement)', async () => {
    for (const [id, note] of [
      [1, 'one'],
      [3, 'three'],
      [2, 'two'],
      [3, 'three'],
    ] as const) {
      const { rows } = await executePrepared(database.db, probe(database.db, id));
      expect(rows).toEqual([{ id, note }]);
    }
    expect((await executePrepared(database.db, probe(database.db, 99))).rows).toEqual([]);
  });

  it('runs inside a transaction and sees its uncommitted writes', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into prep_probe values (4, 'four')`.execute(trx);
        const { rows } = await executePrepared(trx, probe(trx, 4));
        expect(rows).toEqual([{ id: 4, note: 'four' }]);
        throw new Error('roll back');
      })
      .catch((err: unknown) => expect(String(err)).toContain('roll back'));
    expect((await executePrepared(database.db, probe(database.db, 4))).rows).toEqual([]);
  });

  it.runIf(TEST_DATABASE_URL)(
    'on PostgreSQL prepares each statement once per connection, and only the marked ones',
    async () => {
      await database.db.connection().execute(async (conn) => {
        const prepared = async () =>
          (
            await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn)
          ).rows.map((r) => r.statement);
        // A shape no other test uses, so this connection has not prepared it yet.
        const notes = (id: number) => probe(conn, id).clearSelect().select('note');
        const before = await prepared();
        for (const id of [1, 2, 3]) await executePrepared(conn, notes(id));
        notes(1).compile(); // compiling alone prepares nothing
        await notes(1).execute(); // not marked
        const added = (await prepared()).filter((s) => !before.includes(s));
        expect(added).toHaveLength(1);
        expect(added[0]).toMatch(/^\/\* prepared \*\/ select "note" from "prep_probe"/);
      });
    },
  );

  it('an sql template and a shape compiled once run the same way, each call with its own values', async () => {
    await database.db.connection().execute(async (conn) => {
      const raw = (id: number) => sql<{ note: string }>`select note from prep_probe where id = ${id}`;
      expect((await executePreparedSql(conn, raw(2))).rows).toEqual([{ note: 'two' }]);
      expect((await executePreparedSql(conn, raw(3))).rows).toEqual([{ note: 'three' }]);
      const shape = markPrepared(probe(conn, 0).compile());
      expect((await executePreparedWith(conn, shape, [1])).rows).toEqual([{ id: 1, note: 'one' }]);
      expect((await executePreparedWith(conn, shape, [2])).rows).toEqual([{ id: 2, note: 'two' }]);
      expect(() => executePreparedWith(conn, shape, [1, 2])).toThrow(/parameter count/);
      expect(() => executePreparedWith(conn, probe(conn, 1).compile(), [1])).toThrow(/markPrepared/);
      if (TEST_DATABASE_URL) {
        const statements = (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn)
        ).rows.map((r) => r.statement);
        expect(statements.filter((s) => s.includes('select note from prep_probe where id'))).toHaveLength(1);
      }
    });
  });

  it('still answers after the table changes under a prepared statement', async () => {
    await database.db.connection().execute(async (conn) => {
      expect((await executePrepared(conn, probe(conn, 1))).rows).toEqual([{ id: 1, note: 'one' }]);
      await sql`alter table prep_probe add column extra text`.execute(conn);
      await sql`update prep_probe set note = 'uno' where id = 1`.execute(conn);
      expect((await executePrepared(conn, probe(conn, 1))).rows).toEqual([{ id: 1, note: 'uno' }]);
    });
  });
});
