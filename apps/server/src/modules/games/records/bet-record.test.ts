/**
 * The member's records (betting record, profit and loss) and bonus details, over HTTP against the
 * app with rounds played through the vendor wallet API as a vendor would (signed calls, dev player
 * sessions). Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import {
  authRoutes,
  betRecordPageSchema,
  bonusPageSchema,
  gamesRoutes,
  profitValueSchema,
  walletRoutes,
  type BetRecordEntry,
} from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { expectFailure, freshIp } from '../../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../../test/ops-client.ts';
import {
  devPlayers,
  devVendorSecret,
  newVendorId,
  vendorClient,
  type VendorClient,
} from '../../../platform/vendor-api/vendor-client.ts';
import { explainBetPage } from './bet-record-reads.repository.ts';

let t: OpsTestServer;
let vendors: Record<'BANCA' | 'SANDBOX', VendorClient>;
let finance: { token: string };
let admin: { token: string };
const db = () => t.database.db;

beforeAll(async () => {
  t = await startOpsTestServer();
  await seedDemoLobby(db());
  vendors = {
    BANCA: vendorClient(t.server.url, 'BANCA', await devVendorSecret(t.server.url, 'BANCA')),
    SANDBOX: vendorClient(t.server.url, 'SANDBOX', await devVendorSecret(t.server.url, 'SANDBOX')),
  };
  [finance, admin] = await Promise.all([t.operator('finance'), t.operator('admin')]);
  // Profit periods follow the merchant's calendar: Sao Paulo (UTC-3), so its day turns at 03:00 UTC.
  const set = await t.ops(walletRoutes.putSettings.path, {
    method: 'PUT',
    token: admin.token,
    body: { timeZone: 'America/Sao_Paulo' },
  });
  expect(set.status).toBe(200);
}, 180_000);
afterAll(() => t?.close());

interface Round {
  vendor: 'BANCA' | 'SANDBOX';
  gameCode: string;
  stake: number;
  payout: number;
  /** Leave the round OPEN (no closing credit). */
  open?: boolean;
}

/** Plays rounds for the member through the vendor wallet API: debit, then a closing credit. */
async function play(memberId: number, rounds: Round[]): Promise<string[]> {
  const ids: string[] = [];
  const sessions: Partial<Record<Round['vendor'], string>> = {};
  for (const r of rounds) {
    sessions[r.vendor] ??= (await devPlayers(t.server.url, r.vendor)({ memberId, amount: 0 })).playerSession;
    const playerSession = sessions[r.vendor]!;
    const roundId = newVendorId('r');
    const debit = await vendors[r.vendor].send('debit', {
      playerSession,
      transactionId: newVendorId('d'),
      roundId,
      gameCode: r.gameCode,
      amount: r.stake,
    });
    expect(debit.status).toBe(200);
    if (!r.open) {
      const credit = await vendors[r.vendor].send('credit', {
        playerSession,
        transactionId: newVendorId('c'),
        roundId,
        amount: r.payout,
        closeRound: true,
      });
      expect(credit.status).toBe(200);
    }
    ids.push(roundId);
  }
  return ids;
}

/** A real member with money to play. */
async function funded(amount = 1_000_000) {
  const m = await t.member();
  await devPlayers(t.server.url, 'BANCA')({ memberId: m.memberId, amount });
  return m;
}

