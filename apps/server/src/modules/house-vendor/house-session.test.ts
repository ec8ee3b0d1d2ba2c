/**
 * The house vendor's session: a game page hands in its launch URL's token, the house vendor exchanges
 * it with the gateway over HTTP (signed, as any vendor) and gives the page a house session of its own.
 */
import { gamesRoutes, houseRoutes, loginValueSchema, walletRoutes } from '@banca/contract';
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
import { requireHousePlayer } from './index.ts';

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
  await seedDemoLobby(t.database.db);
}, 120_000);
afterAll(() => t?.close());

async function launch(nodeId: string): Promise<{ url: URL; account: string; token: string }> {
  const ip = freshIp();
  const account = freshUsername('house');
  await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
  const login = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  const token = loginValueSchema.parse(login.body.value).token;
  const res = await t.client.call(gamesRoutes.launchGame.path, { body: { nodeId, language: 'EN' }, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { url: new URL(res.body.value.url, 'http://x'), account, token };
}

const open = (body: unknown) => t.client.call(houseRoutes.openSession.path, { body });

describe('POST /house/api/session', () => {
  it('opens a house session from a BANCA launch, once', async () => {
    const { url, account, token } = await launch('BANCA-SLOT5X3');
    expect(url.pathname).toBe('/house/play');
    expect(url.searchParams.get('vendor')).toBe('BANCA');
    const body = { launch: url.searchParams.get('launch'), vendor: url.searchParams.get('vendor') };
    const res = await open(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const balance = await t.client.call(walletRoutes.balance.path, { method: 'GET', token });
    expect(res.body.value).toMatchObject({
      vendor: 'BANCA',
      gameCode: 'SLOT5X3',
      account,
      language: 'EN',
      balance: balance.body.value.balance,
      currency: balance.body.value.currency,
    });
    const player = await requireHousePlayer(t.database.db, res.body.value.session);
    expect(player).toMatchObject({ vendor: 'BANCA', gameCode: 'SLOT5X3', account });
    expect(player.playerSession).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The gateway's player session stays on the server side.
    expect(JSON.stringify(res.body)).not.toContain(player.playerSession);

    expectFailure(await open(body), 401, 'house_launch_invalid');
  });

  it('refuses a token named as another vendor, or a vendor that is not the house', async () => {
    const { url } = await launch('BANCA-DICE');
    const launchToken = url.searchParams.get('launch');
    expectFailure(await open({ launch: launchToken, vendor: 'LOTT' }), 401, 'house_launch_invalid');
    expectFailure(await open({ launch: launchToken, vendor: 'SANDBOX' }), 401, 'house_launch_invalid');
    // Neither spent it.
    expect((await open({ launch: launchToken, vendor: 'BANCA' })).status).toBe(200);
  });

  it('refuses malformed bodies with invalid_input and opens nothing', async () => {
    const before = await t.database.db.selectFrom('house_session').select('token_hash').execute();
    for (const body of [
      {},
      { launch: 'short', vendor: 'BANCA' },
      { launch: 'A'.repeat(43) },
      { launch: 'A'.repeat(43), vendor: 'banca' },
      { launch: 'A'.repeat(43), vendor: 'BANCA', extra: 1 },
      [],
    ]) {
      expectFailure(await open(body), 400, 'invalid_input');
    }
    expectFailure(await open({ launch: 'A'.repeat(43), vendor: 'BANCA' }), 401, 'house_launch_invalid');
    expect(await t.database.db.selectFrom('house_session').select('token_hash').execute()).toEqual(before);
    await expect(requireHousePlayer(t.database.db, 'B'.repeat(43))).rejects.toMatchObject({
      code: 'house_session_invalid',
    });
  });
});
