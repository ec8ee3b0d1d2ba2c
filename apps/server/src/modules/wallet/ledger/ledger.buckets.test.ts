import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../database.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import { failure } from '../../../test/auth-fixture.ts';
import { findAccountById } from './ledger.repository.ts';
import {
  ensureMemberWallet,
  HOUSE_BUCKETS,
  houseAccount,
  houseBalance,
  setHouseBuckets,
  transfer,
  type LedgerAccount,
  type TransferResult,
} from './ledger.service.ts';
import type { HouseAccountKind } from './ledger.table.ts';
import {
  expectLedgerConsistent,
  freshKey,
  freshMerchant,
  ledgerDigest,
  newMember,
} from './ledger.testing.ts';
import type { DbOrTrx } from '../../../database.ts';

/** Two different buckets of one house kind (houseAccount picks at random: ask until it differs). */
async function twoBuckets(db: DbOrTrx, merchant: string, kind: HouseAccountKind) {
  const first = await houseAccount(db, merchant, kind, 'BRL');
  for (let i = 0; i < 500; i++) {
    const other = await houseAccount(db, merchant, kind, 'BRL');
    if (other.id !== first.id) return [first, other] as const;
  }
  throw new Error('houseAccount returned one bucket 500 times');
}

const houseRows = (db: DbOrTrx, merchant: string) =>
  db
    .selectFrom('ledger_account')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('member_id', 'is', null)
    .execute();

