import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionOf } from '../../../platform/events/event-catalogue.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import type { Database } from '../../../database.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import { failure } from '../../../test/auth-fixture.ts';
import { findAccountById } from './ledger.repository.ts';
import {
  ensureMemberWallet,
  findMemberWalletIds,
  houseAccount,
  transfer,
  type LedgerAccount,
  type TransferRequest,
} from './ledger.service.ts';
import {
  expectLedgerConsistent,
  freshKey,
  freshMerchant,
  ledgerDigest,
  newMember,
} from './ledger.testing.ts';
import { walletBalanceChanged } from '../wallet.events.ts';

/**
 * What the one-statement transfer (ledger_apply_transfer, migration 202611241000) must do besides the
 * rules ledger.service.test.ts checks: record the events recordEvent would, refuse without aborting a
 * caller's transaction, and the cached wallet ids of the money path.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
const db = () => database.db;

async function world() {
  const merchant = freshMerchant();
  const house = await houseAccount(db(), merchant, 'ADJUSTMENTS', 'BRL');
  const a = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
  const b = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
  return { merchant, house, a, b };
}

const req = (from: LedgerAccount, to: LedgerAccount, amount: number, key = freshKey()): TransferRequest => ({
  idempotencyKey: key,
  debitAccountId: from.id,
  creditAccountId: to.id,
  amount,
  kind: 'ADJUSTMENT',
});

const eventsOf = async (transferId: number) =>
  (
    await db()
      .selectFrom('domain_event')
      .select(['partition', 'key', 'name', 'payload'])
      .where(sql<boolean>`(payload->>'transferId')::bigint = ${transferId}`)
      .orderBy('id')
      .execute()
  ).map((e) => ({ ...e, payload: e.payload as Record<string, unknown> }));

describe('events recorded by the transfer statement', () => {
  it('the SQL partition of a key is partitionOf(key), for any string', async () => {
    await fc.assert(
      fc.asyncProperty(
        // No NUL: PostgreSQL text cannot hold it. 'binary' units include characters beyond the BMP
        // (two UTF-16 code units in JavaScript).
        fc.array(
          fc.string({ unit: 'binary', maxLength: 24 }).map((s) => s.replaceAll('\0', '')),
          {
            minLength: 1,
            maxLength: 50,
          },
        ),
        async (keys) => {
          const { rows } = await sql<{ p: number }>`
            select domain_event_partition(k) as p from unnest(${keys}::text[]) with ordinality as u(k, n)
            order by n`.execute(db());
          expect(rows.map((r) => r.p)).toEqual(keys.map(partitionOf));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('one wallet.balance-changed per member wallet, in ascending account order, as recordEvent writes it', async () => {
    const { house, a, b } = await world();
    const credit = await transfer(db(), req(house, a, 5000));
    expect(await eventsOf(credit.id)).toEqual([
      {
        partition: partitionOf(String(a.member_id)),
        key: String(a.member_id),
        name: walletBalanceChanged.name,
        payload: {
          memberId: a.member_id,
          currency: 'BRL',
          wallet: 'MAIN',
          balance: 5000,
          kind: 'ADJUSTMENT',
          transferId: credit.id,
        },
      },
    ]);

    // Member to member, the debit on the higher id: events still in ascending account id order.
    const [low, high] = a.id < b.id ? [a, b] : [b, a];
    const move = await transfer(db(), req(a, b, 1200));
    const balanceAfter = (w: LedgerAccount) => (w === a ? 3800 : 1200);
    expect(await eventsOf(move.id)).toEqual(
      [low, high].map((w) => ({
        partition: partitionOf(String(w.member_id)),
        key: String(w.member_id),
        name: walletBalanceChanged.name,
        payload: {
          memberId: w.member_id,
          currency: 'BRL',
          wallet: 'MAIN',
          balance: balanceAfter(w),
          kind: 'ADJUSTMENT',
          transferId: move.id,
        },
      })),
    );

    // A replay moves nothing and records nothing.
    const again = await transfer(db(), req(a, b, 1200, move.idempotencyKey));
    expect(again).toMatchObject({ id: move.id, replayed: true });
    expect(await eventsOf(move.id)).toHaveLength(2);
    await expectLedgerConsistent(db());
  });
});

describe("refusals inside a caller's transaction", () => {
  it('every refusal code leaves the transaction usable and writes nothing', async () => {
    const { merchant, house, a, b } = await world();
    await transfer(db(), req(house, a, 50));
    const play = await ensureMemberWallet(db(), b.member_id!, merchant, 'XPL');
    const taken = await transfer(db(), req(house, a, 50));
    const before = await ledgerDigest(db());
    const events = await db().selectFrom('domain_event').select('id').execute();

    const codes = await db()
      .transaction()
      .execute(async (trx) => {
        const out = [];
        out.push((await failure(transfer(trx, req(a, b, 101)))).code);
        // The debit's row after the credit's (ids ascending): the credit moved first, then undone.
        expect(b.id).toBeGreaterThan(a.id);
        out.push((await failure(transfer(trx, req(b, a, 1)))).code);
        out.push((await failure(transfer(trx, req(a, { ...b, id: 2 ** 40 }, 1)))).code);
        out.push((await failure(transfer(trx, req(a, play, 1)))).code);
        out.push((await failure(transfer(trx, req(a, b, 7, taken.idempotencyKey)))).code);
        // Still usable: a transfer after the refusals commits with the transaction.
        await transfer(trx, req(a, b, 100));
        return out;
      });
    expect(codes).toEqual([
      'insufficient_funds',
      'insufficient_funds',
      'ledger_account_not_found',
      'currency_mismatch',
      'idempotency_conflict',
    ]);
    expect((await findAccountById(db(), a.id))!.balance).toBe(0);
    expect((await findAccountById(db(), b.id))!.balance).toBe(100);
    expect(await ledgerDigest(db())).not.toBe(before);
    // Only the last transfer's two events were added.
    const after = await db().selectFrom('domain_event').select('id').execute();
    expect(after.length - events.length).toBe(2);
    await expectLedgerConsistent(db());
  });
});

describe('findMemberWalletIds', () => {
  it('answers the ids in the order asked, undefined for a wallet not created yet', async () => {
    const { merchant, a } = await world();
    const vendor = await ensureMemberWallet(db(), a.member_id!, merchant, 'BRL', 'SANDBOX');
    expect(await findMemberWalletIds(db(), a.member_id!, 'BRL', ['SANDBOX', 'MAIN', 'BANCA'])).toEqual([
      vendor.id,
      a.id,
      undefined,
    ]);
    // Created later: found then (a missing id is never cached as missing).
    const banca = await ensureMemberWallet(db(), a.member_id!, merchant, 'BRL', 'BANCA');
    expect(await findMemberWalletIds(db(), a.member_id!, 'BRL', ['BANCA', 'MAIN'])).toEqual([banca.id, a.id]);
  });

  it('does not keep an id read inside a transaction that rolls back', async () => {
    const merchant = freshMerchant();
    const memberId = await newMember(db(), merchant);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const w = await ensureMemberWallet(trx, memberId, merchant, 'BRL');
          expect(await findMemberWalletIds(trx, memberId, 'BRL', ['MAIN'])).toEqual([w.id]);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await findMemberWalletIds(db(), memberId, 'BRL', ['MAIN'])).toEqual([undefined]);
  });
});

describe.runIf(TEST_DATABASE_URL)('the transfer statement under concurrency (PostgreSQL)', () => {
  const PARALLEL = 24;
  let wide: DatabaseHandle<Database>;
  beforeAll(async () => {
    wide = await openDatabase<Database>({
      kind: 'postgres',
      url: TEST_DATABASE_URL!,
      schema: database.schema,
      max: PARALLEL,
    });
  });
  afterAll(() => wide?.close());

  it("parallel debits inside callers' transactions never overdraw; each refusal's caller commits its other transfer", async () => {
    const { house, a, b } = await world();
    await transfer(db(), req(house, a, 1000));
    // Each caller: one debit of 100 from a (only 10 fit), then a house credit of 1 to b in the same
    // transaction, which must commit whether the debit was refused or not.
    const results = await Promise.all(
      Array.from({ length: PARALLEL * 2 }, () =>
        wide.db.transaction().execute(async (trx) => {
          const debit = await transfer(trx, req(a, b, 100)).then(
            () => 'moved',
            (e: { code?: string }) => e.code,
          );
          await transfer(trx, req(house, b, 1));
          return debit;
        }),
      ),
    );
    expect(results.filter((r) => r === 'moved')).toHaveLength(10);
    expect(results.filter((r) => r !== 'moved').every((r) => r === 'insufficient_funds')).toBe(true);
    expect((await findAccountById(db(), a.id))!.balance).toBe(0);
    expect((await findAccountById(db(), b.id))!.balance).toBe(1000 + PARALLEL * 2);
    await expectLedgerConsistent(db());
  });
});
