/**
 * Deposits under real concurrency, on PostgreSQL and Redis: two gateway nodes on one database schema
 * and one Redis, as behind a load balancer. 50 concurrent deliveries of one webhook credit once; a
 * deposit paid through node A reaches the live stream open on node B; parallel creates with one
 * idempotency key make one deposit. Skipped without TEST_DATABASE_URL (PGlite runs one transaction
 * at a time) or without a reachable Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositCallbacks, depositRoutes, depositViewSchema, walletRoutes } from '@banca/contract';
import type { Database } from '../../../database.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import { loginMember, newIdempotencyKey, openStream, startDepositApp } from './deposit.testing.ts';
import { expectLedgerConsistent } from '../ledger/ledger.testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  if (!TEST_DATABASE_URL) return false;
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const ready = await redisReachable();
if (!ready) {
  console.warn('deposit.nodes.test: skipped (needs TEST_DATABASE_URL and a Redis at TEST_REDIS_URL)');
}

describe.runIf(ready)('deposits on two gateway nodes (PostgreSQL + Redis)', () => {
  const PARALLEL = 50;
  let database: TestDatabase;
  let wideA: DatabaseHandle<Database>;
  let wideB: DatabaseHandle<Database>;
  let nodeA: Awaited<ReturnType<typeof startDepositApp>>;
  let nodeB: Awaited<ReturnType<typeof startDepositApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    const pool = () =>
      openDatabase<Database>({
        kind: 'postgres',
        url: TEST_DATABASE_URL!,
        schema: database.schema!,
        max: 20,
      });
    [wideA, wideB] = await Promise.all([pool(), pool()]);
    // One channel name per run: other suites may share this Redis.
    const liveChannelName = `live:test:${randomBytes(6).toString('hex')}`;
    nodeA = await startDepositApp(wideA.db, { REDIS_URL }, { liveChannelName });
    nodeB = await startDepositApp(wideB.db, { REDIS_URL }, { liveChannelName });
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await wideA?.close();
    await wideB?.close();
    await database?.close();
  });

  const create = async (node: typeof nodeA, token: string, amount: number, key = newIdempotencyKey()) => {
    const res = await node.client.call(depositRoutes.create.path, {
      token,
      body: { channel: 'PIX', amount, idempotencyKey: key },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return depositViewSchema.parse(res.body.value);
  };
  const balanceOn = async (node: typeof nodeA, token: string) =>
    (await node.client.call(walletRoutes.balance.path, { token })).body.value.balance as number;

  it('credits once when one webhook arrives 50 times at once on both nodes', async () => {
    const { token } = await loginMember(database.db, nodeA.client);
    const view = await create(nodeA, token, 9_900);
    // Pay without the webhook, then deliver the webhook the sandbox would have sent, 50 times at once.
    const pay = await fetch(`${nodeA.url}${view.payUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'silent=1',
    });
    expect(pay.status).toBe(200);
    const ref = view.payUrl!.split('/').pop()!;
    const row = await database.db
      .selectFrom('sandbox_pix_charge')
      .selectAll()
      .where('provider_ref', '=', ref)
      .executeTakeFirstOrThrow();
    const { SandboxPixProvider } =
      await import('../../../platform/providers/payments/sandbox-pix-provider.ts');
    const { deriveServerSecret } = await import('../../../platform/crypto/derived-secret.ts');
    const signer = new SandboxPixProvider(database.db as never, {
      merchantName: 'x',
      merchantCity: 'y',
      secret: await deriveServerSecret(database.db, 'sandbox-pix-webhook'),
      send: async () => 0,
    });
    const { raw, headers } = signer.signedWebhook(row);
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        fetch((i % 2 ? nodeA : nodeB).url + depositCallbacks.sandboxPix.path, {
          method: 'POST',
          headers,
          body: raw,
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { outcome: string } })),
      ),
    );
    expect(statuses.every((s) => s.status === 200)).toBe(true);
    expect(statuses.filter((s) => s.body.outcome === 'credited')).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfer where kind = 'DEPOSIT' and reference = ${`deposit:${view.depositId}`}`.execute(
      database.db,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await balanceOn(nodeB, token)).toBe(9_900);
    await expectLedgerConsistent(database.db);
  });

  it('makes one deposit of parallel creates with one idempotency key', async () => {
    const { token } = await loginMember(database.db, nodeA.client);
    const key = newIdempotencyKey();
    const views = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(i % 2 ? nodeA : nodeB, token, 2_000, key)),
    );
    expect(new Set(views.map((v) => v.depositId)).size).toBe(1);
    const list = await nodeA.client.call(depositRoutes.list.path, { token });
    expect(list.body.value.deposits).toHaveLength(1);
  });
  // Last: it stops node B's event dispatcher.
  it('pushes a deposit paid through node A to the stream open on node B', async () => {
    const { token } = await loginMember(database.db, nodeA.client);
    // Only node A consumes events from here on: what reaches B's stream came through Redis.
    await nodeB.app.events.stop();
    const stream = await openStream(nodeB.url, token);
    expect(stream.status).toBe(200);
    await stream.next('ready');
    const view = await create(nodeA, token, 15_000);
    const pay = await fetch(`${nodeA.url}${view.payUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(await pay.text()).toContain('gateway answered 200');
    const event = await stream.next('balance');
    expect(event.data).toMatchObject({ balance: 15_000, currency: 'BRL', kind: 'DEPOSIT' });
    stream.close();
  });
});