describe('house accounts in buckets', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  afterEach(() => setHouseBuckets(HOUSE_BUCKETS));
  const db = () => database.db;

  it('spreads calls over at most HOUSE_BUCKETS rows of the one kind', async () => {
    const merchant = freshMerchant();
    const picked = [];
    for (let i = 0; i < 200; i++) picked.push(await houseAccount(db(), merchant, 'VENDOR_CLEARING', 'BRL'));
    const buckets = new Set(picked.map((a) => a.bucket));
    // 200 draws of 16 buckets all on one would be a broken spread (chance 16^-199).
    expect(buckets.size).toBeGreaterThan(1);
    expect([...buckets].every((b) => b >= 0 && b < HOUSE_BUCKETS)).toBe(true);
    const rows = await houseRows(db(), merchant);
    expect(rows.length).toBe(buckets.size);
    expect(rows.every((r) => r.kind === 'VENDOR_CLEARING' && r.currency === 'BRL')).toBe(true);
  });

  it('houseBalance is the sum of the buckets and mirrors what members hold', async () => {
    const merchant = freshMerchant();
    expect(await houseBalance(db(), merchant, 'PAYMENT_CLEARING', 'BRL')).toBe(0);
    const wallet = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
    let total = 0;
    for (let i = 1; i <= 40; i++) {
      const house = await houseAccount(db(), merchant, 'PAYMENT_CLEARING', 'BRL');
      await transfer(db(), {
        idempotencyKey: freshKey('dep'),
        debitAccountId: house.id,
        creditAccountId: wallet.id,
        amount: i * 100,
        kind: 'DEPOSIT',
      });
      total += i * 100;
    }
    const rows = await houseRows(db(), merchant);
    expect(rows.length).toBeGreaterThan(1);
    expect(await houseBalance(db(), merchant, 'PAYMENT_CLEARING', 'BRL')).toBe(-total);
    expect(rows.reduce((sum, r) => sum + r.balance, 0)).toBe(-total);
    // Other kinds and currencies are not summed in.
    expect(await houseBalance(db(), merchant, 'ADJUSTMENTS', 'BRL')).toBe(0);
    expect(await houseBalance(db(), merchant, 'PAYMENT_CLEARING', 'USD')).toBe(0);
    expect((await findAccountById(db(), wallet.id))!.balance).toBe(total);
    await expectLedgerConsistent(db());
  });

  it('a retry naming another bucket of the same house kind is a replay; any other side conflicts', async () => {
    const merchant = freshMerchant();
    const [b1, b2] = await twoBuckets(db(), merchant, 'PAYMENT_CLEARING');
    const wallet = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
    const key = freshKey('dep');
    const req = (house: LedgerAccount, amount = 500) => ({
      idempotencyKey: key,
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount,
      kind: 'DEPOSIT' as const,
      reference: 'charge:1',
    });
    const first = await transfer(db(), req(b1));
    expect(first.replayed).toBe(false);
    const before = await ledgerDigest(db());
    const again = await transfer(db(), req(b2));
    expect(again).toMatchObject({ id: first.id, replayed: true, debitAccountId: b1.id });
    expect(await ledgerDigest(db())).toBe(before);

    // Member side the other way round (a payout debits the member): same rule on the credit side.
    const out = freshKey('out');
    const payout = (house: LedgerAccount) =>
      transfer(db(), {
        idempotencyKey: out,
        debitAccountId: wallet.id,
        creditAccountId: house.id,
        amount: 200,
        kind: 'WITHDRAWAL_PAYOUT',
      });
    const paid = await payout(b2);
    expect((await payout(b1)).replayed).toBe(true);
    expect((await payout(b1)).id).toBe(paid.id);

    // Another kind, another merchant, another amount, another member: idempotency_conflict.
    const otherKind = await houseAccount(db(), merchant, 'ADJUSTMENTS', 'BRL');
    const otherMerchant = await houseAccount(db(), freshMerchant(), 'PAYMENT_CLEARING', 'BRL');
    const otherWallet = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
    const afterPayout = await ledgerDigest(db());
    for (const attempt of [
      req(otherKind),
      req(otherMerchant),
      req(b2, 501),
      { ...req(b2), creditAccountId: otherWallet.id },
      { ...req(b2), kind: 'ADJUSTMENT' as const },
    ]) {
      expect(await failure(transfer(db(), attempt))).toMatchObject({ code: 'idempotency_conflict' });
    }
    expect(await ledgerDigest(db())).toBe(afterPayout);
    await expectLedgerConsistent(db());
  });

  it('one bucket when configured so (the benchmark baseline), and refuses a count out of range', async () => {
    setHouseBuckets(1);
    const merchant = freshMerchant();
    const ids = new Set<number>();
    for (let i = 0; i < 20; i++) ids.add((await houseAccount(db(), merchant, 'PROMOTIONS', 'BRL')).id);
    expect(ids.size).toBe(1);
    expect(() => setHouseBuckets(0)).toThrow();
    expect(() => setHouseBuckets(HOUSE_BUCKETS + 1)).toThrow();
    expect(() => setHouseBuckets(1.5)).toThrow();
  });

  it('the schema keeps buckets to house accounts and cash kinds out of play money', async () => {
    const merchant = freshMerchant();
    const member = await newMember(db(), merchant);
    await expect(
      db()
        .insertInto('ledger_account')
        .values({ merchant_code: merchant, member_id: member, kind: 'MEMBER', currency: 'BRL', bucket: 3 })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      db()
        .insertInto('ledger_account')
        .values({
          merchant_code: merchant,
          member_id: null,
          kind: 'ADJUSTMENTS',
          currency: 'BRL',
          bucket: 256,
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(houseAccount(db(), merchant, 'VENDOR_CLEARING', 'XPL')).rejects.toMatchObject({
      code: '23514',
    });
    await expect(
      db()
        .insertInto('ledger_account')
        .values({ merchant_code: merchant, member_id: null, kind: 'HOUSE_CASH' as never, currency: 'BRL' })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('holds the identity rules on an update as on an insert, naming the rule, and lets balances move', async () => {
    // The identity rules are a trigger on the identity columns, not CHECKs (migration
    // 202611281100-ledger-account-identity-checks): an update that sets one is checked like an insert.
    const merchant = freshMerchant();
    const wallet = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
    const house = await houseAccount(db(), merchant, 'ADJUSTMENTS', 'BRL');
    const update = (id: number, set: Record<string, unknown>) =>
      db().updateTable('ledger_account').set(set).where('id', '=', id).execute();
    const before = await ledgerDigest(db());
    for (const [id, set, rule] of [
      [house.id, { kind: 'HOUSE_PLAY' }, 'ledger_account_play_money'],
      [house.id, { currency: 'XPL' }, 'ledger_account_cash'],
      [house.id, { kind: 'NOT_A_KIND' }, 'ledger_account_kind_check'],
      [house.id, { bucket: 300 }, 'ledger_account_bucket'],
      [house.id, { wallet: 'BV01' }, 'ledger_account_wallet'],
      [wallet.id, { member_id: null }, 'ledger_account_owner'],
      [wallet.id, { currency: 'brl' }, 'ledger_account_currency_check'],
      [wallet.id, { bucket: 1 }, 'ledger_account_bucket'],
    ] as const) {
      await expect(update(id, set), rule).rejects.toMatchObject({ code: '23514', constraint: rule });
    }
    expect(await ledgerDigest(db())).toBe(before);
    // The balance rule is still a CHECK: a member wallet never goes below zero, a house account may.
    await expect(update(wallet.id, { balance: -1 })).rejects.toMatchObject({
      code: '23514',
      constraint: 'ledger_account_member_not_negative',
    });
    await update(house.id, { balance: house.balance - 1 });
    expect((await findAccountById(db(), house.id))?.balance).toBe(house.balance - 1);
    await update(house.id, { balance: house.balance });
    // An identity column set to what it holds passes, as the CHECK did.
    await update(wallet.id, { kind: 'MEMBER', wallet: wallet.wallet });
  });
});

/** Real concurrency: only a PostgreSQL server runs the transactions side by side. */
describe.runIf(TEST_DATABASE_URL)('house buckets under concurrency (PostgreSQL)', () => {
  const PARALLEL = 24;
  let database: TestDatabase;
  let wide: DatabaseHandle<Database>;
  beforeAll(async () => {
    database = await createTestDatabase();
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

  it('parallel deposits and payouts over many members and buckets: no deadlock, sums hold', async () => {
    const merchant = freshMerchant();
    const wallets = await Promise.all(
      Array.from({ length: 12 }, async () =>
        ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL'),
      ),
    );
    const deposit = (w: LedgerAccount, amount: number) => async () =>
      transfer(db(), {
        idempotencyKey: freshKey('dep'),
        debitAccountId: (await houseAccount(db(), merchant, 'PAYMENT_CLEARING', 'BRL')).id,
        creditAccountId: w.id,
        amount,
        kind: 'DEPOSIT',
      });
    const bet = (w: LedgerAccount, amount: number) => async () =>
      transfer(db(), {
        idempotencyKey: freshKey('bet'),
        debitAccountId: w.id,
        creditAccountId: (await houseAccount(db(), merchant, 'VENDOR_CLEARING', 'BRL')).id,
        amount,
        kind: 'WALLET_TRANSFER',
      });
    const jobs = wallets.flatMap((w, i) => [
      ...Array.from({ length: 10 }, (_, j) => deposit(w, 1_000 + i + j)),
      ...Array.from({ length: 10 }, (_, j) => bet(w, 300 + j)),
    ]);
    const results = await Promise.allSettled(jobs.map((job) => job()));
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason as { code?: string });
    // Bets may run before the deposits that cover them: insufficient_funds, never anything else.
    expect(refused.every((e) => e.code === 'insufficient_funds')).toBe(true);
    const members = await Promise.all(wallets.map(async (w) => (await findAccountById(db(), w.id))!.balance));
    const membersTotal = members.reduce((a, b) => a + b, 0);
    const clearing = await houseBalance(db(), merchant, 'PAYMENT_CLEARING', 'BRL');
    const vendor = await houseBalance(db(), merchant, 'VENDOR_CLEARING', 'BRL');
    expect(clearing + vendor + membersTotal).toBe(0);
    expect(clearing).toBe(-wallets.reduce((sum, _w, i) => sum + 10 * (1_000 + i) + 45, 0));
    await expectLedgerConsistent(db());
  });

  it('one key sent in parallel, each naming a random bucket: one transfer, every other a replay', async () => {
    const merchant = freshMerchant();
    const wallet = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
    const key = freshKey('webhook');
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, async () =>
        transfer(db(), {
          idempotencyKey: key,
          debitAccountId: (await houseAccount(db(), merchant, 'PAYMENT_CLEARING', 'BRL')).id,
          creditAccountId: wallet.id,
          amount: 777,
          kind: 'DEPOSIT',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const values = results.map((r) => (r as PromiseFulfilledResult<TransferResult>).value);
    expect(new Set(values.map((v) => v.id)).size).toBe(1);
    expect(values.filter((v) => !v.replayed)).toHaveLength(1);
    expect((await findAccountById(db(), wallet.id))!.balance).toBe(777);
    expect(await houseBalance(db(), merchant, 'PAYMENT_CLEARING', 'BRL')).toBe(-777);
    await expectLedgerConsistent(db());
  });
});
