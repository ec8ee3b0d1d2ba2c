/**
 * The sandbox vendor: a launched sandbox game plays rounds through the vendor wallet API over HTTP;
 * retries replay the same round; the stated RTP holds for the outcome rule.
 */
import { randomBytes } from 'node:crypto';
import { gamesRoutes, houseRoutes, loginValueSchema, walletRoutes } from '@banca/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import {
  expectFailure,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../../test/auth-client.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../../wallet/index.ts';
import { sandboxGame } from '@banca/house-games';
import { sandboxPayout, sandboxWins } from './sandbox-games.ts';

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
  await seedDemoLobby(t.database.db);
}, 120_000);
afterAll(() => t?.close());

/** A new member holding `amount`, a launch of `nodeId`, and its sandbox session. */
async function sandboxSession(nodeId: string, amount: number) {
  const ip = freshIp();
  const account = freshUsername('sbx');
  const [memberId] = await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
  const login = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  const token = loginValueSchema.parse(login.body.value).token;
  const balance = await t.client.call(walletRoutes.balance.path, { method: 'GET', token });
  const currency = balance.body.value.currency as string;
  const wallet = await ensureMemberWallet(t.database.db, memberId!, 'banca', currency);
  const house = await houseAccount(t.database.db, 'banca', 'ADJUSTMENTS', currency);
  await transfer(t.database.db, {
    idempotencyKey: `sbx-test:${randomBytes(6).toString('hex')}`,
    debitAccountId: house.id,
    creditAccountId: wallet.id,
    amount,
    kind: 'ADJUSTMENT',
    reference: 'test',
  });
  const launch = await t.client.call(gamesRoutes.launchGame.path, { body: { nodeId }, token });
  expect(launch.status, JSON.stringify(launch.body)).toBe(200);
  const url = new URL(launch.body.value.url, 'http://x');
  expect(url.pathname).toBe('/sandbox/play');
  const opened = await t.client.call(houseRoutes.openSession.path, {
    body: { launch: url.searchParams.get('launch'), vendor: url.searchParams.get('vendor') },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { session: opened.body.value.session as string, token, memberId: memberId! };
}

const play = (body: unknown) => t.client.call(houseRoutes.sandboxPlay.path, { body });
const newRequestId = () => randomBytes(8).toString('hex');

describe('sandbox rounds', () => {
  it('moves the balance by payout - stake, records the round, and replays a retried request', async () => {
    const { session, token } = await sandboxSession('SANDBOX-LIVE_BACCARAT', 100_000);
    let expected = 100_000;
    for (let i = 0; i < 12; i++) {
      const requestId = newRequestId();
      const res = await play({ session, requestId, amount: 1_000, pick: i % 2 ? 'A' : 'B' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const round = res.body.value;
      expect(round).toMatchObject({ category: 'LIVE', multiplier: 2, rtp: 0.95, stake: 1_000 });
      expect(round.payout).toBe(round.won ? 2_000 : 0);
      expected += round.payout - 1_000;
      expect(round.balance).toBe(expected);
      // The same request again: the same round, no money moves.
      const again = await play({ session, requestId, amount: 1_000 });
      expect(again.body.value).toEqual(round);
      const record = await t.database.db
        .selectFrom('bet_record')
        .select(['stake', 'payout', 'status', 'game_type'])
        .where('vendor', '=', 'SANDBOX')
        .where('round_id', '=', round.roundId)
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({ status: 'SETTLED', game_type: 'LIVE' });
      expect([Number(record.stake), Number(record.payout)]).toEqual([1_000, round.payout]);
    }
    const balance = await t.client.call(walletRoutes.balance.path, { method: 'GET', token });
    expect(balance.body.value.balance).toBe(expected);
  });

  it('refuses a reused request id with another stake, and a stake above the balance', async () => {
    const { session } = await sandboxSession('IMES-ESPORTS', 5_000);
    const requestId = newRequestId();
    const first = await play({ session, requestId, amount: 1_000 });
    expect(first.body.value.category).toBe('ESPORTS');
    expectFailure(await play({ session, requestId, amount: 2_000 }), 409, 'house_request_conflict');
    const balance = first.body.value.balance as number;
    const poor = expectFailure(
      await play({ session, requestId: newRequestId(), amount: balance + 1 }),
      409,
      'house_insufficient_funds',
    );
    expect(poor.value).toMatchObject({ balance });
  });

  it('refuses bad bodies with invalid_input and unknown sessions, and moves nothing', async () => {
    const { session } = await sandboxSession('SV3-COCKFIGHT', 5_000);
    const snapshot = async () =>
      (
        await sql<{ transfers: number; calls: number; rounds: number }>`
          select (select count(*)::int from ledger_transfer) as transfers,
                 (select count(*)::int from vendor_transaction) as calls,
                 (select count(*)::int from bet_record) as rounds`.execute(t.database.db)
      ).rows[0];
    const before = await snapshot();
    const valid = { session, requestId: 'abcdefgh12', amount: 100 };
    const bodies = fc.sample(
      fc.oneof(
        fc.record({
          session: fc.oneof(fc.constant(session), fc.string({ maxLength: 50 }), fc.constant(null)),
          requestId: fc.oneof(fc.string({ maxLength: 45 }), fc.integer(), fc.constant('')),
          amount: fc.oneof(
            fc.integer({ max: 0 }),
            fc.double({ noNaN: true }).filter((n) => !Number.isInteger(n)),
            fc.constantFrom('100', null, 1e11, -5),
          ),
        }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.record({
          ...Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, fc.constant(v)])),
          x: fc.jsonValue(),
        }),
      ),
      { numRuns: 220, seed: 11 },
    );
    for (const body of bodies) {
      const res = await play(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expectFailure(await play({ ...valid, session: 'Z'.repeat(43) }), 401, 'house_session_invalid');
    expect(await snapshot()).toEqual(before);
  });

  it('launches every sandbox category', async () => {
    for (const [nodeId, category] of [
      ['SANDBOX-FISH_OCEAN', 'FISH'],
      ['SANDBOX-PVP_POKER', 'PVP'],
      ['SANDBOX-SPORTSBOOK', 'SPORTS'],
    ] as const) {
      const { session } = await sandboxSession(nodeId, 10_000);
      const res = await play({ session, requestId: newRequestId(), amount: 500 });
      expect(res.body.value.category).toBe(category);
    }
  });
});

describe('sandbox outcome rule', () => {
  it('pays with probability rtp / multiplier, so its return is the stated RTP', () => {
    const secret = Buffer.from('a'.repeat(64), 'hex');
    for (const [vendor, code] of [
      ['SANDBOX', 'LIVE_BACCARAT'],
      ['SANDBOX', 'FISH_OCEAN'],
      ['SV3', 'COCKFIGHT'],
    ] as const) {
      const game = sandboxGame(vendor, code)!;
      const n = 200_000;
      let paid = 0;
      for (let i = 0; i < n; i++)
        if (sandboxWins(secret, `${vendor}:r${i}`, game)) paid += sandboxPayout(100, game);
      // Binomial standard error of the return at this n is under 0.003 for these multipliers.
      expect(Math.abs(paid / (100 * n) - game.rtp)).toBeLessThan(0.012);
    }
    expect(sandboxGame('SANDBOX', 'SLOT5X3')).toBeUndefined();
    expect(sandboxGame('BANCA', 'LIVE_BACCARAT')).toBeUndefined();
  });
});