const bets = (token: string, query: Record<string, string | number> = {}, lang: 'PT' | 'EN' = 'EN') =>
  t.client.call(
    `${gamesRoutes.betRecords.path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    { token, lang },
  );

async function allPages(token: string, query: Record<string, string | number>): Promise<BetRecordEntry[]> {
  const out: BetRecordEntry[] = [];
  let cursor: string | null = null;
  for (;;) {
    const res = await bets(token, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    const page = betRecordPageSchema.parse(res.body.value);
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return out;
  }
}

const MIX: Round[] = [
  { vendor: 'BANCA', gameCode: 'SLOT5X3', stake: 100, payout: 0 },
  { vendor: 'BANCA', gameCode: 'DICE', stake: 200, payout: 396 },
  { vendor: 'SANDBOX', gameCode: 'LIVE_BACCARAT', stake: 500, payout: 1000 },
  { vendor: 'SANDBOX', gameCode: 'FISH_OCEAN', stake: 300, payout: 50 },
  { vendor: 'BANCA', gameCode: 'SLOT5X3', stake: 700, payout: 0, open: true },
];

describe('betting record', () => {
  it("lists the member's rounds newest first with names, profit, filters and totals for the filter", async () => {
    const m = await funded();
    const other = await funded();
    await play(m.memberId, MIX);
    await play(other.memberId, [{ vendor: 'BANCA', gameCode: 'SLOT5X3', stake: 999, payout: 0 }]);

    const res = await bets(m.token, { limit: 50 });
    expect(res.status).toBe(200);
    const page = betRecordPageSchema.parse(res.body.value);
    expect(page.items.map((i) => [i.gameCode, i.stake, i.payout, i.profit, i.status])).toEqual(
      [...MIX]
        .reverse()
        .map((r) => [
          r.gameCode,
          r.stake,
          r.open ? 0 : r.payout,
          (r.open ? 0 : r.payout) - r.stake,
          r.open ? 'OPEN' : 'SETTLED',
        ]),
    );
    const live = page.items.find((i) => i.gameCode === 'LIVE_BACCARAT')!;
    expect(live).toMatchObject({ category: 'LIVE', vendor: 'SANDBOX' });
    expect(live.gameName).not.toBe('LIVE_BACCARAT');
    expect(live.settledAt).not.toBeNull();
    const stake = MIX.reduce((a, r) => a + r.stake, 0);
    const payout = MIX.reduce((a, r) => a + (r.open ? 0 : r.payout), 0);
    expect(page.totals).toEqual({ count: MIX.length, stake, payout, profit: payout - stake });
    // Never another member's round.
    expect(page.items.some((i) => i.stake === 999)).toBe(false);

    // Filters, each with totals over what it keeps.
    const settledBanca = betRecordPageSchema.parse(
      (await bets(m.token, { vendor: 'BANCA', status: 'SETTLED' })).body.value,
    );
    expect(settledBanca.items.map((i) => i.gameCode).sort()).toEqual(['DICE', 'SLOT5X3']);
    expect(settledBanca.totals).toEqual({ count: 2, stake: 300, payout: 396, profit: 96 });
    const fish = betRecordPageSchema.parse((await bets(m.token, { category: 'FISH' })).body.value);
    expect(fish.items.map((i) => i.gameCode)).toEqual(['FISH_OCEAN']);
    expect(fish.totals.profit).toBe(-250);
    const open = betRecordPageSchema.parse((await bets(m.token, { status: 'OPEN' })).body.value);
    expect(open.totals).toEqual({ count: 1, stake: 700, payout: 0, profit: -700 });
    // An empty date range, and a range that holds them all (from inclusive, to exclusive).
    const first = page.items[page.items.length - 1]!.openedAt;
    const last = page.items[0]!.openedAt;
    const none = betRecordPageSchema.parse((await bets(m.token, { to: first })).body.value);
    expect(none.totals.count).toBe(0);
    const all = betRecordPageSchema.parse(
      (await bets(m.token, { from: first, to: new Date(Date.parse(last) + 1).toISOString() })).body.value,
    );
    expect(all.totals.count).toBe(MIX.length);
    // Names in the member's language.
    const pt = betRecordPageSchema.parse((await bets(m.token, { category: 'LIVE' }, 'PT')).body.value);
    expect(pt.items[0]!.gameName).toBeTruthy();
  }, 60_000);

  it('pages through every round once, without gaps or repeats, even with equal opening times', async () => {
    const m = await funded();
    await play(
      m.memberId,
      Array.from({ length: 13 }, (_, i) => ({
        vendor: 'BANCA' as const,
        gameCode: 'DICE',
        stake: 10 + i,
        payout: 0,
      })),
    );
    // Several rounds opened in the same instant: the id breaks the tie.
    await sql`update bet_record set opened_at = date_trunc('second', opened_at) where member_id = ${m.memberId} and stake < 16`.execute(
      db(),
    );
    const expected = await db()
      .selectFrom('bet_record')
      .select('id')
      .where('member_id', '=', m.memberId)
      .orderBy('opened_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const limit of [1, 4, 13, 50]) {
      const got = await allPages(m.token, { limit });
      expect(got.map((r) => Number(r.id))).toEqual(expected.map((r) => Number(r.id)));
    }
    // Another member's cursor finds nothing of this member's.
    const other = await funded();
    const res = await bets(other.token, { cursor: expected[0]!.id });
    expect(betRecordPageSchema.parse(res.body.value).items).toEqual([]);
  }, 60_000);

  it('is served by bet_record_member_idx (EXPLAIN)', async () => {
    const plan = await explainBetPage(db(), { memberId: 1, vendor: 'BANCA', afterId: 5, limit: 21 });
    console.log(`EXPLAIN betting record page:\n${plan}`);
    expect(plan).toMatch(/bet_record_member_idx/);
  });

  it('refuses trial accounts and anonymous callers', async () => {
    const trial = await t.client.call(authRoutes.freePlay.path, {
      body: { os: 'linux', platform: 'W' },
      ip: freshIp(),
    });
    const token = trial.body.value.token as string;
    for (const path of [
      gamesRoutes.betRecords.path,
      `${gamesRoutes.profit.path}?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
      walletRoutes.bonuses.path,
    ]) {
      expectFailure(await t.client.call(path, { token }), 403, 'in_need_true_account');
      expect((await t.client.call(path, {})).status).toBe(401);
    }
  });
});

