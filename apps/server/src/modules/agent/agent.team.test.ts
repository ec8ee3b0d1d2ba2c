/**
 * The agent centre's team reports (issue 24): team betting, downline P&L, downline transactions and
 * the income report, over a small tree (upline U > agent A > member M1, sub-agent S > member M2; a
 * stranger's member X beside it). Bets and money are written as the games and wallet modules write
 * them (bet records, ledger transfers, their domain events for the rollups). BOLA probes: a sibling,
 * the upline, a stranger's member and a missing account answer the same 404 body.
 */
import {
  agentRoutes,
  incomeValueSchema,
  loginValueSchema,
  MEMBER_TYPE,
  teamBetsPageSchema,
  teamPnlPageSchema,
  teamTransactionsPageSchema,
} from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../platform/events/event-catalogue.ts';
import {
  expectFailure,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../test/auth-client.ts';
import { roundSettled } from '../games/index.ts';
import { findMemberById, moveMember } from '../member/index.ts';
import { promoteDownline } from './agent-promote.service.ts';
import { ensureMemberWallet, houseAccount, transfer, walletDepositCredited } from '../wallet/index.ts';

let t: AuthTestServer;
const db = () => t.database.db;

interface Tree {
  token: string;
  u: number;
  a: number;
  m1: number;
  s: number;
  m2: number;
  x: number;
  accounts: Record<'u' | 'a' | 'm1' | 's' | 'm2' | 'x', string>;
}
let tree: Tree;

const call = (
  route: { path: string; method: string },
  token: string,
  query: Record<string, string> = {},
  body?: unknown,
) => {
  const qs = Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '';
  return t.client.call(`${route.path}${qs}`, {
    method: route.method,
    token,
    ...(body !== undefined ? { body } : {}),
  });
};

let seq = 0;
async function bet(memberId: number, stake: number, payout: number, status: 'SETTLED' | 'OPEN' = 'SETTLED') {
  const now = new Date();
  seq += 1;
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('bet_record')
        .values({
          vendor: 'SANDBOX',
          round_id: `team-${seq}`,
          member_id: memberId,
          node_id: 'SANDBOX-slot',
          game_code: 'slot',
          game_type: 'RNG',
          currency: 'BRL',
          stake,
          payout,
          status,
          opened_at: now,
          settled_at: status === 'SETTLED' ? now : null,
          updated_at: now,
        })
        .execute();
      if (status === 'SETTLED')
        await recordEvent(
          trx,
          roundSettled,
          {
            roundId: `SANDBOX:team-${seq}`,
            memberId,
            account: `m${memberId}`,
            nodeId: 'SANDBOX-slot',
            gameType: 'RNG',
            currency: 'BRL',
            stake,
            payout,
            settledAt: now.toISOString(),
          },
          { key: memberId },
        );
    });
}

async function deposit(memberId: number, amount: number) {
  seq += 1;
  await db()
    .transaction()
    .execute(async (trx) => {
      const house = await houseAccount(trx, 'banca', 'PAYMENT_CLEARING', 'BRL');
      const to = await ensureMemberWallet(trx, memberId, 'banca', 'BRL');
      await transfer(trx, {
        idempotencyKey: `team-test-deposit:${seq}`,
        debitAccountId: house.id,
        creditAccountId: to.id,
        amount,
        kind: 'DEPOSIT',
      });
      await recordEvent(
        trx,
        walletDepositCredited,
        {
          memberId,
          amount,
          currency: 'BRL',
          depositId: 900_000 + seq,
          first: false,
          at: new Date().toISOString(),
        },
        { key: memberId },
      );
    });
}

async function memberTransfer(from: number, to: number, amount: number) {
  seq += 1;
  await db()
    .transaction()
    .execute(async (trx) => {
      const a = await ensureMemberWallet(trx, from, 'banca', 'BRL');
      const b = await ensureMemberWallet(trx, to, 'banca', 'BRL');
      await transfer(trx, {
        idempotencyKey: `team-test-transfer:${seq}`,
        debitAccountId: a.id,
        creditAccountId: b.id,
        amount,
        kind: 'MEMBER_TRANSFER',
      });
    });
}

