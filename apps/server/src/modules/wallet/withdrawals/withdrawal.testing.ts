import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { loginValueSchema, walletRoutes } from '@banca/contract';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { seedDemoAccounts } from '../../../seed/demo-accounts.ts';
import {
  authClient,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  type AuthClient,
} from '../../../test/auth-client.ts';
import { financeHeaders, OPERATOR_TOKEN, startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import type { DbOrTrx } from '../../../database.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';

/** Test-only helpers of the withdrawal work: a gateway with the back office on, members with money. */

export const PAY_PW = '246810';
export const CPF = '529.982.247-25';

export interface WithdrawTestServer {
  database: TestDatabase;
  server: RunningApp;
  client: AuthClient;
  close(): Promise<void>;
}

export async function startWithdrawTestServer(): Promise<WithdrawTestServer> {
  const database = await createTestDatabase();
  await seedDemo(database.db);
  await seedDemoAccounts(database.db);
  const server = await startApp(database.db, { TRUST_PROXY: 'true', OPERATOR_TOKEN });
  const client = await authClient(server.url);
  return {
    database,
    server,
    client,
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}

export interface TestMember {
  memberId: number;
  account: string;
  token: string;
  ip: string;
}

/** A real member (type 0 unless given), logged in. `parentId` puts them under an agent. */
export async function loggedInMember(
  t: WithdrawTestServer,
  opts: { type?: number; parentId?: number } = {},
): Promise<TestMember> {
  const ip = freshIp();
  const account = freshUsername('wd');
  const [memberId] = await insertAccounts(t.database.db, [{ account, knownIps: [ip], type: opts.type ?? 0 }]);
  if (opts.parentId)
    await t.database.db
      .updateTable('member')
      .set({ parent_id: opts.parentId })
      .where('id', '=', memberId!)
      .execute();
  const res = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  expect(res.status).toBe(200);
  return { memberId: memberId!, account, token: loginValueSchema.parse(res.body.value).token, ip };
}

/** Credits a member's BRL wallet from the merchant's ADJUSTMENTS account (test data). */
export async function fund(db: DbOrTrx, memberId: number, amount: number, merchant = 'banca'): Promise<void> {
  const house = await houseAccount(db, merchant, 'ADJUSTMENTS', 'BRL');
  const wallet = await ensureMemberWallet(db, memberId, merchant, 'BRL');
  await transfer(db, {
    idempotencyKey: `test-fund:${randomUUID()}`,
    debitAccountId: house.id,
    creditAccountId: wallet.id,
    amount,
    kind: 'ADJUSTMENT',
  });
}

/** Sets the payment password and binds a CPF key through the API. */
export async function readyToWithdraw(t: WithdrawTestServer, m: TestMember): Promise<void> {
  const set = await t.client.call(walletRoutes.setPaymentPassword.path, {
    method: 'PUT',
    enc: true,
    token: m.token,
    ip: m.ip,
    body: { loginPassword: FAST_PASSWORD, paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const key = await t.client.call(walletRoutes.bindPayoutKey.path, {
    method: 'PUT',
    enc: true,
    token: m.token,
    ip: m.ip,
    body: { type: 'CPF', key: CPF, payeeName: 'Maria Souza', paymentPassword: PAY_PW },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
}

export const withdrawBody = (amount: number, extra: Record<string, unknown> = {}) => ({
  amount,
  paymentPassword: PAY_PW,
  requestId: randomUUID(),
  ...extra,
});

/** An /ops call as the server's finance operator. */
export const opsCall = async (
  t: WithdrawTestServer,
  path: string,
  init: { method?: string; body?: unknown } = {},
) => {
  const res = await fetch(t.server.url + path, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers: await financeHeaders(t.server.url),
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { code: string; value: never; success: boolean } };
};

/** A tiny valid PNG (1x1) and JPEG header, as base64. */
export const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString(
  'base64',
);