describe('profit and loss', () => {
  it("sums settled rounds by the merchant's day across its midnight, by week, month and category", async () => {
    const m = await funded();
    const ids = await play(m.memberId, [
      { vendor: 'BANCA', gameCode: 'SLOT5X3', stake: 100, payout: 250 },
      { vendor: 'BANCA', gameCode: 'DICE', stake: 200, payout: 0 },
      { vendor: 'SANDBOX', gameCode: 'LIVE_BACCARAT', stake: 400, payout: 800 },
      { vendor: 'BANCA', gameCode: 'DICE', stake: 900, payout: 0, open: true },
    ]);
    // Place the settlements either side of Sao Paulo's midnight (03:00 UTC) of 2026-03-11.
    const at = ['2026-03-11T02:30:00Z', '2026-03-11T03:30:00Z', '2026-03-11T02:59:59Z'];
    for (const [i, when] of at.entries()) {
      await sql`update bet_record set settled_at = ${new Date(when)}::timestamptz where round_id = ${ids[i]!}`.execute(
        db(),
      );
    }
    const profit = async (q: Record<string, string>) => {
      const res = await t.client.call(`${gamesRoutes.profit.path}?${new URLSearchParams(q)}`, {
        token: m.token,
      });
      expect(res.status).toBe(200);
      return profitValueSchema.parse(res.body.value);
    };
    const days = await profit({ period: 'day', from: '2026-03-09T00:00:00Z', to: '2026-03-12T12:00:00Z' });
    expect(days.timeZone).toBe('America/Sao_Paulo');
    expect(days.periods.map((p) => p.label)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    expect(days.periods[0]!.start).toBe('2026-03-08T03:00:00.000Z');
    const byLabel = Object.fromEntries(
      days.periods.map((p) => [p.label, [p.rounds, p.stake, p.payout, p.profit]]),
    );
    expect(byLabel['2026-03-10']).toEqual([2, 500, 1050, 550]);
    expect(byLabel['2026-03-11']).toEqual([1, 200, 0, -200]);
    expect(byLabel['2026-03-09']).toEqual([0, 0, 0, 0]);
    expect(days.totals).toEqual({ rounds: 3, stake: 700, payout: 1050, profit: 350 });
    expect(days.categories).toEqual([
      { category: 'RNG', rounds: 2, stake: 300, payout: 250, profit: -50 },
      { category: 'LIVE', rounds: 1, stake: 400, payout: 800, profit: 400 },
    ]);
    // from is inclusive, to exclusive, on the settlement time.
    const edge = await profit({ from: '2026-03-11T02:59:59Z', to: '2026-03-11T03:30:00Z' });
    expect(edge.totals).toEqual({ rounds: 1, stake: 400, payout: 800, profit: 400 });

    const weeks = await profit({ period: 'week', from: '2026-03-01T12:00:00Z', to: '2026-03-20T00:00:00Z' });
    // Weeks from Monday: 2026-02-23, 03-02, 03-09 (holds all three), 03-16.
    expect(weeks.periods.map((p) => p.label)).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(weeks.periods[2]!.rounds).toBe(3);
    const months = await profit({
      period: 'month',
      from: '2026-01-15T00:00:00Z',
      to: '2026-04-01T03:00:00Z',
    });
    expect(months.periods.map((p) => p.label)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(months.periods[2]).toMatchObject({
      start: '2026-03-01T03:00:00.000Z',
      end: '2026-04-01T03:00:00.000Z',
      rounds: 3,
    });
  }, 60_000);

  it("keeps a Brasilia player's rounds after 21:00 (00:00 UTC) on the merchant's day, asked by calendar days", async () => {
    const m = await funded();
    const ids = await play(m.memberId, [
      { vendor: 'BANCA', gameCode: 'DICE', stake: 100, payout: 0 },
      { vendor: 'BANCA', gameCode: 'DICE', stake: 200, payout: 500 },
      { vendor: 'BANCA', gameCode: 'DICE', stake: 400, payout: 0 },
    ]);
    // 20:59 and 21:00 in Brasilia (UTC-3) on 10 March are 23:59 and 00:00 UTC; 00:00 local on the
    // 11th is 03:00 UTC. Under the UTC calendar the second round would be on the 11th.
    const at = ['2026-03-10T23:59:00Z', '2026-03-11T00:00:00Z', '2026-03-11T03:00:00Z'];
    for (const [i, when] of at.entries()) {
      await sql`update bet_record set settled_at = ${new Date(when)}::timestamptz where round_id = ${ids[i]!}`.execute(
        db(),
      );
    }
    const ask = (q: Record<string, string>) =>
      t.client.call(`${gamesRoutes.profit.path}?${new URLSearchParams(q)}`, { token: m.token });
    const tenth = await ask({ period: 'day', from: '2026-03-10', to: '2026-03-11' });
    expect(tenth.status, JSON.stringify(tenth.body)).toBe(200);
    const day = profitValueSchema.parse(tenth.body.value);
    expect(day.periods).toEqual([
      {
        label: '2026-03-10',
        start: '2026-03-10T03:00:00.000Z',
        end: '2026-03-11T03:00:00.000Z',
        rounds: 2,
        stake: 300,
        payout: 500,
        profit: 200,
      },
    ]);
    expect(day.totals).toEqual({ rounds: 2, stake: 300, payout: 500, profit: 200 });

    const two = profitValueSchema.parse(
      (await ask({ period: 'day', from: '2026-03-10', to: '2026-03-12' })).body.value,
    );
    expect(two.periods.map((p) => [p.label, p.rounds])).toEqual([
      ['2026-03-10', 2],
      ['2026-03-11', 1],
    ]);
    // Days and instants are not mixed; a day range must be ordered.
    expectFailure(await ask({ from: '2026-03-10', to: '2026-03-11T03:00:00Z' }), 400, 'invalid_input');
    expectFailure(await ask({ from: '2026-03-11', to: '2026-03-10' }), 400, 'invalid_input');
    expectFailure(await ask({ from: '2026-02-30', to: '2026-03-10' }), 400, 'invalid_input');
  }, 60_000);
});

describe('bonus details', () => {
  let n = 0;
  const key = () => `bonus-${process.pid}-${Date.now()}-${++n}`;
  const grant = (body: Record<string, unknown>, token = finance.token) =>
    t.ops(walletRoutes.grantBonus.path, { method: 'POST', token, body });

  it('grants from PROMOTIONS once per key, adds the turnover, audits, and lists it with the turnover left', async () => {
    const m = await t.member();
    const k = key();
    const body = { memberId: m.memberId, amount: 5_000, reason: 'Welcome bonus', idempotencyKey: k };
    const first = await grant(body);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      memberId: m.memberId,
      amount: 5_000,
      balanceAfter: 5_000,
      replayed: false,
    });
    const multiple = (await t.ops(walletRoutes.getSettings.path, { token: admin.token })).body.value.withdraw
      .turnoverMultiple as number;
    expect(first.body.value.turnoverAdded).toBe(5_000 * multiple);
    const again = await grant(body);
    expect(again.body.value).toEqual({ ...first.body.value, replayed: true });
    expectFailure(await grant({ ...body, amount: 6_000 }), 409, 'idempotency_conflict');

    const audits = await sql<{ n: number }>`select count(*)::int as n from operator_audit
      where action = 'wallet.bonus' and subject_id = ${String(m.memberId)}`.execute(db());
    expect(audits.rows[0]!.n).toBe(1);
    const transfers = await db()
      .selectFrom('ledger_transfer')
      .select(['kind', 'amount'])
      .where('reference', '=', `bonus:${k}`)
      .execute();
    expect(transfers.map((r) => [r.kind, Number(r.amount)])).toEqual([['BONUS', 5_000]]);

    const res = await t.client.call(walletRoutes.bonuses.path, { token: m.token });
    expect(res.status).toBe(200);
    const page = bonusPageSchema.parse(res.body.value);
    expect(page.items.map((i) => [i.type, i.amount])).toEqual([['BONUS', 5_000]]);
    expect(page.turnoverRemaining).toBe(5_000 * multiple);
    expect(page.turnoverRequired).toBe(5_000 * multiple);
    // The account record shows it too, under its kind.
    const record = await t.client.call(`${walletRoutes.records.path}?type=BONUS`, { token: m.token });
    expect(record.body.value.items).toHaveLength(1);
  });

  it('is for finance and admin only, and refuses bad bodies writing nothing', async () => {
    const m = await t.member();
    const support = await t.operator('support');
    expectFailure(
      await grant(
        { memberId: m.memberId, amount: 100, reason: 'Not mine', idempotencyKey: key() },
        support.token,
      ),
      403,
      'forbidden',
    );
    expectFailure(
      await grant({ memberId: 99_999_999, amount: 100, reason: 'Nobody', idempotencyKey: key() }),
      404,
      'not_found',
    );
    const before = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_transfer where kind = 'BONUS'`.execute(db());
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            memberId: fc.oneof(fc.constant(m.memberId), fc.integer(), fc.string(), fc.double()),
            amount: fc.oneof(
              fc.integer({ max: 0 }),
              fc.double({ noInteger: true }),
              fc.string(),
              fc.constant(null),
            ),
            reason: fc.oneof(fc.string({ maxLength: 2 }), fc.constant('Valid reason')),
            idempotencyKey: fc.oneof(
              fc.string({ maxLength: 7 }),
              fc.constant('bad key!'),
              fc.constant(key()),
            ),
            extra: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        async (b) => {
          const res = await grant(b);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body.code).toBe('string');
        },
      ),
      { numRuns: 200 },
    );
    const after = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_transfer where kind = 'BONUS'`.execute(db());
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  }, 120_000);
});

