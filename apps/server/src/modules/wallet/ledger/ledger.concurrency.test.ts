import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../database.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import { findAccountById } from './ledger.repository.ts';
import {
  ensureMemberWallet,
  houseAccount,
  transfer,
  type LedgerAccount,
  type TransferRequest,
  type TransferResult,
} from './ledger.service.ts';
import { expectLedgerConsistent, freshKey, freshMerchant, newMember } from './ledger.testing.ts';

/**
 * The ledger under real concurrency: only a PostgreSQL server runs transactions side by side (PGlite
 * has one session and queues them). Each call below runs in its own transaction on its own pooled
 * connection.
 */
describe.runIf(TEST_DATABASE_URL)('ledger under concurrency (PostgreSQL)', () => {
  const PARALLEL = 25;
  let database: TestDatabase;
  let wide: DatabaseHandle<Database>;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Same schema, a pool wide enough that the calls really run at once.
    wide = await openDatabase<Database>({
      kind: 'postgres',
      url: TEST_DATABASE_URL!,
      schema: database.schema,
      max: PARALLEL,
    });
  });
  afterAll(async () => {
    await wide?.close();
    await database?.close();
  });
  const db = () => wide.db;
  const balanceOf = async (a: LedgerAccount) => (await findAccountById(db(), a.id))!.balance;

  async function world() {
    const merchant = freshMerchant();
    const house = await houseAccount(db(), merchant, 'ADJUSTMENTS', 'BRL');
    const wallet = async () => ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
    return { merchant, house, a: await wallet(), b: await wallet() };
  }
  const req = (
    from: LedgerAccount,
    to: LedgerAccount,
    amount: number,
    key = freshKey(),
  ): TransferRequest => ({
    idempotencyKey: key,
    debitAccountId: from.id,
    creditAccountId: to.id,
    amount,
    kind: 'ADJUSTMENT',
  });
  const settle = (requests: TransferRequest[]) => Promise.allSettled(requests.map((r) => transfer(db(), r)));
  const codes = (results: PromiseSettledResult<TransferResult>[]) =>
    results.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code);

  it('50 parallel debits of one wallet: only what the balance covers succeeds, never below zero', async () => {
    const { house, a } = await world();
    await transfer(db(), req(house, a, 10_000));
    const results = await settle(Array.from({ length: 50 }, () => req(a, house, 700)));
    const moved = results.filter((r) => r.status === 'fulfilled');
    // 10,000 covers 14 debits of 700; the 15th would take the wallet below zero.
    expect(moved.length).toBe(14);
    expect(new Set(codes(results))).toEqual(new Set(['insufficient_funds']));
    expect(await balanceOf(a)).toBe(10_000 - 14 * 700);
    expect(await balanceOf(house)).toBe(-(10_000 - 14 * 700));
    const debits = await db()
      .selectFrom('ledger_transfer')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
      .where('debit_account_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(Number(debits.n)).toBe(14);
    expect(Number(debits.total)).toBe(14 * 700);
    await expectLedgerConsistent(db());
  });

  it('transfers both ways between two wallets at once finish without deadlock', async () => {
    const { house, a, b } = await world();
    await transfer(db(), req(house, a, 50_000));
    await transfer(db(), req(house, b, 50_000));
    const amounts = Array.from({ length: 40 }, (_, i) => 100 + ((i * 37) % 500));
    const results = await settle(amounts.flatMap((n) => [req(a, b, n), req(b, a, n + 1)]));
    // Locks are taken in ascending id order, so opposite transfers never wait on each other in a cycle.
    expect(codes(results)).toEqual([]);
    // Each pair gives a one unit more than it takes from it.
    const net = amounts.length;
    expect(await balanceOf(a)).toBe(50_000 + net);
    expect(await balanceOf(b)).toBe(50_000 - net);
    await expectLedgerConsistent(db());
  });

  it('the same key sent in parallel moves money once; the others get the first transfer back', async () => {
    const { house, a } = await world();
    const key = freshKey('retry');
    const results = await settle(Array.from({ length: PARALLEL }, () => req(house, a, 900, key)));
    expect(codes(results)).toEqual([]);
    const values = results.map((r) => (r as PromiseFulfilledResult<TransferResult>).value);
    expect(new Set(values.map((v) => v.id)).size).toBe(1);
    expect(values.filter((v) => !v.replayed)).toHaveLength(1);
    expect(await balanceOf(a)).toBe(900);
    const rows = await db()
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('idempotency_key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);

    // Retries of a debit the balance covers once: replays, not insufficient_funds, although the
    // balance is spent by the time they get the lock.
    const spend = freshKey('spend');
    const spent = await settle(Array.from({ length: PARALLEL }, () => req(a, house, 900, spend)));
    expect(codes(spent)).toEqual([]);
    const spentValues = spent.map((r) => (r as PromiseFulfilledResult<TransferResult>).value);
    expect(new Set(spentValues.map((v) => v.id)).size).toBe(1);
    expect(spentValues.filter((v) => !v.replayed)).toHaveLength(1);
    expect(await balanceOf(a)).toBe(0);

    // The same key with different amounts at once: one wins, every other is a conflict.
    const key2 = freshKey('race');
    const mixed = await settle(Array.from({ length: PARALLEL }, (_, i) => req(house, a, 1 + i, key2)));
    expect(mixed.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(codes(mixed))).toEqual(new Set(['idempotency_conflict']));
    await expectLedgerConsistent(db());
  });

  it('the same key on different accounts at once: one transfer, the rest conflict', async () => {
    const { merchant, house } = await world();
    const wallets = await Promise.all(
      Array.from({ length: 10 }, async () =>
        ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL'),
      ),
    );
    const key = freshKey('cross');
    const results = await settle(wallets.map((w) => req(house, w, 500, key)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(codes(results))).toEqual(new Set(['idempotency_conflict']));
    expect((await Promise.all(wallets.map(balanceOf))).sort((x, y) => y - x)).toEqual([
      500,
      ...Array<number>(9).fill(0),
    ]);
    await expectLedgerConsistent(db());
  });

  it('creates one wallet and one house account however many connections race for them', async () => {
    const merchant = freshMerchant();
    const member = await newMember(db(), merchant);
    const [wallets, houses] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => ensureMemberWallet(db(), member, merchant, 'XPL'))),
      Promise.all(Array.from({ length: 12 }, () => houseAccount(db(), merchant, 'HOUSE_PLAY', 'XPL'))),
    ]);
    expect(new Set(wallets.map((w) => w.id)).size).toBe(1);
    // One row per bucket: every caller landing on a bucket got the same row.
    const byBucket = new Map<number, Set<number>>();
    for (const h of houses) byBucket.set(h.bucket, (byBucket.get(h.bucket) ?? new Set()).add(h.id));
    for (const ids of byBucket.values()) expect(ids.size).toBe(1);
  });
});
