/**
 * "Daily" withdraw limits count from 00:00 of today in the merchant's time zone (wallet settings
 * `timeZone`, UTC unless set): checked at the day boundary with an injected clock.
 */
import { walletSettingsSchema, type WalletSettingsInput } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import { SandboxPayoutProvider } from './payout-provider.ts';
import { startOfDay } from '../wallet-day.ts';
import type { WalletSettingsService } from '../settings/wallet-settings.service.ts';
import { WithdrawError } from './withdrawal.errors.ts';
import { getWithdrawOverview, requestWithdrawal } from './member-withdrawal.service.ts';
import type { WithdrawDeps } from './withdrawal.deps.ts';
import {
  fund,
  loggedInMember,
  readyToWithdraw,
  startWithdrawTestServer,
  withdrawBody,
  type WithdrawTestServer,
} from './withdrawal.testing.ts';

let t: WithdrawTestServer;
beforeAll(async () => {
  t = await startWithdrawTestServer();
}, 180_000);
afterAll(() => t?.close());

describe('startOfDay', () => {
  it.each([
    ['2026-11-24T12:00:00.000Z', 'UTC', '2026-11-24T00:00:00.000Z'],
    ['2026-11-24T00:00:00.000Z', 'UTC', '2026-11-24T00:00:00.000Z'],
    ['2026-11-23T23:59:59.999Z', 'UTC', '2026-11-23T00:00:00.000Z'],
    // Sao Paulo is UTC-3 (no daylight saving since 2019): its day turns at 03:00 UTC.
    ['2026-11-24T02:59:59.999Z', 'America/Sao_Paulo', '2026-11-23T03:00:00.000Z'],
    ['2026-11-24T03:00:00.000Z', 'America/Sao_Paulo', '2026-11-24T03:00:00.000Z'],
    // The day daylight saving starts in Lisbon (01:00 UTC): midnight was still UTC+0.
    ['2026-03-29T12:00:00.000Z', 'Europe/Lisbon', '2026-03-29T00:00:00.000Z'],
    // ... and the day after, midnight is UTC+1.
    ['2026-03-30T12:00:00.000Z', 'Europe/Lisbon', '2026-03-29T23:00:00.000Z'],
    ['2026-11-24T12:00:00.000Z', 'Asia/Kolkata', '2026-11-23T18:30:00.000Z'],
  ])('%s in %s began at %s', (now, zone, start) => {
    expect(startOfDay(new Date(now), zone).toISOString()).toBe(start);
  });

  it('refuses an unknown zone in the settings', () => {
    expect(walletSettingsSchema.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(walletSettingsSchema.parse({}).timeZone).toBe('UTC');
  });
});

describe('the daily count and amount at the day boundary', { timeout: 60_000 }, () => {
  async function setup(settings: WalletSettingsInput) {
    const m = await loggedInMember(t);
    await readyToWithdraw(t, m);
    await fund(t.database.db, m.memberId, 1_000_000);
    let now = new Date(0);
    const parsed = walletSettingsSchema.parse(settings);
    const fixed: WalletSettingsService = {
      get: async () => parsed,
      update: async () => {
        throw new Error('not in this test');
      },
    } as unknown as WalletSettingsService;
    const deps: WithdrawDeps = {
      db: t.database.db,
      settings: fixed,
      system: t.server.app.system,
      clock: () => now,
      merchantCurrency: async () => ({ currency: 'BRL' }) as never,
      payouts: new SandboxPayoutProvider({ delayMs: 1 }),
    };
    const auth: RouteAuth = {
      memberId: m.memberId,
      merchantCode: 'banca',
      type: 0,
      tokenHash: 'x',
      loginType: 'password',
    };
    return {
      at: (iso: string) => {
        now = new Date(iso);
      },
      ask: (amount: number) => requestWithdrawal(deps, auth, withdrawBody(amount)),
      overview: () => getWithdrawOverview(deps, auth),
    };
  }

  const refusedDaily = (p: Promise<unknown>) =>
    expect(p).rejects.toSatisfy((e) => e instanceof WithdrawError && e.code === 'withdraw_daily_limit');

  it('in the merchant time zone: the count resets at local midnight, not at UTC midnight', async () => {
    const s = await setup({ timeZone: 'America/Sao_Paulo', withdraw: { dailyCount: 2 } });
    // 23:10 and 23:50 in Sao Paulo on the 23rd (02:10 and 02:50 UTC on the 24th).
    s.at('2026-11-24T02:10:00.000Z');
    await s.ask(2_000);
    s.at('2026-11-24T02:50:00.000Z');
    await s.ask(2_000);
    expect(await s.overview()).toMatchObject({ usedTodayCount: 2, usedTodayAmount: 4_000 });
    // 23:59:59.999 local: still the 23rd, limit reached.
    s.at('2026-11-24T02:59:59.999Z');
    await refusedDaily(s.ask(2_000));
    // 00:00 local on the 24th: a new day.
    s.at('2026-11-24T03:00:00.000Z');
    expect(await s.overview()).toMatchObject({ usedTodayCount: 0, usedTodayAmount: 0 });
    await s.ask(2_000);
    expect(await s.overview()).toMatchObject({ usedTodayCount: 1 });
  });

  it('in UTC without a zone: the amount resets at 00:00 UTC', async () => {
    const s = await setup({ withdraw: { dailyAmount: 10_000, dailyCount: 5 } });
    s.at('2026-11-23T22:00:00.000Z');
    await s.ask(6_000);
    s.at('2026-11-23T23:59:59.999Z');
    await refusedDaily(s.ask(5_000));
    await s.ask(4_000);
    s.at('2026-11-24T00:00:00.000Z');
    expect(await s.overview()).toMatchObject({ usedTodayAmount: 0 });
    await s.ask(10_000);
    await refusedDaily(s.ask(2_000));
  });
});
