import { FREE_PLAY_BALANCE, MEMBER_TYPE, PLAY_MONEY_CURRENCY } from '@banca/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { failure } from '../../../test/auth-fixture.ts';
import { findAccountById, findMemberAccount } from './ledger.repository.ts';
import {
  ensureMemberWallet,
  freePlayGrantKey,
  grantFreePlayMoney,
  houseAccount,
  houseBalance,
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

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
const db = () => database.db;

const balanceOf = async (account: LedgerAccount) => (await findAccountById(db(), account.id))!.balance;

/** A merchant with its cash house account and two members' BRL wallets. */
async function world() {
  const merchant = freshMerchant();
  const house = await houseAccount(db(), merchant, 'ADJUSTMENTS', 'BRL');
  const a = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
  const b = await ensureMemberWallet(db(), await newMember(db(), merchant), merchant, 'BRL');
  const move = (
    from: LedgerAccount,
    to: LedgerAccount,
    amount: number,
    extra: Partial<TransferRequest> = {},
  ) =>
    transfer(db(), {
      idempotencyKey: freshKey(),
      debitAccountId: from.id,
      creditAccountId: to.id,
      amount,
      kind: 'ADJUSTMENT',
      ...extra,
    });
  return { merchant, house, a, b, move };
}

describe('transfer', () => {
  it('moves money from the debit to the credit account and returns the transfer', async () => {
    const { house, a, b, move } = await world();
    await move(house, a, 5000);
    const result = await move(a, b, 1200, { idempotencyKey: 'bet:42', reference: 'round 7' });
    expect(result).toMatchObject({
      idempotencyKey: 'bet:42',
      debitAccountId: a.id,
      creditAccountId: b.id,
      amount: 1200,
      currency: 'BRL',
      kind: 'ADJUSTMENT',
      reference: 'round 7',
      replayed: false,
    });
    expect(result.createdAt).toBeInstanceOf(Date);
    expect([await balanceOf(house), await balanceOf(a), await balanceOf(b)]).toEqual([-5000, 3800, 1200]);
    await expectLedgerConsistent(db());
  });

  it('answers a retry with the same key with the first transfer, marked replayed, and moves nothing', async () => {
    const { house, a, move } = await world();
    const key = freshKey('deposit');
    const first = await move(house, a, 700, { idempotencyKey: key });
    const before = await ledgerDigest(db());
    const again = await move(house, a, 700, { idempotencyKey: key });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await ledgerDigest(db())).toBe(before);
    expect(await balanceOf(a)).toBe(700);
  });

  it('refuses the same key with other parameters as idempotency_conflict, moving nothing', async () => {
    const { house, a, b, move } = await world();
    const key = freshKey();
    await move(house, a, 700, { idempotencyKey: key, reference: 'r1' });
    const before = await ledgerDigest(db());
    for (const changed of [
      { amount: 701 },
      { creditAccountId: b.id },
      { kind: 'PLAY_MONEY_GRANT' as const },
      { reference: 'r2' },
      { reference: null },
    ]) {
      const fail = await failure(move(house, a, 700, { idempotencyKey: key, reference: 'r1', ...changed }));
      expect(fail).toEqual({ code: 'idempotency_conflict', status: 409, value: null });
    }
    expect(await ledgerDigest(db())).toBe(before);
  });

  it('refuses a member debit beyond the balance and writes nothing; the key stays free', async () => {
    const { house, a, b, move } = await world();
    await move(house, a, 100);
    const before = await ledgerDigest(db());
    const key = freshKey();
    expect(await failure(move(a, b, 101, { idempotencyKey: key }))).toMatchObject({
      code: 'insufficient_funds',
      status: 409,
    });
    expect(await ledgerDigest(db())).toBe(before);
    // Nothing was stored under the key: once funded, the same request goes through.
    await move(house, a, 1);
    expect((await move(a, b, 101, { idempotencyKey: key })).replayed).toBe(false);
    expect(await balanceOf(a)).toBe(0);
    await expectLedgerConsistent(db());
  });

  it("writes nothing on a refusal inside the caller's transaction, which may go on", async () => {
    const { house, a, b } = await world();
    const before = await ledgerDigest(db());
    const req = (amount: number, from = a, to = b): TransferRequest => ({
      idempotencyKey: freshKey(),
      debitAccountId: from.id,
      creditAccountId: to.id,
      amount,
      kind: 'ADJUSTMENT',
    });
    await db()
      .transaction()
      .execute(async (trx) => {
        expect((await failure(transfer(trx, req(1)))).code).toBe('insufficient_funds');
        await transfer(trx, req(300, house, a));
      });
    expect([await balanceOf(house), await balanceOf(a), await balanceOf(b)]).toEqual([-300, 300, 0]);

    // And rolls back with the caller.
    const mid = await ledgerDigest(db());
    expect(mid).not.toBe(before);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await transfer(trx, req(300));
          throw new Error('caller gives up');
        }),
    ).rejects.toThrow('caller gives up');
    expect(await ledgerDigest(db())).toBe(mid);
  });

  it('refuses to move money between currencies; play money stays apart from cash', async () => {
    const { merchant, a, move } = await world();
    const play = await ensureMemberWallet(db(), a.member_id!, merchant, PLAY_MONEY_CURRENCY);
    const housePlay = await houseAccount(db(), merchant, 'HOUSE_PLAY', PLAY_MONEY_CURRENCY);
    await move(housePlay, play, 500);
    const before = await ledgerDigest(db());
    expect(await failure(move(play, a, 100))).toMatchObject({ code: 'currency_mismatch', status: 400 });
    expect((await failure(move(housePlay, a, 100))).code).toBe('currency_mismatch');
    expect(await ledgerDigest(db())).toBe(before);
    // The schema holds the line too: no play-money house in cash, no cash house in play money.
    await expect(houseAccount(db(), merchant, 'HOUSE_PLAY', 'BRL')).rejects.toMatchObject({ code: '23514' });
    await expect(houseAccount(db(), merchant, 'PAYMENT_CLEARING', 'XPL')).rejects.toMatchObject({
      code: '23514',
    });
    // ...and a transfer row whose currency is not its accounts' is refused by the foreign keys.
    await expect(
      db()
        .insertInto('ledger_transfer')
        .values({
          idempotency_key: freshKey(),
          debit_account_id: housePlay.id,
          credit_account_id: a.id,
          amount: 1,
          currency: 'BRL',
          kind: 'ADJUSTMENT',
          reference: null,
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('refuses what is not a transfer', async () => {
    const { house, a, move } = await world();
    for (const extra of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { amount: Number.MAX_SAFE_INTEGER + 1 },
      { amount: Number.NaN },
      { idempotencyKey: '' },
      { idempotencyKey: 'k'.repeat(201) },
      { reference: 'r'.repeat(257) },
      { creditAccountId: house.id },
    ]) {
      expect((await failure(move(house, a, 10, extra))).code, JSON.stringify(extra)).toBe('invalid_transfer');
    }
    expect(await failure(move(house, a, 10, { creditAccountId: 999_999_999 }))).toMatchObject({
      code: 'ledger_account_not_found',
      status: 404,
    });
  });

  it('keeps the ledger append-only and member balances non-negative below the service too', async () => {
    const { house, a, move } = await world();
    const t = await move(house, a, 10);
    await expect(sql`update ledger_transfer set amount = 1 where id = ${t.id}`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_transfer where id = ${t.id}`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    await expect(
      sql`update ledger_account set balance = -1 where id = ${a.id}`.execute(db()),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await balanceOf(a)).toBe(10);
  });
});

describe('accounts', () => {
  it('creates a member wallet and each house bucket once, however many callers race', async () => {
    const merchant = freshMerchant();
    const member = await newMember(db(), merchant);
    const wallets = await Promise.all(
      Array.from({ length: 6 }, () => ensureMemberWallet(db(), member, merchant, 'BRL')),
    );
    expect(new Set(wallets.map((w) => w.id)).size).toBe(1);
    expect(wallets[0]).toMatchObject({ kind: 'MEMBER', member_id: member, currency: 'BRL', balance: 0 });
    const houses = await Promise.all(
      Array.from({ length: 40 }, () => houseAccount(db(), merchant, 'ADJUSTMENTS', 'BRL')),
    );
    // One row per bucket: every caller landing on a bucket got the same row.
    const byBucket = new Map<number, Set<number>>();
    for (const h of houses) byBucket.set(h.bucket, (byBucket.get(h.bucket) ?? new Set()).add(h.id));
    for (const ids of byBucket.values()) expect(ids.size).toBe(1);
    expect(houses[0]).toMatchObject({ kind: 'ADJUSTMENTS', member_id: null, merchant_code: merchant });
    // Another currency is another wallet; another merchant another house.
    expect((await ensureMemberWallet(db(), member, merchant, 'XPL')).id).not.toBe(wallets[0]!.id);
    expect((await houseAccount(db(), freshMerchant(), 'ADJUSTMENTS', 'BRL')).id).not.toBe(houses[0]!.id);
  });

  it('grants play money to a trial account once', async () => {
    const merchant = freshMerchant();
    const member = await newMember(db(), merchant, MEMBER_TYPE.TRIAL);
    const first = await grantFreePlayMoney(db(), { memberId: member, merchantCode: merchant });
    expect(first).toMatchObject({
      idempotencyKey: freePlayGrantKey(member),
      amount: FREE_PLAY_BALANCE,
      currency: 'XPL',
      kind: 'PLAY_MONEY_GRANT',
      replayed: false,
    });
    const again = await grantFreePlayMoney(db(), { memberId: member, merchantCode: merchant });
    expect(again).toEqual({ ...first, replayed: true });
    expect((await findMemberAccount(db(), member, 'XPL'))!.balance).toBe(FREE_PLAY_BALANCE);
    expect(await houseBalance(db(), merchant, 'HOUSE_PLAY', 'XPL')).toBe(-FREE_PLAY_BALANCE);
    await expectLedgerConsistent(db());
  });
});

describe('ledger invariants (property)', () => {
  /** The accounts of one run: house cash, house play, three BRL wallets, one XPL wallet. */
  async function accounts() {
    const merchant = freshMerchant();
    const members = [await newMember(db(), merchant), await newMember(db(), merchant)];
    const list = [
      await houseAccount(db(), merchant, 'ADJUSTMENTS', 'BRL'),
      await houseAccount(db(), merchant, 'HOUSE_PLAY', 'XPL'),
      await ensureMemberWallet(db(), members[0]!, merchant, 'BRL'),
      await ensureMemberWallet(db(), members[1]!, merchant, 'BRL'),
      await ensureMemberWallet(db(), members[0]!, merchant, 'XPL'),
      await ensureMemberWallet(db(), members[1]!, merchant, 'XPL'),
    ];
    return { merchant, list };
  }

  const op = fc.record({
    /** Send the previous request again, unchanged (a client retry). */
    retry: fc.boolean(),
    /** A small pool of keys, so some requests reuse a key with other parameters. */
    key: fc.integer({ min: 0, max: 3 }),
    from: fc.integer({ min: 0, max: 5 }),
    to: fc.integer({ min: 0, max: 5 }),
    amount: fc.integer({ min: 1, max: 3000 }),
  });

  it('keeps balances summing to zero, members non-negative and balances equal to their transfers', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40, size: 'medium' }), async (ops) => {
        const { merchant, list } = await accounts();
        const model = new Map<number, number>(list.map((a) => [a.id, 0]));
        const stored = new Map<string, TransferRequest>();
        let previous: TransferRequest | undefined;

        for (const o of ops) {
          const req: TransferRequest =
            o.retry && previous
              ? previous
              : {
                  idempotencyKey: `${merchant}:${o.key}`,
                  debitAccountId: list[o.from]!.id,
                  creditAccountId: list[o.to]!.id,
                  amount: o.amount,
                  kind: 'ADJUSTMENT',
                };
          previous = req;
          const debit = list.find((a) => a.id === req.debitAccountId)!;
          const credit = list.find((a) => a.id === req.creditAccountId)!;
          const first = stored.get(req.idempotencyKey);
          // The service's order of checks: shape, key, currency, funds.
          const expected =
            debit.id === credit.id
              ? 'invalid_transfer'
              : first
                ? first.debitAccountId === req.debitAccountId &&
                  first.creditAccountId === req.creditAccountId &&
                  first.amount === req.amount
                  ? 'replayed'
                  : 'idempotency_conflict'
                : debit.currency !== credit.currency
                  ? 'currency_mismatch'
                  : debit.kind === 'MEMBER' && model.get(debit.id)! < req.amount
                    ? 'insufficient_funds'
                    : 'moved';
          const outcome = await transfer(db(), req).then(
            (r) => (r.replayed ? 'replayed' : 'moved'),
            (err: { code?: string }) => err.code ?? String(err),
          );
          expect(outcome).toBe(expected);
          seen.add(outcome);
          if (outcome === 'moved') {
            stored.set(req.idempotencyKey, req);
            model.set(debit.id, model.get(debit.id)! - req.amount);
            model.set(credit.id, model.get(credit.id)! + req.amount);
          }
        }
        for (const a of list) expect(await balanceOf(a)).toBe(model.get(a.id));
        await expectLedgerConsistent(db());
      }),
      { numRuns: 25 },
    );
    // The runs met every path: moves, retries, key reuse, overdrafts, mixed currencies, bad shapes.
    expect([...seen].sort()).toEqual([
      'currency_mismatch',
      'idempotency_conflict',
      'insufficient_funds',
      'invalid_transfer',
      'moved',
      'replayed',
    ]);
  });
});
