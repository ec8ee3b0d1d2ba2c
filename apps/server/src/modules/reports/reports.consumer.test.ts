/**
 * The reports consumer on synthetic events through the real dispatcher: days cut in the merchant's
 * zone (UTC-3), play money never counted, a fact counted once however often it arrives, and the
 * dashboard's arithmetic (GGR, NGR, distinct active players). Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../platform/events/event-catalogue.ts';
import { startApp, type RunningApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { roundSettled } from '../games/index.ts';
import { memberRegistered } from '../member/index.ts';
import {
  createWalletSettings,
  walletBonusCredited,
  walletDepositCredited,
  walletWithdrawalPaid,
} from '../wallet/index.ts';
import { dashboard, memberDaily } from './index.ts';
import { merchantDay } from './reports.days.ts';

let database: TestDatabase;
let server: RunningApp;
const db = () => database.db;
const ZONE = 'America/Sao_Paulo';

beforeAll(async () => {
  database = await createTestDatabase();
  await createWalletSettings(db()).update(db(), 'banca', { timeZone: ZONE });
  server = await startApp(db(), {}, { socket: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

let nextId = 1;
const round = (memberId: number, settledAt: string, o: Partial<Record<string, unknown>> = {}) => ({
  roundId: `SANDBOX:r${nextId++}`,
  memberId,
  account: `m${memberId}`,
  nodeId: 'SANDBOX-slot',
  gameType: 'RNG',
  currency: 'BRL',
  stake: 1_000,
  payout: 400,
  settledAt,
  ...o,
});

async function record(events: ((trx: typeof database.db) => Promise<unknown>)[]) {
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const e of events) await e(trx as unknown as typeof database.db);
    });
  await server.app.events.drain();
}

const rows = async (table: string) =>
  (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db())).rows;

describe('days in the merchant zone (UTC-3)', () => {
  it('puts 02:59:59.999Z on the day before, 03:00Z and 21:00Z on the day itself', async () => {
    const m = 9_001;
    await record([
      (t) => recordEvent(t, roundSettled, round(m, '2026-03-10T02:59:59.999Z'), { key: m }),
      (t) => recordEvent(t, roundSettled, round(m, '2026-03-10T03:00:00.000Z'), { key: m }),
      (t) => recordEvent(t, roundSettled, round(m, '2026-03-10T21:00:00.000Z'), { key: m }),
      // 21:00 local on the 10th is 00:00Z on the 11th: still the 10th.
      (t) => recordEvent(t, roundSettled, round(m, '2026-03-11T00:00:00.000Z'), { key: m }),
    ]);
    const report = await dashboard(db(), { from: '2026-03-09', to: '2026-03-11' }, 'BRL', ZONE);
    expect(report.days.map((d) => [d.day, d.rounds, d.activePlayers])).toEqual([
      ['2026-03-09', 1, 1],
      ['2026-03-10', 3, 1],
      ['2026-03-11', 0, 0],
    ]);
    // One member over the range, counted once.
    expect(report.totals.activePlayers).toBe(1);
    expect(report.totals).toMatchObject({ rounds: 4, stakes: 4_000, payouts: 1_600, ggr: 2_400 });
  });
});

describe('play money', () => {
  it('never counts XPL rounds or money', async () => {
    const before = await Promise.all(['report_day', 'report_member_day', 'report_fact'].map(rows));
    const m = 9_002;
    await record([
      (t) =>
        recordEvent(t, roundSettled, round(m, '2026-04-01T12:00:00.000Z', { currency: 'XPL' }), { key: m }),
      (t) =>
        recordEvent(
          t,
          walletDepositCredited,
          {
            memberId: m,
            amount: 5_000,
            currency: 'XPL',
            depositId: 77,
            first: true,
            at: '2026-04-01T12:00:00.000Z',
          },
          { key: m },
        ),
    ]);
    const after = await Promise.all(['report_day', 'report_member_day', 'report_fact'].map(rows));
    expect(after).toEqual(before);
  });
});

describe('once per fact', () => {
  it('counts a round, deposit, withdrawal, bonus and registration once, however often they arrive', async () => {
    const m = 9_003;
    const at = '2026-05-02T15:00:00.000Z';
    const r = round(m, at, { stake: 2_000, payout: 3_500, gameType: 'LIVE' });
    const deposit = { memberId: m, amount: 10_000, currency: 'BRL', depositId: 501, first: true, at };
    const withdrawal = { memberId: m, amount: 4_000, currency: 'BRL', withdrawalId: 601, at };
    const bonus = { memberId: m, amount: 700, currency: 'BRL', transferId: 701, at };
    const registration = { memberId: m, merchantCode: 'banca', parentId: null, mode: 'username' };
    const all = [
      (t: typeof database.db) => recordEvent(t, roundSettled, r, { key: m }),
      (t: typeof database.db) => recordEvent(t, walletDepositCredited, deposit, { key: m }),
      (t: typeof database.db) => recordEvent(t, walletWithdrawalPaid, withdrawal, { key: m }),
      (t: typeof database.db) => recordEvent(t, walletBonusCredited, bonus, { key: m }),
      (t: typeof database.db) => recordEvent(t, memberRegistered, registration, { key: m }),
    ];
    await record(all);
    await record(all);
    await server.app.events.drain();
    const report = await dashboard(db(), { from: '2026-05-02', to: '2026-05-02' }, 'BRL', ZONE);
    expect(report.totals).toMatchObject({
      rounds: 1,
      stakes: 2_000,
      payouts: 3_500,
      ggr: -1_500,
      registrations: 0,
      firstDepositCount: 1,
      firstDepositAmount: 10_000,
      depositCount: 1,
      depositAmount: 10_000,
      withdrawalCount: 1,
      withdrawalAmount: 4_000,
      bonusCount: 1,
      bonusAmount: 700,
      ngr: -2_200,
      activePlayers: 1,
    });
    expect(report.vendors).toEqual([
      { vendor: 'SANDBOX', rounds: 1, stakes: 2_000, payouts: 3_500, ggr: -1_500 },
    ]);
    expect(report.gameTypes).toEqual([
      { gameType: 'LIVE', rounds: 1, stakes: 2_000, payouts: 3_500, ggr: -1_500 },
    ]);
    const team = await memberDaily(db(), [m, 9_999], { from: '2026-05-01', to: '2026-05-03' });
    expect(team.members).toEqual([
      {
        memberId: m,
        currency: 'BRL',
        rounds: 1,
        stake: 2_000,
        payout: 3_500,
        profit: 1_500,
        depositCount: 1,
        depositAmount: 10_000,
        withdrawalCount: 1,
        withdrawalAmount: 4_000,
        bonusAmount: 700,
        activeDays: 1,
      },
    ]);
    expect(team.totals).toHaveLength(1);
    // A registration is on the day it was recorded (the member row's created_at): today.
    const today = merchantDay(new Date(), ZONE);
    const now = await dashboard(db(), { from: today, to: today }, 'BRL', ZONE);
    expect(now.totals.registrations).toBe(1);
  });
});