describe('bad input', () => {
  const junk = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '-1',
      '0',
      '101',
      '1.5',
      '1e3',
      ' 1',
      '2026-13-01T00:00:00Z',
      'ESPORTZ',
      'settled',
      '9'.repeat(20),
    ),
  );
  const keys = ['category', 'vendor', 'status', 'from', 'to', 'cursor', 'limit', 'period', 'other'];
  const badQuery = fc
    .dictionary(fc.constantFrom(...keys), junk, { minKeys: 1, maxKeys: 4 })
    .filter((q) => Object.keys(q).length > 0);

  for (const [name, path] of [
    ['bets', gamesRoutes.betRecords.path],
    ['profit', gamesRoutes.profit.path],
    ['bonuses', walletRoutes.bonuses.path],
  ] as const) {
    it(`${name}: 200+ generated queries answer 2xx or a 4xx with a code, never a 500, writing nothing`, async () => {
      const m = await funded(0);
      const before = await sql<{
        n: number;
      }>`select (select count(*) from bet_record)::int + (select count(*) from ledger_transfer)::int as n`.execute(
        db(),
      );
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(badQuery, async (q) => {
          const res = await t.client.call(`${path}?${new URLSearchParams(q)}`, { token: m.token });
          expect(res.status).not.toBeGreaterThanOrEqual(500);
          if (res.status >= 400) {
            refused++;
            expect(res.status).toBe(400);
            expect(typeof res.body.code).toBe('string');
            expect(typeof res.body.message).toBe('string');
          }
        }),
        { numRuns: 220 },
      );
      expect(refused).toBeGreaterThan(100);
      const after = await sql<{
        n: number;
      }>`select (select count(*) from bet_record)::int + (select count(*) from ledger_transfer)::int as n`.execute(
        db(),
      );
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    }, 120_000);
  }

  it('refuses reversed and too long ranges', async () => {
    const m = await funded(0);
    expectFailure(
      await bets(m.token, { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
      400,
      'invalid_input',
    );
    expectFailure(
      await t.client.call(`${gamesRoutes.profit.path}?from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`, {
        token: m.token,
      }),
      400,
      'invalid_input',
    );
    expectFailure(await t.client.call(gamesRoutes.profit.path, { token: m.token }), 400, 'invalid_input');
  });
});
