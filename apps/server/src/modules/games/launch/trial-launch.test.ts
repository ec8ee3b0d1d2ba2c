/**
 * The free trial (issue 25 item 1, spec sections 2, 6, 7): a visitor's free play creates a trial
 * account; GCS_gameLaunchFB opens the tile's game in play money (XPL) on the house slot and the
 * sandbox vendor, through the same vendor wallet API, and every round moves play-money accounts only
 * (the member's XPL wallet against HOUSE_PLAY); a real launch by the trial account stays refused
 * with in_need_true_account. Over HTTP, as the house game pages play. PGlite by default; PostgreSQL
 * with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import {
  authRoutes,
  FREE_PLAY_BALANCE,
  gamesRoutes,
  houseRoutes,
  loginValueSchema,
  PLAY_MONEY_CURRENCY,
  walletRoutes,
} from '@banca/contract';
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

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
  await seedDemoLobby(t.database.db);
}, 120_000);
afterAll(() => t?.close());

const call = (route: { path: string; method: string }, body: unknown, token?: string) =>
  t.client.call(route.path, { method: route.method, body, ...(token ? { token } : {}) });

/** A visitor's free play: a new trial account, logged in. */
async function visitorTrial(): Promise<string> {
  const res = await t.client.call(authRoutes.freePlay.path, {
    body: { os: 'linux', platform: 'W' },
    ip: freshIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return loginValueSchema.parse(res.body.value).token;
}

/** The free-trial launch of `nodeId` and the game page's session (what /house/play and /sandbox/play do). */
async function openTrialGame(token: string, nodeId: string) {
  const launched = await call(gamesRoutes.launchGameFB, { nodeId, language: 'EN' }, token);
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const url = new URL(launched.body.value.url, 'http://x');
  const opened = await t.client.call(houseRoutes.openSession.path, {
    body: { launch: url.searchParams.get('launch'), vendor: url.searchParams.get('vendor') },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return {
    path: url.pathname,
    ...(opened.body.value as { session: string; currency: string; balance: number }),
  };
}

const balanceOf = async (token: string) =>
  (await t.client.call(walletRoutes.balance.path, { method: 'GET', token })).body.value as {
    balance: number;
    currency: string;
  };

/** Every ledger account's balance, by id, with its kind and currency. */
const accounts = () =>
  t.database.db
    .selectFrom('ledger_account')
    .select(['id', 'kind', 'currency', 'balance', 'member_id'])
    .execute();

describe('free trial', () => {
  it('a visitor plays the house slot and a sandbox game in play money; only play-money accounts move', async () => {
    const before = await accounts();
    const lastTransfer = await t.database.db
      .selectFrom('ledger_transfer')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const token = await visitorTrial();
    expect(await balanceOf(token)).toMatchObject({
      balance: FREE_PLAY_BALANCE,
      currency: PLAY_MONEY_CURRENCY,
    });

    // The house slot, from its tile's free-trial button.
    const slot = await openTrialGame(token, 'BANCA-SLOT5X3');
    expect(slot).toMatchObject({
      path: '/house/play',
      currency: PLAY_MONEY_CURRENCY,
      balance: FREE_PLAY_BALANCE,
    });
    let expected = FREE_PLAY_BALANCE;
    // Rounds that paid something: each is one payout transfer (a losing round credits nothing).
    let paid = 0;
    for (let i = 0; i < 3; i++) {
      const res = await t.client.call(houseRoutes.spin.path, {
        body: { session: slot.session, requestId: randomUUID(), betPerLine: 10, lines: 20 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { round, balance } = res.body.value as {
        round: { stake: number; payout: number };
        balance: number;
      };
      expected += round.payout - round.stake;
      if (round.payout > 0) paid++;
      expect(balance).toBe(expected);
    }

    // A sandbox game, the same way.
    const sandbox = await openTrialGame(token, 'SANDBOX-LIVE_BACCARAT');
    expect(sandbox).toMatchObject({
      path: '/sandbox/play',
      currency: PLAY_MONEY_CURRENCY,
      balance: expected,
    });
    for (let i = 0; i < 3; i++) {
      const res = await t.client.call(houseRoutes.sandboxPlay.path, {
        body: { session: sandbox.session, requestId: randomUUID(), amount: 1_000, pick: 'B' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const value = res.body.value as { stake: number; payout: number; balance: number };
      expected += value.payout - value.stake;
      if (value.payout > 0) paid++;
      expect(value.balance).toBe(expected);
    }
    expect(await balanceOf(token)).toEqual(expect.objectContaining({ balance: expected }));

    // The ledger: every transfer since the visitor arrived is play money between play-money accounts
    // (the grant from HOUSE_PLAY, then bets and wins against HOUSE_PLAY); no cash account moved.
    const moved = await t.database.db
      .selectFrom('ledger_transfer as x')
      .innerJoin('ledger_account as d', 'd.id', 'x.debit_account_id')
      .innerJoin('ledger_account as c', 'c.id', 'x.credit_account_id')
      .select([
        'x.kind',
        'x.currency',
        'd.kind as debitKind',
        'd.currency as debitCurrency',
        'c.kind as creditKind',
        'c.currency as creditCurrency',
      ])
      .where('x.id', '>', Number(lastTransfer?.id ?? 0))
      .execute();
    // Which rounds win is chance (all six lose about one run in twenty): the payouts are counted.
    expect(moved.filter((m) => m.kind === 'PLAY_MONEY_GRANT')).toHaveLength(1);
    expect(moved.filter((m) => m.kind === 'BET_PAYOUT')).toHaveLength(paid);
    expect(moved.filter((m) => !['PLAY_MONEY_GRANT', 'BET', 'BET_PAYOUT'].includes(m.kind))).toEqual([]);
    for (const m of moved) {
      expect(m).toMatchObject({ currency: 'XPL', debitCurrency: 'XPL', creditCurrency: 'XPL' });
      expect(['MEMBER', 'HOUSE_PLAY']).toContain(m.debitKind);
      expect(['MEMBER', 'HOUSE_PLAY']).toContain(m.creditKind);
    }
    expect(moved.filter((m) => m.kind === 'BET')).toHaveLength(6);
    const after = new Map((await accounts()).map((a) => [a.id, a]));
    for (const a of before.filter((x) => x.currency !== PLAY_MONEY_CURRENCY)) {
      expect(after.get(a.id)?.balance, `${a.kind} ${a.currency}`).toBe(a.balance);
    }
    expect([...after.values()].filter((a) => a.currency !== PLAY_MONEY_CURRENCY).length).toBe(
      before.filter((a) => a.currency !== PLAY_MONEY_CURRENCY).length,
    );
  });

  it('keeps real launches refused to the trial account, and the free trial to games that offer it', async () => {
    const token = await visitorTrial();
    for (const nodeId of ['BANCA-SLOT5X3', 'SANDBOX-LIVE_BACCARAT']) {
      expectFailure(await call(gamesRoutes.launchGame, { nodeId }, token), 403, 'in_need_true_account');
    }
    // The sportsbook's tile offers no free trial (supportPlay 1): its launch would be a real one.
    expectFailure(
      await call(gamesRoutes.launchGameFB, { nodeId: 'SANDBOX-SPORTSBOOK' }, token),
      403,
      'in_need_true_account',
    );
    expectFailure(
      await call(gamesRoutes.launchGameFB, { nodeId: 'BANCA-NOPE' }, token),
      404,
      'game_not_found',
    );
    expectFailure(await call(gamesRoutes.launchGameFB, { nodeId: 'BANCA-SLOT5X3' }), 401, 'not_logged_in');
  });

  it("gives a real member the ordinary launch in the merchant's currency", async () => {
    const ip = freshIp();
    const account = freshUsername('fb');
    await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
    const login = await t.client.login(account, FAST_PASSWORD, {}, { ip });
    const token = loginValueSchema.parse(login.body.value).token;
    const game = await openTrialGame(token, 'BANCA-DICE');
    expect(game.currency).toBe((await balanceOf(token)).currency);
    expect(game.currency).not.toBe(PLAY_MONEY_CURRENCY);
  });
});