beforeAll(async () => {
  t = await startAuthTestServer();
  const ip = freshIp();
  const names = {
    u: freshUsername('tu'),
    a: freshUsername('ta'),
    m1: freshUsername('tm'),
    s: freshUsername('ts'),
    m2: freshUsername('tm'),
    x: freshUsername('tx'),
  };
  const [u, a, m1, s, m2, x] = await insertAccounts(db(), [
    { account: names.u, type: MEMBER_TYPE.AGENT },
    { account: names.a, type: MEMBER_TYPE.AGENT, knownIps: [ip] },
    { account: names.m1, type: MEMBER_TYPE.MEMBER },
    { account: names.s, type: MEMBER_TYPE.AGENT },
    { account: names.m2, type: MEMBER_TYPE.MEMBER },
    { account: names.x, type: MEMBER_TYPE.MEMBER },
  ]);
  await moveMember(db(), a!, u!);
  await moveMember(db(), m1!, a!);
  await moveMember(db(), s!, a!);
  await moveMember(db(), m2!, s!);
  await moveMember(db(), x!, u!);
  const res = await t.client.login(names.a, FAST_PASSWORD, {}, { ip });
  tree = {
    token: loginValueSchema.parse(res.body.value).token,
    ...{ u: u!, a: a!, m1: m1!, s: s!, m2: m2!, x: x! },
    accounts: names,
  };
  await deposit(tree.m1, 50_000);
  await deposit(tree.m2, 20_000);
  await deposit(tree.x, 99_000);
  await deposit(tree.u, 100_000);
  await bet(tree.m1, 1_000, 0);
  await bet(tree.m1, 2_000, 5_000);
  await bet(tree.m2, 3_000, 1_000);
  await bet(tree.m2, 500, 0, 'OPEN');
  await bet(tree.x, 7_000, 0);
  await memberTransfer(tree.u, tree.a, 12_345);
  await memberTransfer(tree.m1, tree.a, 1_000);
  await memberTransfer(tree.x, tree.a, 777);
  await t.server.app.events.drain();
}, 120_000);
afterAll(() => t?.close());

describe('GET /wps/agent/team/bets', () => {
  it("lists the whole team's rounds with totals, never a stranger's", async () => {
    const page = teamBetsPageSchema.parse((await call(agentRoutes.teamBets, tree.token)).body.value);
    expect(page.items.map((i) => i.account).sort()).toEqual(
      [tree.accounts.m1, tree.accounts.m1, tree.accounts.m2, tree.accounts.m2].sort(),
    );
    expect(page.totals).toEqual({ count: 4, stake: 6_500, payout: 6_000, profit: -500, validBet: 6_000 });
  });

  it('narrows to one member, by status, and pages by keyset', async () => {
    const one = teamBetsPageSchema.parse(
      (await call(agentRoutes.teamBets, tree.token, { account: tree.accounts.m2, status: 'SETTLED' })).body
        .value,
    );
    expect(one.items.map((i) => [i.account, i.stake])).toEqual([[tree.accounts.m2, 3_000]]);
    const first = teamBetsPageSchema.parse(
      (await call(agentRoutes.teamBets, tree.token, { limit: '3' })).body.value,
    );
    expect(first.items).toHaveLength(3);
    const second = teamBetsPageSchema.parse(
      (await call(agentRoutes.teamBets, tree.token, { limit: '3', cursor: first.nextCursor! })).body.value,
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(4);
  });
});

describe('GET /wps/agent/team/pnl', () => {
  it('rolls each direct downline up with its own team, and totals the whole team', async () => {
    const page = teamPnlPageSchema.parse(
      (await call(agentRoutes.teamPnl, tree.token, { period: 'M' })).body.value,
    );
    const byAccount = new Map(page.items.map((r) => [r.account, r]));
    expect(byAccount.get(tree.accounts.m1)).toMatchObject({
      members: 1,
      depositAmount: 50_000,
      validBet: 3_000,
      profit: 2_000,
      isAgent: false,
    });
    expect(byAccount.get(tree.accounts.s)).toMatchObject({
      members: 2,
      depositAmount: 20_000,
      validBet: 3_000,
      profit: -2_000,
      isAgent: true,
    });
    expect(page.items).toHaveLength(2);
    expect(page.totals).toMatchObject({ members: 3, depositAmount: 70_000, validBet: 6_000, profit: 0 });
  });
});

describe('GET /wps/agent/team/transactions', () => {
  it("lists the team's deposits and transfers, by type and member, never a stranger's", async () => {
    const all = teamTransactionsPageSchema.parse(
      (await call(agentRoutes.teamTransactions, tree.token)).body.value,
    );
    expect(all.items.map((i) => [i.account, i.type, i.amount]).sort()).toEqual(
      [
        [tree.accounts.m1, 'DEPOSIT', 50_000],
        [tree.accounts.m2, 'DEPOSIT', 20_000],
        [tree.accounts.m1, 'TRANSFER', -1_000],
      ].sort(),
    );
    const deposits = teamTransactionsPageSchema.parse(
      (await call(agentRoutes.teamTransactions, tree.token, { type: 'DEPOSIT', account: tree.accounts.m2 }))
        .body.value,
    );
    expect(deposits.items.map((i) => i.amount)).toEqual([20_000]);
    const first = teamTransactionsPageSchema.parse(
      (await call(agentRoutes.teamTransactions, tree.token, { limit: '2' })).body.value,
    );
    const rest = teamTransactionsPageSchema.parse(
      (await call(agentRoutes.teamTransactions, tree.token, { limit: '2', cursor: first.nextCursor! })).body
        .value,
    );
    expect([...first.items, ...rest.items].map((i) => i.id)).toEqual(all.items.map((i) => i.id));
  });
});

describe('GET /wps/agent/income', () => {
  it('sums transfers from the upline and from the own tree by day; a stranger counts nowhere', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const value = incomeValueSchema.parse(
      (await call(agentRoutes.income, tree.token, { period: 'day', from, to: tomorrow })).body.value,
    );
    expect(value.totals).toEqual({
      total: 13_345,
      sources: {
        UPLINE_TRANSFER: 12_345,
        DOWNLINE_TRANSFER: 1_000,
        CONTRACT: 0,
        DEBT_REPAID: 0,
        DEBT_WITHHELD: 0,
      },
      contracts: { DIVIDEND: 0, DAILY: 0, HOURLY: 0, REALTIME: 0 },
    });
    // The agent-contracts module feeds contract pay (none here: agent-contracts.ops.test.ts has it).
    expect(value.contractIncomeAvailable).toBe(true);
    expect(value.periods.length).toBeGreaterThanOrEqual(4);
    expect(value.periods.some((p) => p.label === today || p.total === 13_345)).toBe(true);
  });
});

