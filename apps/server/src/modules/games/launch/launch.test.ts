/**
 * The launch (issue 11 item 2): /wps/game/launchGame and GCS_gameLaunchFB answer the vendor's launch
 * URL with a one-time token; the vendor exchanges it, signed, for a player session
 * (POST /callback/vendor/launch), once and within 60 s. GLS2_roomList lists a vendor's games.
 */
import { authRoutes, gamesRoutes, loginValueSchema, walletRoutes } from '@banca/contract';
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
import { vendorClient, type VendorClient } from '../../../platform/vendor-api/vendor-client.ts';
import { ensureVendorLaunch, LAUNCH_TOKEN_TTL_MS, rotateVendorSecret, vendorSealKey } from '../index.ts';
import { exchangeLaunchToken } from './launch.service.ts';

let t: AuthTestServer;
let banca: VendorClient;
let sandbox: VendorClient;
beforeAll(async () => {
  t = await startAuthTestServer();
  const db = t.database.db;
  await seedDemoLobby(db);
  // What the house vendor registers for itself: BANCA opens in the popup, LOTT in the page.
  await ensureVendorLaunch(db, { vendor: 'BANCA', launchUrl: '/house/play', openMode: 'POPUP' });
  await ensureVendorLaunch(db, { vendor: 'LOTT', launchUrl: '/house/lottery', openMode: 'SEAMLESS' });
  await db.deleteFrom('vendor_launch').where('vendor', '=', 'SANDBOX').execute();
  const key = await vendorSealKey(db);
  banca = vendorClient(t.server.url, 'BANCA', await rotateVendorSecret(db, key, 'BANCA'));
  sandbox = vendorClient(t.server.url, 'SANDBOX', await rotateVendorSecret(db, key, 'SANDBOX'));
}, 120_000);
afterAll(() => t?.close());

const call = (route: { path: string; method: string }, body: unknown, opts: { token?: string } = {}) =>
  t.client.call(route.path, { method: route.method, body, ...opts });

async function loginMember(): Promise<{ token: string; account: string }> {
  const ip = freshIp();
  const account = freshUsername('launch');
  await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
  const res = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  expect(res.status).toBe(200);
  return { token: loginValueSchema.parse(res.body.value).token, account };
}

/** The launch token and the other parameters of a launch URL. */
const paramsOf = (url: string) => new URL(url, 'http://x').searchParams;

