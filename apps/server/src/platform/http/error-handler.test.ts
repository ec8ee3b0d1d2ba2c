import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { installErrorHandling } from './error-handler.ts';

let database: TestDatabase;
const app = Fastify();

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.schema.createTable('note').addColumn('body', 'text').addColumn('doc', 'jsonb').execute();
  installErrorHandling(app);
  // A write whose field no schema checked: the database is the last to see its text.
  app.post('/note', async (request) => {
    const { body, doc } = request.body as { body: string; doc: unknown };
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('note' as never)
        .values({ body: 'first write' } as never)
        .execute();
      await sql`insert into note (body, doc) values (${body}, ${JSON.stringify(doc)}::jsonb)`.execute(trx);
    });
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database?.close();
});

const post = (payload: unknown) => app.inject({ method: 'POST', url: '/note', payload: payload as object });
const notes = async () =>
  (await sql<{ n: string }>`select count(*)::text as n from note`.execute(database.db)).rows[0]!.n;

describe('text the database cannot store', () => {
  it('is a 400 invalid_input envelope, never a 500, and its transaction writes nothing', async () => {
    for (const payload of [
      { body: 'a\u0000b', doc: {} },
      { body: 'fine', doc: { note: 'x\u0000' } },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'invalid_input', value: null });
    }
    expect(await notes()).toBe('0');
    // The same call with storable text goes through (the net is for that text only).
    expect((await post({ body: 'fine', doc: { note: 'x' } })).statusCode).toBe(200);
    expect(await notes()).toBe('2');
  });
});