describe('BOLA and bad input', () => {
  it('answers a sibling, the upline, a stranger and a missing account with the same 404 body', async () => {
    for (const route of [agentRoutes.teamBets, agentRoutes.teamTransactions]) {
      const missing = await call(route, tree.token, { account: 'nosuchaccount' });
      expectFailure(missing, 404, 'downline_not_found');
      for (const probe of [tree.accounts.x, tree.accounts.u, tree.accounts.a]) {
        const res = await call(route, tree.token, { account: probe });
        expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: missing.body });
      }
    }
  });

  it('refuses bad queries with 400 invalid_input', async () => {
    const bad: [{ path: string; method: string }, Record<string, string>][] = [
      [agentRoutes.teamBets, { status: 'WON' }],
      [agentRoutes.teamBets, { limit: '0' }],
      [agentRoutes.teamBets, { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }],
      [agentRoutes.teamBets, { account: '' }],
      [agentRoutes.teamPnl, { period: 'Y' }],
      [agentRoutes.teamPnl, { from: '2026-03-01' }],
      [agentRoutes.teamPnl, { from: '2026-03-02', to: '2026-03-01' }],
      [agentRoutes.teamTransactions, { type: 'BET' }],
      [agentRoutes.teamTransactions, { cursor: '12x' }],
      [agentRoutes.income, { from: '2026-03-01' }],
      [agentRoutes.income, { from: '2025-01-01', to: '2026-03-01' }],
    ];
    for (const [route, query] of bad)
      expectFailure(await call(route, tree.token, query), 400, 'invalid_input');
  });

  it('refuses members with 403 forbidden', async () => {
    const ip = freshIp();
    const account = freshUsername('tmem');
    await insertAccounts(db(), [{ account, type: MEMBER_TYPE.MEMBER, knownIps: [ip] }]);
    const token = loginValueSchema.parse(
      (await t.client.login(account, FAST_PASSWORD, {}, { ip })).body.value,
    ).token;
    for (const route of [agentRoutes.teamBets, agentRoutes.teamPnl, agentRoutes.teamTransactions])
      expectFailure(await call(route, token), 403, 'forbidden');
  });
});

describe('POST /wps/agent/downline/promote', () => {
  it('makes a direct downline member an agent once; deeper, stranger and missing answer the same 404', async () => {
    const promote = (memberId: number) => call(agentRoutes.promoteDownline, tree.token, {}, { memberId });
    const missing = await promote(999_999_999);
    expectFailure(missing, 404, 'downline_not_found');
    for (const probe of [tree.m2, tree.x, tree.u, tree.a]) {
      const res = await promote(probe);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: missing.body });
    }
    expectFailure(await promote(tree.s), 409, 'promote_refused');
    const ok = await promote(tree.m1);
    expect(ok.status).toBe(200);
    expect(ok.body.value).toEqual({ memberId: tree.m1, account: tree.accounts.m1, type: MEMBER_TYPE.AGENT });
    expect((await findMemberById(db(), tree.m1))?.type).toBe(MEMBER_TYPE.AGENT);
    expectFailure(await promote(tree.m1), 409, 'promote_refused');
    expect((await findMemberById(db(), tree.m2))?.type).toBe(MEMBER_TYPE.MEMBER);
  });

  it('is refused with 403 promote_not_allowed when the config turns it off and no operator set it', async () => {
    const deps = {
      db: db(),
      clock: () => new Date(),
      merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
      timeZone: async () => 'UTC',
      promoteDefault: false,
    };
    await expect(
      promoteDownline(deps, { memberId: tree.a, merchantCode: 'banca' } as never, { memberId: tree.m2 }),
    ).rejects.toMatchObject({ code: 'promote_not_allowed', status: 403 });
  });
});
