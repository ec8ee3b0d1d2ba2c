import {
  authRoutes,
  balanceValueSchema,
  FREE_PLAY_BALANCE,
  loginValueSchema,
  memberRoutes,
  walletRoutes,
} from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../../test/auth-client.ts';
import { getJson } from '../../../test/test-app.ts';
import { findTransferByKey } from '../ledger/ledger.repository.ts';
import { freePlayGrantKey, houseAccount, ensureMemberWallet, transfer } from '../ledger/ledger.service.ts';
import { expectLedgerConsistent, freshKey, ledgerDigest } from '../ledger/ledger.testing.ts';

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
});
afterAll(() => t?.close());

const balance = (token?: string, lang?: 'PT' | 'EN') =>
  t.client.call(walletRoutes.balance.path, { ...(token ? { token } : {}), ...(lang ? { lang } : {}) });

async function loginRealMember(): Promise<{ token: string; memberId: number }> {
  const ip = freshIp();
  const account = freshUsername('cash');
  const [memberId] = await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
  const res = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  expect(res.status).toBe(200);
  return { token: loginValueSchema.parse(res.body.value).token, memberId: memberId! };
}

describe('GET /wps/v2/wallets/balance', () => {
  it('shows a free-play account its play money, granted by a ledger transfer', async () => {
    const res = await t.client.call(authRoutes.freePlay.path, {
      body: { os: 'linux', platform: 'W' },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    const { token } = loginValueSchema.parse(res.body.value);

    // Trial accounts may read their balance: it is play money, what they play with.
    const bal = await balance(token);
    expect(bal.status).toBe(200);
    expect(balanceValueSchema.parse(bal.body.value)).toEqual({
      balance: FREE_PLAY_BALANCE,
      currency: 'XPL',
      currencySymbol: 'XPL',
      playMoney: true,
    });

    const me = await t.client.call(memberRoutes.info.path, { token });
    const grant = await findTransferByKey(t.database.db, freePlayGrantKey(me.body.value.id));
    expect(grant).toMatchObject({ amount: FREE_PLAY_BALANCE, currency: 'XPL', kind: 'PLAY_MONEY_GRANT' });
    await expectLedgerConsistent(t.database.db);
  });

  it('shows a real member 0 in the merchant currency before any wallet exists, writing nothing', async () => {
    const { token } = await loginRealMember();
    const before = await ledgerDigest(t.database.db);
    const bal = await balance(token);
    expect(bal.status).toBe(200);
    expect(bal.body).toMatchObject({ success: true, code: 'ok' });
    expect(bal.body.value).toEqual({ balance: 0, currency: 'BRL', currencySymbol: 'R$', playMoney: false });
    expect(await ledgerDigest(t.database.db)).toBe(before);
  });

  it("shows a real member's cash wallet, never the play money", async () => {
    const { token, memberId } = await loginRealMember();
    const db = t.database.db;
    const merchant = t.server.config.merchant;
    const wallet = await ensureMemberWallet(db, memberId, merchant, 'BRL');
    const house = await houseAccount(db, merchant, 'ADJUSTMENTS', 'BRL');
    await transfer(db, {
      idempotencyKey: freshKey('deposit'),
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount: 12_345,
      kind: 'ADJUSTMENT',
    });
    const play = await ensureMemberWallet(db, memberId, merchant, 'XPL');
    await transfer(db, {
      idempotencyKey: freshKey('play'),
      debitAccountId: (await houseAccount(db, merchant, 'HOUSE_PLAY', 'XPL')).id,
      creditAccountId: play.id,
      amount: 99,
      kind: 'ADJUSTMENT',
    });
    expect((await balance(token)).body.value).toEqual({
      balance: 12_345,
      currency: 'BRL',
      currencySymbol: 'R$',
      playMoney: false,
    });
  });

  it('answers 401 not_logged_in in the envelope without a token', async () => {
    const env = expectFailure(await balance(undefined, 'EN'), 401, 'not_logged_in');
    expect(env).toMatchObject({ success: false, message: 'Not logged in, please log in.', value: null });
    const bad = await getJson(t.server.url + walletRoutes.balance.path, {
      headers: { authorization: `Bearer ${'A'.repeat(43)}` },
    });
    expectFailure(bad, 401, 'not_logged_in');
  });

  it('is in the OpenAPI document', async () => {
    const { body } = await getJson(t.server.url + '/docs/json');
    const operation = body.paths[walletRoutes.balance.path]?.get;
    expect(operation?.operationId).toBe('wallet.balance');
    expect(operation?.security).toEqual([{ bearer: [] }]);
    expect(operation?.responses['200']).toBeDefined();
  });
});
