/**
 * The rollups against their sources, with everything played through the real services over HTTP:
 * rounds through the vendor wallet API, a deposit paid on the sandbox PIX page, a withdrawal asked,
 * approved and paid by the sandbox rail, a bonus granted by finance. The consumer-built rollups equal
 * the rebuilt ones, the rebuild is idempotent, and the dashboard equals sums taken directly from the
 * bet records, deposits, withdrawals and ledger. Then the route's bad input. PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { sql } from 'kysely';
import {
  depositRoutes,
  depositViewSchema,
  fillPath,
  loginValueSchema,
  reportsRoutes,
  walletRoutes,
} from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../seed/demo-lobby.ts';
import {
  expectFailure,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
} from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import {
  devPlayers,
  devVendorSecret,
  newVendorId,
  vendorClient,
} from '../../platform/vendor-api/vendor-client.ts';
import {
  walletBonusCreditedPayload,
  walletDepositCreditedPayload,
  walletWithdrawalPaidPayload,
} from '../wallet/index.ts';
import { addToDownlineTree } from '../member/index.ts';
import {
  dashboard,
  rebuildReports,
  teamActiveMembers,
  teamDaily,
  teamHourMembers,
  type TeamHourMember,
} from './index.ts';
import { periodStarts } from './reports.rebuild.ts';
import { merchantDay } from './reports.days.ts';

let t: OpsTestServer;
let finance: { token: string };
let support: { token: string };
let vendor: ReturnType<typeof vendorClient>;
const db = () => t.database.db;
const ZONE = 'America/Sao_Paulo';

beforeAll(async () => {
  t = await startOpsTestServer();
  await seedDemoLobby(db());
  vendor = vendorClient(t.server.url, 'SANDBOX', await devVendorSecret(t.server.url, 'SANDBOX'));
  [finance, support] = await Promise.all([t.operator('finance'), t.operator('support')]);
  const admin = await t.operator('admin');
  const set = await t.ops(walletRoutes.putSettings.path, {
    method: 'PUT',
    token: admin.token,
    body: { timeZone: ZONE },
  });
  expect(set.status).toBe(200);
}, 180_000);
afterAll(() => t?.close());

async function member(uplineId?: number, type = 0) {
  const ip = freshIp();
  const account = freshUsername('rep');
  const [memberId] = await insertAccounts(db(), [{ account, knownIps: [ip], type }]);
  if (uplineId !== undefined) await addToDownlineTree(db(), memberId!, uplineId);
  const res = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  expect(res.status).toBe(200);
  return { memberId: memberId!, ip, token: loginValueSchema.parse(res.body.value).token };
}
type Member = Awaited<ReturnType<typeof member>>;
const call = (m: Member, path: string, init: { method?: string; body?: unknown; enc?: boolean } = {}) =>
  t.client.call(path, { ...init, token: m.token, ip: m.ip });

async function deposit(m: Member, amount: number) {
  const res = await call(m, depositRoutes.create.path, {
    body: { channel: 'PIX', amount, idempotencyKey: newVendorId('k') },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const view = depositViewSchema.parse(res.body.value);
  const paid = await fetch(`${t.server.url}${view.payUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(paid.status).toBe(200);
}

async function play(m: Member, rounds: { gameCode: string; stake: number; payout: number }[]) {
  const { playerSession } = await devPlayers(t.server.url, 'SANDBOX')({ memberId: m.memberId, amount: 0 });
  for (const r of rounds) {
    const roundId = newVendorId('r');
    const debit = await vendor.send('debit', {
      playerSession,
      transactionId: newVendorId('d'),
      roundId,
      gameCode: r.gameCode,
      amount: r.stake,
    });
    expect(debit.status, JSON.stringify(debit.body)).toBe(200);
    const credit = await vendor.send('credit', {
      playerSession,
      transactionId: newVendorId('c'),
      roundId,
      amount: r.payout,
      closeRound: true,
    });
    expect(credit.status).toBe(200);
  }
}

async function withdraw(m: Member, amount: number) {
  const pw = '246810';
  const ok = (res: { status: number; body: unknown }) =>
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  ok(
    await call(m, walletRoutes.setPaymentPassword.path, {
      method: 'PUT',
      enc: true,
      body: { loginPassword: FAST_PASSWORD, paymentPassword: pw, confirmPaymentPassword: pw },
    }),
  );
  ok(
    await call(m, walletRoutes.bindPayoutKey.path, {
      method: 'PUT',
      enc: true,
      body: { type: 'CPF', key: '529.982.247-25', payeeName: 'Maria Souza', paymentPassword: pw },
    }),
  );
  const asked = await call(m, walletRoutes.requestWithdrawal.path, {
    method: 'POST',
    enc: true,
    body: { amount, paymentPassword: pw, requestId: newVendorId('w') },
  });
  ok(asked);
  const id = asked.body.value.id as number;
  ok(
    await t.ops(fillPath(walletRoutes.opsApproveWithdrawal.path, { id }), {
      method: 'POST',
      token: finance.token,
      body: {},
    }),
  );
  // The sandbox rail pays after its delay: wait for the state, bounded, not for a time.
  for (let i = 0; i < 200; i++) {
    const res = await call(m, fillPath(walletRoutes.withdrawal.path, { id }));
    if (res.body.value?.status === 'PAID') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`withdrawal ${id} never paid`);
}

const TABLES = [
  'report_game_day',
  'report_day',
  'report_registration_day',
  'report_active_player',
  'report_member_day',
  'report_team_day',
  'report_team_active',
  'report_team_active_count',
  'report_team_hour',
  'report_fact',
] as const;

/** Every rollup row, shards summed away where the shard is only how the writes were spread. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db());
    out[table] = rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
  }
  return out;
}

describe('rollups from the events equal the rollups rebuilt from the sources', { timeout: 120_000 }, () => {
  it('after rounds, deposits, a withdrawal and a bonus played through the real services', async () => {
    // A tree: agent top > agent sub > member a; member b directly below top.
    const top = await member(undefined, 1);
    const sub = await member(top.memberId, 1);
    const a = await member(sub.memberId);
    const b = await member(top.memberId);
    await deposit(a, 20_000);
    await deposit(a, 5_000);
    await deposit(b, 10_000);
    await play(a, [
      { gameCode: 'LIVE_BACCARAT', stake: 500, payout: 1_000 },
      { gameCode: 'LIVE_BACCARAT', stake: 700, payout: 0 },
    ]);
    await play(b, [{ gameCode: 'LIVE_BACCARAT', stake: 2_000, payout: 300 }]);
    await withdraw(a, 4_000);
    const bonus = await t.ops(walletRoutes.grantBonus.path, {
      method: 'POST',
      token: finance.token,
      body: { memberId: b.memberId, amount: 1_500, reason: 'welcome', idempotencyKey: newVendorId('b') },
    });
    expect(bonus.status, JSON.stringify(bonus.body)).toBe(200);
    await t.server.app.events.drain();

    // The wallet's new events carry what their schemas say (strict).
    const payloads = async (name: string) =>
      (
        await sql<{
          payload: unknown;
        }>`select payload from domain_event where name = ${name} order by id`.execute(db())
      ).rows.map((r) => r.payload);
    const deposits = (await payloads('wallet.deposit-credited')).map((p) =>
      walletDepositCreditedPayload.parse(p),
    );
    expect(deposits.map((d) => [d.memberId, d.amount, d.first])).toEqual([
      [a.memberId, 20_000, true],
      [a.memberId, 5_000, false],
      [b.memberId, 10_000, true],
    ]);
    const paid = (await payloads('wallet.withdrawal-paid')).map((p) => walletWithdrawalPaidPayload.parse(p));
    expect(paid.map((w) => [w.memberId, w.amount])).toEqual([[a.memberId, 4_000]]);
    const bonuses = (await payloads('wallet.bonus-credited')).map((p) => walletBonusCreditedPayload.parse(p));
    expect(bonuses.map((w) => [w.memberId, w.amount, w.currency])).toEqual([[b.memberId, 1_500, 'BRL']]);

    const fromEvents = await snapshot();
    // The team rollups: top's team is a and b (and sub, who did nothing), sub's team is a alone.
    const today0 = merchantDay(new Date(), ZONE);
    const teams = await teamDaily(db(), [top.memberId, sub.memberId, a.memberId], {
      from: today0,
      to: today0,
    });
    expect(teams).toEqual([
      expect.objectContaining({
        agentId: top.memberId,
        currency: 'BRL',
        rounds: 3,
        stake: 3_200,
        payout: 1_300,
        depositCount: 3,
        depositAmount: 35_000,
        withdrawalCount: 1,
        withdrawalAmount: 4_000,
        bonusAmount: 1_500,
      }),
      expect.objectContaining({
        agentId: sub.memberId,
        rounds: 2,
        stake: 1_200,
        payout: 1_000,
        depositAmount: 25_000,
        bonusAmount: 0,
      }),
    ]);
    for (const period of ['D', 'W', 'M'] as const) {
      const start = periodStarts(today0);
      const from = period === 'D' ? today0 : period === 'W' ? start.week : start.month;
      expect(await teamActiveMembers(db(), top.memberId, period, from)).toEqual(new Map([['BRL', 2]]));
      expect(await teamActiveMembers(db(), sub.memberId, period, from)).toEqual(new Map([['BRL', 1]]));
    }
    // The team hour rollups: each team with its head, per product, over the merchant hours.
    const hours = { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 3_600_000) };
    const sums = (rows: TeamHourMember[]) =>
      rows.map((r) => [r.memberId, r.rounds, r.stake, r.payout]).sort((x, y) => x[0]! - y[0]!);
    expect(sums(await teamHourMembers(db(), top.memberId, hours, 'BRL', null))).toEqual(
      [
        [a.memberId, 2, 1_200, 1_000],
        [b.memberId, 1, 2_000, 300],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    expect(sums(await teamHourMembers(db(), sub.memberId, hours, 'BRL', ['LIVE']))).toEqual([
      [a.memberId, 2, 1_200, 1_000],
    ]);
    expect(await teamHourMembers(db(), sub.memberId, hours, 'BRL', ['LOTT'])).toEqual([]);
    expect(sums(await teamHourMembers(db(), a.memberId, hours, 'BRL', null))).toEqual([
      [a.memberId, 2, 1_200, 1_000],
    ]);
    // insertAccounts and the demo seed make members without member.registered: only the rebuild,
    // reading the member rows, counts them. Everything else must be equal row for row.
    const withoutRegistrations = (s: Record<string, unknown[]>) => ({
      ...s,
      report_registration_day: [],
      report_fact: s.report_fact!.filter((r) => !String(r).includes('"registration"')),
    });
    const summary = await rebuildReports(db(), 'banca');
    expect(summary).toMatchObject({ timeZone: ZONE, rounds: 3, deposits: 3, withdrawals: 1, bonuses: 1 });
    const rebuilt = await snapshot();
    expect(withoutRegistrations(rebuilt)).toEqual(withoutRegistrations(fromEvents));
    await rebuildReports(db(), 'banca');
    expect(await snapshot()).toEqual(rebuilt);
    // The consumer's next deliveries of the same facts add nothing after a rebuild.
    await t.server.app.events.drain();
    expect(await snapshot()).toEqual(rebuilt);

    // The dashboard equals the sources summed directly.
    const today = merchantDay(new Date(), ZONE);
    const report = await dashboard(db(), { from: today, to: today }, 'BRL', ZONE);
    const one = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(db())).rows[0]!.n;
    const rounds = await sql<{ rounds: number; stake: number; payout: number; players: number }>`
      select count(*)::int as rounds, sum(stake)::bigint as stake, sum(payout)::bigint as payout,
        count(distinct member_id)::int as players
      from bet_record where status = 'SETTLED' and currency <> 'XPL'`.execute(db());
    expect(report.totals).toMatchObject({
      rounds: rounds.rows[0]!.rounds,
      stakes: rounds.rows[0]!.stake,
      payouts: rounds.rows[0]!.payout,
      ggr: rounds.rows[0]!.stake - rounds.rows[0]!.payout,
      activePlayers: rounds.rows[0]!.players,
      depositCount: await one(sql`select count(*)::int as n from deposit where credited_at is not null`),
      depositAmount: await one(
        sql`select sum(paid_amount)::bigint as n from deposit where credited_at is not null`,
      ),
      firstDepositCount: 2,
      firstDepositAmount: 30_000,
      withdrawalCount: 1,
      withdrawalAmount: await one(
        sql`select sum(amount)::bigint as n from withdrawal where paid_at is not null`,
      ),
      bonusAmount: await one(sql`select sum(amount)::bigint as n from ledger_transfer where kind = 'BONUS'`),
      registrations: await one(sql`select count(*)::int as n from member where type <> 4`),
    });
    expect(report.totals.ngr).toBe(report.totals.ggr - 1_500);
    expect(report.totals).toMatchObject({ rounds: 3, stakes: 3_200, payouts: 1_300, depositAmount: 35_000 });
  });
});

describe('GET /ops/reports/dashboard', () => {
  const path = reportsRoutes.dashboard.path;
  const get = (query: string, token = finance.token) => t.ops(`${path}?${query}`, { token });

  it('answers finance with the series of every day of the range', async () => {
    const res = await get('from=2026-01-01&to=2026-01-31');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.days).toHaveLength(31);
    expect(res.body.value).toMatchObject({ currency: 'BRL', timeZone: ZONE });
  });

  it('refuses bad ranges with their codes and bad input with invalid_input', async () => {
    expectFailure(await get('from=2026-02-01&to=2026-01-31'), 400, 'report_range_inverted');
    // 2024 is a leap year: 366 days are allowed, 367 are not.
    expectFailure(await get('from=2024-01-01&to=2025-01-01'), 400, 'report_range_too_long');
    expect((await get('from=2024-01-01&to=2024-12-31')).status).toBe(200);
    for (const bad of [
      '',
      'from=2026-01-01',
      'to=2026-01-01',
      'from=2026-13-01&to=2026-12-01',
      'from=2026-02-30&to=2026-03-01',
      'from=yesterday&to=2026-01-01',
      'from=2026-01-01T00:00:00Z&to=2026-01-02',
      'from=2026-01-01&to=2026-01-02&currency=XPL',
      'from=2026-01-01&to=2026-01-02&currency=brl',
      'from=2026-01-01&to=2026-01-02&extra=1',
      'from=2026-01-01&from=2026-01-02&to=2026-01-03',
    ]) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code, bad).toBe('invalid_input');
    }
  });

  it('refuses callers without a finance or admin session', async () => {
    expectFailure(await get('from=2026-01-01&to=2026-01-02', 'not-a-token'), 401, 'not_logged_in');
    expectFailure(await get('from=2026-01-01&to=2026-01-02', support.token), 403, 'forbidden');
    const m = await member();
    expectFailure(await get('from=2026-01-01&to=2026-01-02', m.token), 401, 'not_logged_in');
  });
});
