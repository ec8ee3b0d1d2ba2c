/**
 * Two gateway nodes on one PostgreSQL run the lottery's draw job at the same moment, several times
 * over, after one node "crashed" having credited a ticket without recording it: each period is drawn
 * once, each ticket settled once (one debit and at most one credit per round), the ledger sums to
 * zero and each ticket's round equals its money. Skipped without TEST_DATABASE_URL (PGlite has one
 * session: nothing runs side by side).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { lotteryRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../database.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { authClient, type AuthClient } from '../../../test/auth-client.ts';
import { startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import type { LotteryService } from './lottery.service.ts';
import { creditIdOf } from './lottery-settlement.ts';
import { roundIdOf } from './lottery-tickets.ts';
import { drawLottery, QUICK_5D, settleTicket } from '@banca/house-games';
import {
  launchLotteryPlayer,
  openState,
  PERIOD_SECONDS,
  testLottery,
  testWallet,
} from '../../../test/lottery-player.ts';

const PLAYERS = 6;
const TICKETS_EACH = 3;

describe.runIf(TEST_DATABASE_URL)('lottery settlement with two gateway nodes (PostgreSQL)', () => {
  let database: TestDatabase;
  const pools: DatabaseHandle<Database>[] = [];
  const nodes: RunningApp[] = [];
  const clients: AuthClient[] = [];
  const lotteries: LotteryService[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    for (let i = 0; i < 2; i++) {
      const pool = await openDatabase<Database>({
        kind: 'postgres',
        url: TEST_DATABASE_URL!,
        schema: database.schema,
        max: 4,
      });
      pools.push(pool);
      const node = await startApp(pool.db, { TRUST_PROXY: 'true', LOTTERY_PERIOD_SECONDS: PERIOD_SECONDS });
      nodes.push(node);
      clients.push(await authClient(node.url));
    }
    await seedDemoLobby(database.db);
    for (let i = 0; i < 2; i++) lotteries.push(await testLottery(pools[i]!.db, nodes[i]!.url));
  }, 300_000);
  afterAll(async () => {
    for (const node of nodes) await node.close();
    for (const pool of pools) await pool.close();
    await database?.close();
  });

  it('settles each period and each ticket once', async () => {
    const players = [];
    for (let i = 0; i < PLAYERS; i++) {
      players.push(await launchLotteryPlayer(clients[i % 2]!, database.db, { credit: 100_000 }));
    }
    const state = await openState(clients[0]!, players[0]!.session);
    const markets = ['p1-big-small', 'sum-odd-even', 'dragon-tiger', 'p3-digit'];
    await Promise.all(
      players.flatMap((p, i) =>
        Array.from({ length: TICKETS_EACH }, async (_, k) => {
          const market = QUICK_5D.markets.find((m) => m.code === markets[(i + k) % markets.length])!;
          const res = await clients[(i + k) % 2]!.call(lotteryRoutes.houseBuy.path, {
            body: {
              session: p.session,
              requestId: randomBytes(9).toString('base64url'),
              periodId: state.current.periodId,
              bets: [
                {
                  market: market.code,
                  selection: market.selections[k % market.selections.length]!.code,
                  stake: 1_000 + k,
                },
              ],
            },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }),
      ),
    );
    const at = new Date(Date.parse(state.current.drawAt) + 1);

    // A node that credited one ticket and died before recording it: the same credit, sent by hand.
    const [one] = await database.db
      .selectFrom('house_lottery_ticket')
      .selectAll()
      .where('period_id', '=', state.current.periodId)
      .limit(1)
      .execute();
    const { rows: seedRows } = await sql<{ server_seed: string }>`
      select server_seed from house_lottery_period where game_code = 'HOUSE_5D' and period_id = ${state.current.periodId}`.execute(
      database.db,
    );
    const digits = drawLottery(seedRows[0]!.server_seed, 'HOUSE_5D', state.current.periodId);
    const payout = settleTicket(QUICK_5D, one!.bets, digits).totalPayout;
    const wallet = await testWallet(database.db, nodes[1]!.url);
    const early = await wallet.send('LOTT', 'credit', {
      playerSession: one!.player_session,
      transactionId: creditIdOf(one!.id),
      roundId: roundIdOf(one!.id),
      amount: payout,
      closeRound: true,
    });
    expect(early.body.status).toBe('OK');

    const results = await Promise.all([
      lotteries[0]!.runDue(at),
      lotteries[1]!.runDue(at),
      lotteries[0]!.runDue(at),
      lotteries[1]!.runDue(at),
    ]);
    const again = await Promise.all([lotteries[0]!.runDue(at), lotteries[1]!.runDue(at)]);
    const total = PLAYERS * TICKETS_EACH;
    expect(results.reduce((s, r) => s + r.settled, 0)).toBe(total);
    expect(again.reduce((s, r) => s + r.settled + r.voided + r.failed, 0)).toBe(0);
    const { rows: drawnRows } = await sql<{ n: number }>`
      select count(*)::int as n from house_lottery_period where digits is not null`.execute(database.db);
    expect(results.reduce((s, r) => s + r.drawn, 0)).toBe(drawnRows[0]!.n);

    const tickets = await database.db
      .selectFrom('house_lottery_ticket')
      .selectAll()
      .where('period_id', '=', state.current.periodId)
      .execute();
    expect(tickets).toHaveLength(total);
    for (const t of tickets) {
      const expected = settleTicket(QUICK_5D, t.bets, digits).totalPayout;
      expect(t.status).toBe(expected > 0 ? 'won' : 'lost');
      expect(Number(t.total_payout)).toBe(expected);
    }
    expect(payout).toBe(Number(tickets.find((t) => t.id === one!.id)!.total_payout));

    // At the gateway: each ticket's round has one debit and one credit, and equals its money.
    const { rows: rounds } = await sql<{ reference: string; debits: number; credits: number; net: string }>`
      select reference,
        count(*) filter (where kind = 'BET')::int as debits,
        count(*) filter (where kind = 'BET_PAYOUT')::int as credits,
        sum(case when kind = 'BET' then -amount else amount end)::text as net
      from ledger_transfer where reference like 'round:LOTT:lt:%' group by reference`.execute(database.db);
    const byRef = new Map(rounds.map((r) => [r.reference, r]));
    for (const t of tickets) {
      const round = byRef.get(`round:LOTT:${roundIdOf(t.id)}`);
      expect(round, t.id).toBeDefined();
      // A zero credit moves no money: a losing ticket has a debit and no payout transfer.
      expect(round!.debits).toBe(1);
      expect(round!.credits).toBe(Number(t.total_payout) > 0 ? 1 : 0);
      expect(Number(round!.net)).toBe(Number(t.total_payout) - Number(t.total_stake));
    }
    const { rows: records } = await sql<{ n: number }>`
      select count(*)::int as n from bet_record where vendor = 'LOTT' and status <> 'SETTLED'`.execute(
      database.db,
    );
    expect(records[0]!.n).toBe(0);
    const { rows: sums } = await sql<{ total: string }>`
      select coalesce(sum(balance), 0)::text as total from ledger_account`.execute(database.db);
    expect(Number(sums[0]!.total)).toBe(0);
  }, 300_000);
});
