/**
 * Test-only: a member launched into a house lottery over HTTP (login, dev credit, launchGame with the
 * lottery fields, the launch-token exchange), and a lottery service of the test's own that plays the
 * draw job against a chosen gateway node, at a chosen time.
 */
import { randomBytes } from 'node:crypto';
import {
  gamesRoutes,
  houseRoutes,
  loginValueSchema,
  lotteryRoutes,
  walletRoutes,
  type HouseLotteryState,
} from '@banca/contract';
import { expect } from 'vitest';
import type { Db } from '../database.ts';
import { FAST_PASSWORD, freshIp, freshUsername, insertAccounts, type AuthClient } from './auth-client.ts';
import { getJson } from './test-app.ts';
import { vendorSealKey, vendorSecrets } from '../modules/games/index.ts';
import {
  gatewayWallet,
  lotteryGames,
  lotteryService,
  parsePeriodOverrides,
  type GatewayWallet,
  type LotteryService,
} from '../modules/house-vendor/index.ts';

export const PERIOD_SECONDS = '20';

export interface LotteryPlayer {
  account: string;
  token: string;
  session: string;
  balance(): Promise<number>;
}

export async function launchLotteryPlayer(
  client: AuthClient,
  db: Db,
  options: { nodeId?: string; credit?: number } = {},
): Promise<LotteryPlayer> {
  const ip = freshIp();
  const account = freshUsername('lotto');
  await insertAccounts(db, [{ account, knownIps: [ip] }]);
  const login = await client.login(account, FAST_PASSWORD, {}, { ip });
  const token = loginValueSchema.parse(login.body.value).token;
  if (options.credit) {
    const credited = await client.call('/dev/wallet/credit', {
      body: { amount: options.credit, requestId: randomBytes(8).toString('hex') },
      token,
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
  }
  const launched = await client.call(gamesRoutes.launchGame.path, {
    body: {
      nodeId: options.nodeId ?? 'LOTT-QUICK5D',
      language: 'EN',
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'LOTT',
      lottoGameCode: 'QUICK5D',
      lottoView: 'betting',
      device: 'DESKTOP',
      backUrl: '/lottery',
    },
    token,
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const url = new URL(launched.body.value.url, 'http://x');
  expect(url.pathname).toBe('/house/lottery');
  const opened = await client.call(houseRoutes.openSession.path, {
    body: { launch: url.searchParams.get('launch'), vendor: url.searchParams.get('vendor') },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return {
    account,
    token,
    session: opened.body.value.session,
    balance: async () =>
      (await client.call(walletRoutes.balance.path, { method: 'GET', token })).body.value.balance as number,
  };
}

/** The state of the player's game, waiting (up to one period) for a period that takes bets. */
export async function openState(client: AuthClient, session: string): Promise<HouseLotteryState> {
  for (let i = 0; i < 60; i++) {
    const res = await client.call(lotteryRoutes.houseState.path, { body: { session } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const state = res.body.value as HouseLotteryState;
    const left = Date.parse(state.current.closesAt) - Date.now();
    // Leave room for the purchase itself on a loaded machine.
    if (state.current.state === 'open' && left > 3_000) return state;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no open period within 30 s');
}

/** A lottery service whose wallet calls go to the gateway at `url` (the draw job as that node runs it). */
export async function testLottery(db: Db, url: string): Promise<LotteryService> {
  return lotteryService({
    db,
    wallet: await testWallet(db, url),
    games: lotteryGames(parsePeriodOverrides(PERIOD_SECONDS)),
  });
}

/** The house vendor's wallet client, calling the gateway at `url`. */
export async function testWallet(db: Db, url: string): Promise<GatewayWallet> {
  const secrets = vendorSecrets(db, await vendorSealKey(db));
  return gatewayWallet({
    gatewayUrl: () => url,
    secretOf: async (vendor) => {
      const [current] = (await secrets.secretsOf(vendor)) ?? [];
      if (!current) throw new Error(`no secret for ${vendor}`);
      return current;
    },
  });
}

export const getLgw = (url: string, path: string, query: Record<string, string> = {}) =>
  getJson(`${url}${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`);
