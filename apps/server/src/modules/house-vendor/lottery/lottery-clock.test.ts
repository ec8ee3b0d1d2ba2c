/**
 * The sandbox lottery clock (POST /dev/lottery/draw): a journey skips to the running period's draw
 * instead of racing it. The app's own draw loop runs here (1 s ticks), as in the e2e gateway.
 */
import { randomBytes } from 'node:crypto';
import {
  errorEnvelopeSchema,
  lotteryRoutes,
  type HouseLotteryState,
  type LotteryTicket,
} from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { authClient, type AuthClient } from '../../../test/auth-client.ts';
import { startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { getLgw, launchLotteryPlayer } from '../../../test/lottery-player.ts';

let database: TestDatabase;
let server: RunningApp;
let client: AuthClient;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  server = await startApp(database.db, {
    TRUST_PROXY: 'true',
    LOTTERY_PERIOD_SECONDS: 'HOUSE_5D=600',
    LOTTERY_TICK_SECONDS: '1',
  });
  await seedDemoLobby(database.db);
  client = await authClient(server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const draw = (body: unknown, ip?: string) =>
  client.call('/dev/lottery/draw', { body, ...(ip ? { ip } : {}) });

describe('the sandbox lottery clock', () => {
  it('answers only clients on this machine', async () => {
    const res = await draw({ gameCode: 'QUICK5D' }, '198.51.100.7');
    expect(res.status).toBe(403);
    expect(errorEnvelopeSchema.parse(res.body)).toMatchObject({ code: 'forbidden' });
    expect(res.body.message).toContain('SANDBOX_ALLOW_REMOTE');
  });

  it('refuses a game it does not run and a malformed body', async () => {
    const unknown = await draw({ gameCode: 'NOPE' });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect(errorEnvelopeSchema.parse(unknown.body).success).toBe(false);
    const bad = await draw({ gameCode: 'QUICK5D', extra: 1 });
    expect(bad.status).toBe(400);
  });

  it('skips to the running period draw: it draws, and the next period opens with its betting time ahead', async () => {
    const player = await launchLotteryPlayer(client, database.db, { credit: 10_000 });
    const state = async (): Promise<HouseLotteryState> => {
      const res = await client.call(lotteryRoutes.houseState.path, { body: { session: player.session } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.value as HouseLotteryState;
    };
    const before = await state();
    const moved = await draw({ gameCode: 'QUICK5D' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.value.due).toBe(before.current.periodId);
    expect(moved.body.value.open).not.toBe(before.current.periodId);

    const after = await state();
    expect(after.current.periodId).toBe(moved.body.value.open);
    expect(after.current.state).toBe('open');
    // A 600 s period closing 30 s before its draw, entered a second after it opened.
    expect(Date.parse(after.current.closesAt) - Date.parse(after.serverTime)).toBeGreaterThan(560_000);

    // A ticket in the open period, then its draw on demand: settled by the app's own loop.
    const bought = await client.call(lotteryRoutes.houseBuy.path, {
      body: {
        session: player.session,
        requestId: randomBytes(9).toString('base64url'),
        periodId: after.current.periodId,
        bets: [{ market: 'sum-big-small', selection: 'big', stake: 100 }],
      },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const again = await draw({ gameCode: 'QUICK5D' });
    expect(again.body.value.due).toBe(after.current.periodId);
    const ticketOf = async (): Promise<LotteryTicket | undefined> => {
      const res = await client.call(lotteryRoutes.houseTickets.path, {
        body: { session: player.session, periodId: after.current.periodId },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.value.tickets as LotteryTicket[])[0];
    };
    let ticket = await ticketOf();
    for (let i = 0; i < 120 && ticket?.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      ticket = await ticketOf();
    }
    expect(ticket?.status).toMatch(/^(won|lost)$/);
    const opened = await getLgw(server.url, lotteryRoutes.openedNumero.path, {
      gameCode: 'QUICK5D',
      periodId: after.current.periodId,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.value.opened.digits).toHaveLength(5);
  });
});