describe('launchGame', () => {
  it('refuses logged-out callers, trial accounts, unknown games and vendors without a launch', async () => {
    const body = { nodeId: 'BANCA-SLOT5X3' };
    expectFailure(await call(gamesRoutes.launchGame, body), 401, 'not_logged_in');
    const trial = await t.client.call(authRoutes.freePlay.path, {
      body: { os: 'linux', platform: 'W' },
      ip: freshIp(),
    });
    const trialToken = loginValueSchema.parse(trial.body.value).token;
    expectFailure(
      await call(gamesRoutes.launchGame, body, { token: trialToken }),
      403,
      'in_need_true_account',
    );
    const { token } = await loginMember();
    expectFailure(
      await call(gamesRoutes.launchGame, { nodeId: 'BANCA-NOPE' }, { token }),
      404,
      'game_not_found',
    );
    const refused = expectFailure(
      await call(gamesRoutes.launchGame, { nodeId: 'SANDBOX-LIVE_BACCARAT' }, { token }),
      503,
      'game_unavailable',
    );
    expect(refused.message).toMatch(/não está disponível/);
    const before = await t.database.db.selectFrom('game_launch').select('token_hash').execute();
    expectFailure(
      await call(gamesRoutes.launchGame, { nodeId: 'BANCA-x y' }, { token }),
      400,
      'invalid_input',
    );
    expect(await t.database.db.selectFrom('game_launch').select('token_hash').execute()).toEqual(before);
  });

  it('answers the vendor URL with a one-time token, records the recent game, and the vendor exchanges it once', async () => {
    const { token, account } = await loginMember();
    const res = await call(
      gamesRoutes.launchGame,
      { nodeId: 'BANCA-SLOT5X3', device: 'MOBILE', backUrl: '/rng', language: 'EN' },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { url, openMode } = res.body.value as { url: string; openMode: string };
    expect(openMode).toBe('POPUP');
    expect(url.startsWith('/house/play?')).toBe(true);
    const params = paramsOf(url);
    expect(Object.fromEntries(params)).toMatchObject({
      game: 'SLOT5X3',
      lang: 'EN',
      device: 'MOBILE',
      backUrl: '/rng',
    });
    const launchToken = params.get('launch')!;
    expect(launchToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const recent = await call(gamesRoutes.recentGames, { page: 1, pageSize: 12 }, { token });
    expect(recent.body.value.list.map((g: { nodeId: string }) => g.nodeId)).toEqual(['BANCA-SLOT5X3']);

    // Another vendor cannot use it (and does not spend it).
    const stolen = await sandbox.send('launch', { launchToken });
    expect({ status: stolen.status, code: stolen.body.status }).toEqual({
      status: 401,
      code: 'launch_invalid',
    });

    const balance = await call(walletRoutes.balance, undefined, { token });
    const exchanged = await banca.send('launch', { launchToken });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(exchanged.body).toMatchObject({
      status: 'OK',
      balance: balance.body.value.balance,
      currency: balance.body.value.currency,
      launch: { account, gameCode: 'SLOT5X3', language: 'EN', device: 'MOBILE', backUrl: '/rng' },
    });
    const playerSession = exchanged.body.playerSession!;
    const read = await banca.send('balance', { playerSession });
    expect(read.body).toMatchObject({ status: 'OK', balance: balance.body.value.balance });

    const again = await banca.send('launch', { launchToken });
    expect({ status: again.status, code: again.body.status }).toEqual({
      status: 401,
      code: 'launch_invalid',
    });
  });

  it('exchanges a token once even when the vendor sends it twice at the same moment', async () => {
    const { token } = await loginMember();
    const res = await call(gamesRoutes.launchGameFB, { nodeId: 'BANCA-DICE' }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const launchToken = paramsOf(res.body.value.url).get('launch')!;
    const answers = await Promise.all([1, 2, 3].map(() => banca.send('launch', { launchToken })));
    expect(answers.map((a) => a.body.status).sort()).toEqual(['OK', 'launch_invalid', 'launch_invalid']);
  });

  it('refuses a token past its 60 seconds', async () => {
    const { token } = await loginMember();
    const res = await call(gamesRoutes.launchGame, { nodeId: 'BANCA-SLOT5X3' }, { token });
    const launchToken = paramsOf(res.body.value.url).get('launch')!;
    const late = new Date(Date.now() + LAUNCH_TOKEN_TTL_MS + 1000);
    expect(await exchangeLaunchToken(t.database.db, 'BANCA', launchToken, late)).toBeUndefined();
    // Still unspent: within its time it works.
    expect(await exchangeLaunchToken(t.database.db, 'BANCA', launchToken)).toMatchObject({
      launch: { gameCode: 'SLOT5X3' },
    });
  });

  it('passes the lottery launch fields to the vendor', async () => {
    const { token } = await loginMember();
    const lotto = {
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'LOTT',
      lottoGameCode: 'QUICK_5D',
      lottoView: 'betting',
    };
    const game = await t.database.db
      .selectFrom('game')
      .select('node_id')
      .where('vassalage', '=', 'LOTT')
      .executeTakeFirstOrThrow();
    const res = await call(gamesRoutes.launchGame, { nodeId: game.node_id, ...lotto }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.openMode).toBe('SEAMLESS');
    const params = paramsOf(res.body.value.url);
    expect(Object.fromEntries(params)).toMatchObject(lotto);
    const lott = vendorClient(
      t.server.url,
      'LOTT',
      await rotateVendorSecret(t.database.db, await vendorSealKey(t.database.db), 'LOTT'),
    );
    const exchanged = await lott.send('launch', { launchToken: params.get('launch')! });
    expect(exchanged.body.launch?.lotto).toEqual(lotto);
  });
});

describe('GLS2_roomList', () => {
  it("lists a vendor's games in catalogue order; an unknown vendor is 404", async () => {
    const res = await call(gamesRoutes.roomList, { vassalage: 'SANDBOX', gameType: 'LIVE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.value.list.map((g: { nodeId: string }) => g.nodeId);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids.every((id: string) => id.startsWith('SANDBOX-'))).toBe(true);
    expectFailure(await call(gamesRoutes.roomList, { vassalage: 'NOPE' }), 404, 'game_vendor_not_found');
    expectFailure(await call(gamesRoutes.roomList, { vassalage: 'bad vendor' }), 400, 'invalid_input');
  });
});
