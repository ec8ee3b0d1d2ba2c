import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { migrationProvider } from './migrations/index.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`create table probe (id int8 primary key, note text not null)`.execute(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe(`database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('reads int8 as a number and refuses values beyond the safe range', async () => {
    const { rows } = await sql<{ n: number }>`select 9007199254740991::int8 as n`.execute(database.db);
    expect(rows[0]!.n).toBe(Number.MAX_SAFE_INTEGER);
    await expect(sql`select 9007199254740993::int8 as n`.execute(database.db)).rejects.toThrow(
      /MAX_SAFE_INTEGER/,
    );
  });

  it('keeps concurrent transactions apart: a rollback loses only its own writes', async () => {
    const db = database.db;
    const committing = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('probe' as never)
        .values({ id: 1, note: 'kept' } as never)
        .execute();
      await new Promise((r) => setTimeout(r, 30));
      await trx
        .insertInto('probe' as never)
        .values({ id: 2, note: 'kept' } as never)
        .execute();
    });
    const failing = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('probe' as never)
        .values({ id: 3, note: 'lost' } as never)
        .execute();
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('roll me back');
    });
    const results = await Promise.allSettled([committing, failing]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    const { rows } = await sql<{ id: number; note: string }>`select id, note from probe order by id`.execute(
      db,
    );
    expect(rows).toEqual([
      { id: 1, note: 'kept' },
      { id: 2, note: 'kept' },
    ]);
  });

  it('is migrated to the latest version', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    );
    const provided = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(provided.slice(0, 3)).toEqual(['0001-system', '0100-accounts', '0101-social-login']);
    expect(rows.map((r) => r.name)).toEqual(provided);
  });
});
