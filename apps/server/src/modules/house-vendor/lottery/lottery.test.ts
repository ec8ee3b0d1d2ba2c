/**
 * The house lottery over HTTP: launch, buy, draw, settle, idempotent retries, refusals, and the
 * gateway's public lottery calls. The draw job is played by the test at the draw's time (the app's
 * own loop is off in tests), through the same service the loop runs.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { lotteryRoutes, type LotteryTicket } from '@banca/contract';
import { QUICK_5D, settleTicket, verifyDraw } from '@banca/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { authClient, expectFailure, type AuthClient } from '../../../test/auth-client.ts';
import { startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import type { LotteryService } from './lottery.service.ts';
import {
  getLgw,
  launchLotteryPlayer,
  openState,
  PERIOD_SECONDS,
  testLottery,
  type LotteryPlayer,
} from '../../../test/lottery-player.ts';

let database: TestDatabase;
let server: RunningApp;
let client: AuthClient;
let lottery: LotteryService;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  server = await startApp(database.db, { TRUST_PROXY: 'true', LOTTERY_PERIOD_SECONDS: PERIOD_SECONDS });
  await seedDemoLobby(database.db);
  client = await authClient(server.url);
  lottery = await testLottery(database.db, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const requestId = () => randomBytes(9).toString('base64url');
const buy = (body: unknown) => client.call(lotteryRoutes.houseBuy.path, { body });
const tickets = async (session: string, extra: object = {}): Promise<LotteryTicket[]> => {
  const res = await client.call(lotteryRoutes.houseTickets.path, { body: { session, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.tickets;
};
const ticketRows = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from house_lottery_ticket`.execute(database.db))
    .rows[0]!.n;

describe('house lottery', () => {
  let player: LotteryPlayer;
  let periodId: string;
  let drawAt: string;
  let seedHash: string;
  let bought: LotteryTicket;

  it('shows the running period with its seed committed, and the coming ones', async () => {
    player = await launchLotteryPlayer(client, database.db, { credit: 50_000 });
    const state = await openState(client, player.session);
    expect(state.game).toMatchObject({ vassalage: 'LOTT', gameCode: 'QUICK5D', tableCode: 'HOUSE_5D' });
    expect(state.game.periodSeconds).toBe(20);
    expect(state.current.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(state.next.length).toBeGreaterThanOrEqual(2);
    expect(Date.parse(state.next[0]!.opensAt)).toBe(Date.parse(state.current.drawAt));
    // The seed itself is not shown before the draw.
    expect(JSON.stringify(state)).not.toContain('serverSeed":"');
    ({ periodId, drawAt, seedHash } = state.current);
  });

  it('buys a ticket with one debit, and a retry of the same request buys nothing more', async () => {
    const before = await player.balance();
    const body = {
      session: player.session,
      requestId: requestId(),
      periodId,
      bets: [
        { market: 'p1-digit', selection: '7', stake: 1_000 },
        { market: 'sum-big-small', selection: 'big', stake: 2_000 },
        { market: 'dragon-tiger', selection: 'tie', stake: 500 },
      ],
    };
    const res = await buy(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    bought = res.body.value.ticket;
    expect(bought).toMatchObject({ periodId, totalStake: 3_500, status: 'pending', totalPayout: null });
    expect(bought.bets.map((b) => b.odds)).toEqual([980, 196, 980]);
    expect(res.body.value.balance).toBe(before - 3_500);
    expect(await player.balance()).toBe(before - 3_500);

    const again = await buy(body);
    expect(again.status).toBe(200);
    expect(again.body.value.ticket.ticketId).toBe(bought.ticketId);
    expect(await player.balance()).toBe(before - 3_500);
    // The same request id for another purchase is a conflict, and buys nothing.
    expectFailure(
      await buy({ ...body, bets: [{ market: 'p1-digit', selection: '7', stake: 1_100 }] }),
      409,
      'lottery_request_conflict',
    );
    expect(await player.balance()).toBe(before - 3_500);
    expect((await tickets(player.session, { periodId })).map((t) => t.ticketId)).toEqual([bought.ticketId]);
  });

  it('refuses bets after the close, before the open and on unknown periods, writing nothing', async () => {
    const before = { rows: await ticketRows(), balance: await player.balance() };
    const state = await openState(client, player.session);
    const bet = [{ market: 'p1-big-small', selection: 'big', stake: 100 }];
    const recent = state.recent[0]?.periodId ?? periodId;
    // The period bought above may still be open; a past one is closed once the next one runs.
    const past = Date.parse(state.current.opensAt) > Date.parse(drawAt) - 1 ? periodId : recent;
    if (past !== state.current.periodId) {
      expectFailure(
        await buy({ session: player.session, requestId: requestId(), periodId: past, bets: bet }),
        409,
        'lottery_betting_closed',
      );
    }
    expectFailure(
      await buy({
        session: player.session,
        requestId: requestId(),
        periodId: state.next[0]!.periodId,
        bets: bet,
      }),
      409,
      'lottery_betting_closed',
    );
    for (const unknown of ['20261199-0001', '20261123-9999', '19990101-0001', '30000101-0001']) {
      expectFailure(
        await buy({ session: player.session, requestId: requestId(), periodId: unknown, bets: bet }),
        404,
        'lottery_unknown_period',
      );
    }
    const cur = state.current.periodId;
    for (const [bets, code] of [
      [[{ market: 'nope', selection: 'big', stake: 100 }], 'lottery_unknown_market'],
      [[{ market: 'p1-digit', selection: '10', stake: 100 }], 'lottery_unknown_selection'],
      [[{ market: 'p1-digit', selection: '1', stake: 99 }], 'lottery_stake_out_of_range'],
      [[{ market: 'p1-digit', selection: '1', stake: 1_000_001 }], 'lottery_stake_out_of_range'],
    ] as const) {
      expectFailure(
        await buy({ session: player.session, requestId: requestId(), periodId: cur, bets }),
        400,
        code,
      );
    }
    const poor = await launchLotteryPlayer(client, database.db, { credit: 150 });
    const refused = expectFailure(
      await buy({
        session: poor.session,
        requestId: requestId(),
        periodId: cur,
        bets: [{ market: 'p1-digit', selection: '1', stake: 200 }],
      }),
      409,
      'lottery_insufficient_funds',
    );
    expect(refused.value).toEqual({ balance: 150 });
    expectFailure(
      await buy({ session: 'A'.repeat(43), requestId: requestId(), periodId: cur, bets: bet }),
      401,
      'house_session_invalid',
    );
    expect(await ticketRows()).toBe(before.rows);
    expect(await player.balance()).toBe(before.balance);
    expect(await poor.balance()).toBe(150);
  });

  it('draws the period once and settles the ticket once, crediting its payout', async () => {
    const before = await player.balance();
    const at = new Date(Date.parse(drawAt) + 1);
    const first = await lottery.runDue(at);
    expect(first.drawn).toBeGreaterThanOrEqual(1);
    expect(first.settled).toBeGreaterThanOrEqual(1);
    const again = await lottery.runDue(at);
    expect(again).toMatchObject({ settled: 0, voided: 0 });

    const opened = await getLgw(server.url, lotteryRoutes.openedNumero.path, {
      gameCode: 'QUICK5D',
      periodId,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const { digits, serverSeed } = opened.body.value.opened;
    // The revealed seed is the one committed, and it makes these digits.
    expect(verifyDraw({ table: QUICK_5D, periodId, serverSeed, serverSeedHash: seedHash })).toEqual({
      seedMatchesHash: true,
      digits,
    });
    const expected = settleTicket(QUICK_5D, bought.bets, digits);
    const [ticket] = await tickets(player.session, { periodId });
    expect(ticket).toMatchObject({
      ticketId: bought.ticketId,
      status: expected.totalPayout > 0 ? 'won' : 'lost',
      totalPayout: expected.totalPayout,
      digits,
    });
    expect(ticket!.bets.map((b) => b.payout)).toEqual(expected.bets.map((b) => b.payout));
    expect(await player.balance()).toBe(before + expected.totalPayout);
    // The round at the gateway: one debit, one closing credit, equal to the ticket's money.
    const { rows } = await sql<{ stake: string; payout: string; status: string }>`
      select stake::text, payout::text, status from bet_record where vendor = 'LOTT' and round_id = ${`lt:${bought.ticketId}`}`.execute(
      database.db,
    );
    expect(rows.map((r) => ({ stake: Number(r.stake), payout: Number(r.payout) }))).toEqual([
      { stake: 3_500, payout: expected.totalPayout },
    ]);
  });

  it('answers the gateway lottery calls from real periods', async () => {
    const menu = await getLgw(server.url, lotteryRoutes.gameMenu.path, { language: 'EN' });
    expect(menu.status, JSON.stringify(menu.body)).toBe(200);
    expect(menu.body.value.games.map((g: { gameCode: string }) => g.gameCode)).toEqual([
      'QUICK5D',
      'VN5D',
      'SEA5D',
    ]);
    const recent = await getLgw(server.url, lotteryRoutes.gameMenuRecent.path);
    const quick = recent.body.value.games.find((g: { gameCode: string }) => g.gameCode === 'QUICK5D');
    expect(quick.latest.periodId >= periodId).toBe(true);
    const list = await getLgw(server.url, lotteryRoutes.openedNumbers.path, {
      gameCode: 'QUICK5D',
      pageSize: '5',
    });
    expect(list.status).toBe(200);
    expect(list.body.value.list.some((p: { periodId: string }) => p.periodId === periodId)).toBe(true);
    expectFailure(
      await getLgw(server.url, lotteryRoutes.openedNumbers.path, { gameCode: 'NOPE' }),
      404,
      'lottery_game_not_found',
    );
    expectFailure(await getLgw(server.url, lotteryRoutes.openedNumbers.path, {}), 400, 'invalid_input');
    // A period still to come (the test drew the bought one at its draw time, maybe ahead of the clock).
    const state = await client.call(lotteryRoutes.houseState.path, { body: { session: player.session } });
    const coming = state.body.value.next.at(-1).periodId;
    expectFailure(
      await getLgw(server.url, lotteryRoutes.openedNumero.path, { gameCode: 'QUICK5D', periodId: coming }),
      404,
      'lottery_not_drawn',
    );
  });

  it('refunds a purchase whose debit was never confirmed when its period draws', async () => {
    const poorer = await launchLotteryPlayer(client, database.db, { credit: 10_000 });
    const state = await openState(client, poorer.session);
    // A purchase that stopped after claiming its row (the gateway never answered): made by hand.
    const id = randomBytes(16).toString('hex');
    await database.db
      .insertInto('house_lottery_ticket')
      .values({
        id,
        vendor: 'LOTT',
        game_code: 'HOUSE_5D',
        catalogue_game: 'QUICK5D',
        period_id: state.current.periodId,
        account: poorer.account,
        player_session: (
          await sql<{
            p: string;
          }>`select player_session as p from house_session order by created_at desc limit 1`.execute(
            database.db,
          )
        ).rows[0]!.p,
        request_id: 'stuck-request-1',
        bets: JSON.stringify([{ market: 'p1-digit', selection: '1', stake: 100, odds: 980 }]),
        total_stake: 100,
        status: 'buying',
        created_at: new Date(),
      })
      .execute();
    const result = await lottery.runDue(new Date(Date.parse(state.current.drawAt) + 1));
    expect(result.voided).toBe(1);
    const [ticket] = await tickets(poorer.session, { status: 'void' });
    expect(ticket).toMatchObject({ ticketId: id, status: 'void', totalPayout: 0 });
    expect(await poorer.balance()).toBe(10_000);
  });
});
