import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../bootstrap.ts';
import { loadConfig } from '../platform/config.ts';
import type { Db } from '../database.ts';
import {
  createTestDatabase,
  dropSchema,
  newSchemaName,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../test/test-db.ts';
import { seedDemo } from './demo-seed.ts';
import { seedMerchant } from './merchant-defaults.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { DEMO_PASSWORD } from './demo-content.ts';
import { verifyPassword } from '../platform/crypto/password.ts';
import { getJson, startApp } from '../test/test-app.ts';

const TABLES = [
  'merchant',
  'register_field_setting',
  'resource',
  'customer_service',
  'help_article',
  'country',
  'domain_route',
  'system_status_setting',
] as const;

/** Every row of every seeded table, in a stable order. */
async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

const silent = { debug: () => undefined };
const messages = () => {
  const seen: string[] = [];
  return { seen, logger: { debug: (_obj: unknown, msg?: string) => void seen.push(msg ?? '') } };
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('demo seed', () => {
  it('fills an empty database once; a second run changes nothing', async () => {
    expect(await seedDemo(database.db)).toEqual({ merchantCreated: true, seeded: true });
    const first = await snapshot(database.db);
    expect(first.merchant).toHaveLength(1);
    expect(first.help_article!.length).toBeGreaterThanOrEqual(24); // 6 articles x PT/EN x WEB/H5
    expect(first.country!.length).toBeGreaterThanOrEqual(15);

    expect(await seedDemo(database.db)).toEqual({ merchantCreated: false, seeded: false });
    expect(await snapshot(database.db)).toEqual(first);
  });

  it('two nodes seeding at once write the content exactly once', async () => {
    const results = await Promise.all([seedDemo(database.db, 'twin'), seedDemo(database.db, 'twin')]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int8 as n from resource where merchant_code = 'twin'`.execute(database.db);
    expect(rows[0]!.n).toBe(7);
  });

  it('a merchant created without it gets the demo content, beside what an operator added', async () => {
    // A plain start created the merchant with its defaults alone; an operator then wrote help of
    // their own. A start with SEED_DEMO=true adds the demo's links and support channel, not its help.
    expect(await seedMerchant(database.db, 'later')).toEqual({ created: true });
    await database.db
      .insertInto('help_article')
      .values({
        merchant_code: 'later',
        lang: 'PT',
        device: 'WEB',
        slug: 'own',
        title: 'Own',
        content: '<p>x</p>',
        sort: 0,
      })
      .execute();
    const count = async (table: 'resource' | 'customer_service' | 'help_article') =>
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('merchant_code', '=', 'later')
          .executeTakeFirstOrThrow()
      ).n;
    expect(await count('resource')).toBe(0);

    expect(await seedDemo(database.db, 'later')).toEqual({ merchantCreated: false, seeded: true });
    expect(Number(await count('resource'))).toBe(7);
    expect(Number(await count('customer_service'))).toBe(1);
    expect(Number(await count('help_article'))).toBe(1);
    expect(await seedDemo(database.db, 'later')).toEqual({ merchantCreated: false, seeded: false });
    expect(Number(await count('resource'))).toBe(7);
  });
});

describe('demo accounts', () => {
  it('adds a member and an agent with the documented password, once', async () => {
    expect(await seedDemoAccounts(database.db, 'accts')).toEqual({ created: ['agent01', 'demo01'] });
    expect(await seedDemoAccounts(database.db, 'accts')).toEqual({ created: [] });
    const rows = await database.db
      .selectFrom('member')
      .selectAll()
      .where('merchant_code', '=', 'accts')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.account, r.type, r.email])).toEqual([
      ['agent01', 1, 'agent01@banca.example'],
      ['demo01', 0, 'demo01@banca.example'],
    ]);
    expect(rows[1]!.parent_id).toBe(rows[0]!.id);
    for (const r of rows) expect(await verifyPassword(r.password_hash, DEMO_PASSWORD)).toBe(true);
    const ips = await database.db
      .selectFrom('member_known_ip')
      .select(['member_id', 'ip'])
      .where(
        'member_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('member_id')
      .orderBy('ip')
      .execute();
    expect(ips.map((i) => i.ip)).toEqual(['127.0.0.1', '::1', '127.0.0.1', '::1']);
    const aff = await database.db
      .selectFrom('affiliate')
      .selectAll()
      .where('merchant_code', '=', 'accts')
      .execute();
    expect(aff).toMatchObject([{ code: 'AGENT01', member_id: rows[0]!.id, enabled: true }]);
  });

  it('two nodes seeding at once create each account once', async () => {
    const results = await Promise.all([
      seedDemoAccounts(database.db, 'twin2'),
      seedDemoAccounts(database.db, 'twin2'),
    ]);
    expect(results.flatMap((r) => r.created).sort()).toEqual(['agent01', 'demo01']);
  });
});

describe('start-up on the embedded database', () => {
  it('creates, migrates and seeds a new data dir, then reopens it without seeding again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'banca-data-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.seedDemo).toBe(true);
      const first = messages();
      const a = await prepareDatabase(config, first.logger);
      const before = await snapshot(a.db);
      await a.close();
      expect(first.seen).toEqual([
        'database migrated',
        'demo content seeded',
        'demo accounts created',
        'demo catalogue imported',
        'demo admin created',
      ]);
      expect(a.demoAccounts.map((d) => d.account)).toEqual(['agent01', 'demo01']);
      expect(a.demoAdmin).toEqual({ username: 'admin01', password: 'DemoAdmin1234' });
      expect(a.migrationsApplied.length).toBeGreaterThan(0);

      const second = messages();
      const b = await prepareDatabase(config, second.logger);
      try {
        expect(second.seen).toEqual([]);
        expect(b.migrationsApplied).toEqual([]);
        expect(await snapshot(b.db)).toEqual(before);
      } finally {
        await b.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two whole start-ups (initdb of a new data dir, every migration, the demo seed, then a reopen):
    // about 10 s on a quiet host, over 30 s on a loaded one (a CI run beside other work timed out).
  }, 180_000);
});

describe.skipIf(!TEST_DATABASE_URL)('start-up on DATABASE_URL', () => {
  it('a server database gets the merchant with its defaults, the demo content only with SEED_DEMO=true', async () => {
    const url = TEST_DATABASE_URL!;
    const [plainSchema, demoSchema] = [newSchemaName(), newSchemaName()];
    try {
      const plain = await prepareDatabase(
        loadConfig({ DATABASE_URL: url, NODE_ENV: 'production', MERCHANT: 'acme' }),
        silent,
        { schema: plainSchema },
      );
      try {
        expect(plain.merchantCreated).toBe(true);
        expect(plain.demoAccounts).toEqual([]);
        const rows = await snapshot(plain.db);
        expect(rows.merchant).toHaveLength(1);
        expect(JSON.parse(rows.merchant![0] as string)).toMatchObject({ merchant_code: 'acme' });
        expect(rows.register_field_setting!.length).toBeGreaterThan(0);
        expect(rows.country!.length).toBeGreaterThanOrEqual(15);
        expect(rows.system_status_setting).toHaveLength(1);
        // None of the demo content: no help, links, support channels, domains, members or games.
        for (const table of ['resource', 'customer_service', 'help_article', 'domain_route'] as const)
          expect(rows[table], table).toEqual([]);
        const counts = await sql<{ members: number; games: number }>`
          select (select count(*) from member)::int as members, (select count(*) from game)::int as games
        `.execute(plain.db);
        expect(counts.rows[0]).toEqual({ members: 0, games: 0 });

        // The site answers with the merchant's settings instead of not_found.
        const site = await startApp(plain.db, { MERCHANT: 'acme' }, { socket: false });
        try {
          const startup = await getJson(`${site.url}/wps/system/startup`);
          expect(startup).toMatchObject({
            status: 200,
            body: { success: true, value: { whitelabel: { merchantCode: 'acme' } } },
          });
        } finally {
          await site.close();
        }
      } finally {
        await plain.close();
      }

      // A second start finds the merchant (an operator may have changed it) and writes nothing.
      const again = await prepareDatabase(loadConfig({ DATABASE_URL: url, MERCHANT: 'acme' }), silent, {
        schema: plainSchema,
      });
      try {
        expect(again.merchantCreated).toBe(false);
      } finally {
        await again.close();
      }

      const asked = await prepareDatabase(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }), silent, {
        schema: demoSchema,
      });
      try {
        const rows = await snapshot(asked.db);
        expect(rows.merchant).toHaveLength(1);
        expect(rows.help_article!.length).toBeGreaterThan(0);
        // Outside production the demo admin comes with the demo content.
        expect(asked.demoAdmin).toMatchObject({ username: 'admin01' });
      } finally {
        await asked.close();
      }
    } finally {
      await dropSchema(url, plainSchema);
      await dropSchema(url, demoSchema);
    }
  });

  it('production seeds no demo admin, even with the demo content', async () => {
    const url = TEST_DATABASE_URL!;
    const schema = newSchemaName();
    try {
      const prod = await prepareDatabase(
        loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true', NODE_ENV: 'production' }),
        silent,
        { schema },
      );
      expect(prod.demoAdmin).toBeNull();
      const operators = await sql<{ n: number }>`select count(*)::int as n from operator`.execute(prod.db);
      expect(operators.rows[0]!.n).toBe(0);
      await prod.close();
    } finally {
      await dropSchema(url, schema);
    }
  });
});
