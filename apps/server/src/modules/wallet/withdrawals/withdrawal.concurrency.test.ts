import { randomUUID } from 'node:crypto';
import { AGENT_TYPES } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../database.ts';
import type { OpsAccess } from '../../../ops-access.ts';
import { hashPassword } from '../../../platform/crypto/password.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import { ensureMemberWallet, findMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';
import { expectLedgerConsistent, freshMerchant, newMember } from '../ledger/ledger.testing.ts';
import { transferToMember } from '../transfers/member-transfer.service.ts';
import { SandboxPayoutProvider } from './payout-provider.ts';
import { createWalletSettings } from '../settings/wallet-settings.service.ts';
import { requestWithdrawal } from './member-withdrawal.service.ts';
import { approveWithdrawal, rejectWithdrawal } from './withdrawal-desk.service.ts';
import type { WithdrawDeps } from './withdrawal.deps.ts';

/**
 * Withdrawals and tree transfers under real concurrency (PostgreSQL only: PGlite runs one transaction
 * at a time). 200 requests race on one wallet: none may overdraw it, none may deadlock, and every
 * refusal must be a refusal of the rules (insufficient funds), never a database error.
 */
describe.runIf(TEST_DATABASE_URL)('withdrawals under concurrency (PostgreSQL)', () => {
  const PARALLEL = 40;
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

  const audits: string[] = [];
  const ops: OpsAccess = {
    require: () => async () => {},
    allow: () => async () => {},
    audit: async (_db, entry) => {
      audits.push(`${entry.action}:${entry.subjectId}`);
    },
  };
  const actor = { id: 1, username: 'finance1', role: 'finance' as const };

  async function world() {
    const db = wide.db;
    const merchant = freshMerchant();
    const settings = createWalletSettings(db);
    await settings.update(db, merchant, {
      withdraw: { min: 100, dailyCount: 1000, dailyAmount: 1_000_000_000 },
    });
    const deps: WithdrawDeps = {
      db,
      settings,
      system: { registerSettings: async () => [] },
      clock: () => new Date(),
      merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
      payouts: new SandboxPayoutProvider({ delayMs: 60_000 }),
    };
    const agentId = await newMember(db, merchant, AGENT_TYPES[0]);
    const memberId = await newMember(db, merchant);
    const hash = await hashPassword('135790');
    await db.updateTable('member').set({ parent_id: agentId }).where('id', '=', memberId).execute();
    await db.insertInto('wallet_payment_password').values({ member_id: memberId, hash }).execute();
    await db
      .insertInto('payout_key')
      .values({ member_id: memberId, key_type: 'CPF', key_value: '52998224725', payee_name: 'Maria Souza' })
      .execute();
    const house = await houseAccount(db, merchant, 'ADJUSTMENTS', 'BRL');
    const wallet = await ensureMemberWallet(db, memberId, merchant, 'BRL');
    await transfer(db, {
      idempotencyKey: randomUUID(),
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount: 50_000,
      kind: 'ADJUSTMENT',
    });
    const agent = (
      await db.selectFrom('member').select('account').where('id', '=', agentId).executeTakeFirstOrThrow()
    ).account;
    const auth: RouteAuth = {
      memberId,
      merchantCode: merchant,
      type: 0,
      tokenHash: 'x',
      loginType: 'password',
    };
    return { db, deps, auth, agent, agentId, memberId };
  }

  it('200 parallel withdrawals and upline transfers on one wallet: never below zero, no deadlock', async () => {
    const { db, deps, auth, agent, agentId, memberId } = await world();
    const calls = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? requestWithdrawal(deps, auth, { amount: 700, paymentPassword: '135790', requestId: randomUUID() })
        : transferToMember(deps, auth, {
            target: agent,
            amount: 700,
            paymentPassword: '135790',
            requestId: randomUUID(),
          }),
    );
    const results = await Promise.allSettled(calls);
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const codes = new Set(
      results.flatMap((r) =>
        r.status === 'rejected' ? [(r.reason as { code?: string }).code ?? String(r.reason)] : [],
      ),
    );
    // 50,000 covers 71 moves of 700; every other one is refused by the rules, not by the database.
    expect(ok).toBe(71);
    expect(codes).toEqual(new Set(['insufficient_funds']));
    expect((await findMemberWallet(db, memberId, 'BRL'))!.balance).toBe(50_000 - 71 * 700);
    const withdrawals = await db
      .selectFrom('withdrawal')
      .select(['id', 'amount'])
      .where('member_id', '=', memberId)
      .execute();
    const agentBalance = (await findMemberWallet(db, agentId, 'BRL'))?.balance ?? 0;
    expect(withdrawals.length * 700 + agentBalance).toBe(71 * 700);
    // Each withdrawal row has exactly its hold.
    const holds = await db
      .selectFrom('ledger_transfer')
      .select('idempotency_key')
      .where('kind', '=', 'WITHDRAWAL_HOLD')
      .where(
        'idempotency_key',
        'in',
        withdrawals.map((w) => `withdrawal:hold:${w.id}`),
      )
      .execute();
    expect(holds.length).toBe(withdrawals.length);
    await expectLedgerConsistent(db);
  });

  it('50 parallel approvals and rejections of one withdrawal: exactly one decision, funds moved once', async () => {
    const { db, deps, auth, memberId } = await world();
    const w = await requestWithdrawal(deps, auth, {
      amount: 10_000,
      paymentPassword: '135790',
      requestId: randomUUID(),
    });
    audits.length = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? approveWithdrawal(deps, ops, { id: w.id, merchantCode: auth.merchantCode, actor })
          : rejectWithdrawal(deps, ops, { id: w.id, merchantCode: auth.merchantCode, actor, reason: 'race' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
    const refused = new Set(
      results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [])),
    );
    expect(refused).toEqual(new Set(['withdrawal_state_conflict']));
    expect(audits.length).toBe(1);
    const row = await db
      .selectFrom('withdrawal')
      .selectAll()
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    const balance = (await findMemberWallet(db, memberId, 'BRL'))!.balance;
    expect(balance).toBe(row.status === 'REJECTED' ? 50_000 : 40_000);
    await expectLedgerConsistent(db);
  });

  it('20 parallel wrong payment passwords: exactly 5 are checked, then the lock answers', async () => {
    const { deps, auth } = await world();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        requestWithdrawal(deps, auth, { amount: 700, paymentPassword: '000000', requestId: randomUUID() }),
      ),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code?: string }).code : 'ok'));
    expect(codes.filter((c) => c === 'payment_password_wrong').length).toBe(4);
    expect(codes.filter((c) => c === 'payment_password_locked').length).toBe(16);
  });
});
