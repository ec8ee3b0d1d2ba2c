/**
 * The house slot and dice over HTTP, as a player: launch from the lobby, open the house session, spin
 * and roll through /house/api (which calls the gateway's vendor wallet API over HTTP). Idempotent
 * retries, insufficient funds, fairness rotate/reveal with verifyRound, and the recovery job.
 * PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { gamesRoutes, houseRoutes, loginValueSchema, walletRoutes, type HouseRound } from '@banca/contract';
import { HOUSE_SLOT, verifyRound } from '@banca/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../seed/demo-lobby.ts';
import {
  expectFailure,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../test/auth-client.ts';
import { devPlayers } from '../../platform/vendor-api/vendor-client.ts';
import type { GatewayWallet } from './gateway-wallet.ts';
import { recoverHouseRounds, requireHousePlayer } from './index.ts';
import { playRound } from './house-play.service.ts';
import { HouseError } from './house-vendor.errors.ts';

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
  await seedDemoLobby(t.database.db);
}, 300_000);
afterAll(() => t?.close());

interface Player {
  session: string;
  token: string;
  account: string;
}

/** A member with `amount` on the wallet, launched into a BANCA game, with a house session. */
async function player(gameCode: 'SLOT5X3' | 'DICE', amount: number): Promise<Player> {
  const ip = freshIp();
  const account = freshUsername('hp');
  const [memberId] = await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
  // Funded through the gateway's sandbox (ADJUSTMENTS -> the member's wallet).
  if (amount > 0) await devPlayers(t.server.url, 'BANCA')({ amount, memberId: memberId! });
  const login = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  const token = loginValueSchema.parse(login.body.value).token;
  const launched = await t.client.call(gamesRoutes.launchGame.path, {
    body: { nodeId: `BANCA-${gameCode}`, language: 'EN' },
    token,
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const url = new URL(launched.body.value.url, 'http://x');
  const opened = await t.client.call(houseRoutes.openSession.path, {
    body: { launch: url.searchParams.get('launch'), vendor: 'BANCA' },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { session: opened.body.value.session, token, account };
}

const call = (path: string, body: object) => t.client.call(path, { body });
const balanceOf = async (p: Player): Promise<number> =>
  (await t.client.call(walletRoutes.balance.path, { method: 'GET', token: p.token })).body.value.balance;
const spin = (p: Player, requestId: string, betPerLine = 10, lines = 20) =>
  call(houseRoutes.spin.path, { session: p.session, requestId, betPerLine, lines });
const roll = (p: Player, requestId: string, stake = 500, direction = 'under', target = 5000) =>
  call(houseRoutes.roll.path, { session: p.session, requestId, stake, direction, target });

describe('house slot and dice', () => {
  it('spins: debits the total bet, credits the payout, answers the gateway balance', async () => {
    const p = await player('SLOT5X3', 100_000);
    let expected = 100_000;
    for (let i = 0; i < 5; i++) {
      const res = await spin(p, randomUUID());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { round, balance } = res.body.value as { round: HouseRound; balance: number };
      expect(round).toMatchObject({
        game: 'slot',
        gameCode: 'SLOT5X3',
        status: 'settled',
        stake: 200,
        nonce: i,
      });
      if (round.game !== 'slot') throw new Error('slot');
      expect(round.payout).toBe(round.outcome.totalPayout);
      expected += round.payout - 200;
      expect(balance).toBe(expected);
    }
    expect(await balanceOf(p)).toBe(expected);
  });

  it('rolls dice and a retried request answers the same round without a second debit', async () => {
    const p = await player('DICE', 10_000);
    const requestId = randomUUID();
    const first = await roll(p, requestId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const copies = await Promise.all([roll(p, requestId), roll(p, requestId), roll(p, requestId)]);
    for (const copy of copies) expect(copy.body.value).toEqual(first.body.value);
    const { round, balance } = first.body.value as { round: HouseRound; balance: number };
    if (round.game !== 'dice') throw new Error('dice');
    expect(round.outcome.won).toBe(round.outcome.roll < 5000);
    expect(balance).toBe(10_000 - 500 + round.payout);
    expect(await balanceOf(p)).toBe(balance);
    // The same request id with another bet is a conflict; nothing moves.
    expectFailure(await roll(p, requestId, 600), 409, 'house_request_conflict');
    expect(await balanceOf(p)).toBe(balance);
    const rows = await t.database.db
      .selectFrom('house_round')
      .select('round_id')
      .where('account', '=', p.account)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a bet above the balance with the balance, and the wrong game', async () => {
    const p = await player('DICE', 300);
    const res = expectFailure(await roll(p, randomUUID(), 500), 409, 'house_insufficient_funds');
    expect(res.value).toMatchObject({ balance: 300 });
    expect(await balanceOf(p)).toBe(300);
    expectFailure(await spin(p, randomUUID()), 409, 'house_wrong_game');
    expectFailure(await roll(p, randomUUID(), 100, 'under', 50), 400, 'house_bad_bet');
  });

  it('shows the seed hash before play, reveals it on rotation, and every round verifies', async () => {
    const p = await player('SLOT5X3', 50_000);
    const before = (await call(houseRoutes.fairness.path, { session: p.session })).body.value;
    expect(before).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nextNonce: 0 });
    const set = await call(houseRoutes.setClientSeed.path, {
      session: p.session,
      clientSeed: 'my lucky seed',
    });
    expect(set.body.value).toEqual({ ...before, clientSeed: 'my lucky seed' });
    for (let i = 0; i < 3; i++) expect((await spin(p, randomUUID(), 5, 10)).status).toBe(200);

    const listed = (await call(houseRoutes.rounds.path, { session: p.session, limit: 2 })).body.value;
    expect(listed.items.map((r: HouseRound) => r.nonce)).toEqual([2, 1]);
    expect(listed.items[0].serverSeed).toBeUndefined();
    const older = (await call(houseRoutes.rounds.path, { session: p.session, cursor: listed.nextCursor }))
      .body.value;
    expect(older.items.map((r: HouseRound) => r.nonce)).toEqual([0]);
    expect(older.nextCursor).toBeUndefined();

    const rotated = (await call(houseRoutes.rotateSeed.path, { session: p.session })).body.value;
    expect(rotated.revealed).toMatchObject({
      serverSeedHash: before.serverSeedHash,
      clientSeed: 'my lucky seed',
      rounds: 3,
    });
    expect(rotated.current.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(rotated.current).toMatchObject({ clientSeed: 'my lucky seed', nextNonce: 0 });

    for (const summary of [...listed.items, ...older.items] as HouseRound[]) {
      const round = (await call(houseRoutes.round.path, { session: p.session, roundId: summary.roundId }))
        .body.value as HouseRound;
      expect(round.serverSeed).toBe(rotated.revealed.serverSeed);
      if (round.game !== 'slot') throw new Error('slot');
      const verified = verifyRound({
        game: 'slot',
        definition: HOUSE_SLOT,
        bet: round.outcome.bet,
        serverSeed: round.serverSeed!,
        serverSeedHash: round.serverSeedHash,
        clientSeed: round.clientSeed,
        nonce: round.nonce,
      });
      expect(verified.seedMatchesHash).toBe(true);
      expect(verified.outcome).toEqual(round.outcome);
    }
    // Another player's round is not found.
    const other = await player('SLOT5X3', 0);
    expectFailure(
      await call(houseRoutes.round.path, { session: other.session, roundId: listed.items[0].roundId }),
      404,
      'house_round_not_found',
    );
  });
});

describe('recovery', () => {
  /** The real wallet client, but the calls named in `down` fail as an unreachable gateway would. */
  const flaky = (down: Set<string>, afterSending = false): GatewayWallet => ({
    async send(vendor, kind, body) {
      if (!down.has(kind)) return t.server.app.houseWallet.send(vendor, kind, body);
      // The call may reach the gateway and only its answer be lost.
      if (afterSending) await t.server.app.houseWallet.send(vendor, kind, body);
      throw new HouseError('house_wallet_unavailable', { call: kind });
    },
  });
  const later = () => new Date(Date.now() + 60_000);

  it('re-sends the credit of a debited round until the gateway confirms it, once', async () => {
    const p = await player('DICE', 10_000);
    const housePlayer = await requireHousePlayer(t.database.db, p.session);
    const down = new Set(['credit']);
    const wallet = flaky(down, true);
    const bet = { stake: 1_000, direction: 'over' as const, target: 200 };
    const requestId = randomUUID();
    await expect(
      playRound({ db: t.database.db, wallet }, housePlayer, { game: 'dice', requestId, bet }),
    ).rejects.toMatchObject({ code: 'house_round_pending' });
    const row = await t.database.db
      .selectFrom('house_round')
      .selectAll()
      .where('account', '=', p.account)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('debited');
    // Still down: the job tries and leaves it open.
    expect(await recoverHouseRounds(t.database.db, wallet, later())).toMatchObject({ failed: 1 });
    down.clear();
    expect(await recoverHouseRounds(t.database.db, wallet, later())).toMatchObject({ credited: 1 });
    // The credit the gateway already applied (answer lost) was not applied again.
    expect(await balanceOf(p)).toBe(10_000 - 1_000 + row.payout);
    // The player's retry now answers the settled round.
    const retry = await roll(p, requestId, 1_000, 'over', 200);
    expect(retry.body.value.round).toMatchObject({ status: 'settled', payout: row.payout });
    expect(retry.body.value.balance).toBe(10_000 - 1_000 + row.payout);
  });

  it('rolls back a debit never confirmed, and the round stays cancelled', async () => {
    const p = await player('SLOT5X3', 5_000);
    const housePlayer = await requireHousePlayer(t.database.db, p.session);
    const wallet = flaky(new Set(['debit']), true);
    const requestId = randomUUID();
    const bet = { betPerLine: 100, lines: 10 };
    await expect(
      playRound({ db: t.database.db, wallet }, housePlayer, { game: 'slot', requestId, bet }),
    ).rejects.toMatchObject({ code: 'house_wallet_unavailable' });
    // The debit went through unseen: the balance is down until the rollback.
    expect(await balanceOf(p)).toBe(4_000);
    expect(await recoverHouseRounds(t.database.db, t.server.app.houseWallet, later())).toMatchObject({
      rolledBack: 1,
    });
    expect(await balanceOf(p)).toBe(5_000);
    expectFailure(await spin(p, requestId, 100, 10), 409, 'house_round_cancelled');
    expect(await balanceOf(p)).toBe(5_000);
  });
});
