import { loginValueSchema, operatorRoutes, type OperatorRoleName } from '@banca/contract';
import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { AppDeps } from '../app.ts';
import { seedDemoAccounts } from '../seed/demo-accounts.ts';
import { seedDemo } from '../seed/demo-seed.ts';
import {
  authClient,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  type AuthClient,
} from './auth-client.ts';
import { getJson, OPERATOR_TOKEN, startApp, type RunningApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

/** Test-only: a gateway with a back office (OPERATOR_TOKEN set), its member client and operator helpers. */
export interface OpsTestServer {
  database: TestDatabase;
  server: RunningApp;
  client: AuthClient;
  /** An /ops call with a bearer token (an operator's, or OPERATOR_TOKEN by default). */
  ops(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; ip?: string },
  ): ReturnType<typeof getJson>;
  /** A new named operator of this role, created by the bootstrap token, logged in. */
  operator(
    role: OperatorRoleName,
  ): Promise<{ id: number; username: string; password: string; token: string; secret: string }>;
  /** A real member logged in: its id and session token. */
  member(): Promise<{ memberId: number; token: string }>;
  close(): Promise<void>;
}

export const OPERATOR_PASSWORD = 'operator-pass-0123';

/** The operator's current TOTP code (or the code of another moment), as its authenticator app shows. */
export const totpCode = (secret: string, at: number = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

/**
 * The whole two-step login of an operator over HTTP: password, then (enrolling at the first login)
 * the TOTP code, asking for a bearer session. Returns the token and the operator's secret.
 */
export async function loginOperatorWithTotp(
  baseUrl: string,
  username: string,
  password: string,
  options: { ip?: string; secret?: string } = {},
): Promise<{ token: string; secret: string; recoveryCodes: string[] | null }> {
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': options.ip ?? freshIp(),
  };
  const first = await getJson(baseUrl + operatorRoutes.login.path, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const secret: string = first.body.value.enrolment?.secret ?? options.secret;
  expect(secret).toBeTruthy();
  const second = await getJson(baseUrl + operatorRoutes.totp.path, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      challenge: first.body.value.challenge,
      code: totpCode(secret),
      session: 'bearer',
    }),
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return { token: second.body.value.token, secret, recoveryCodes: second.body.value.recoveryCodes };
}

let counter = 0;
export const freshOperatorName = (prefix = 'op'): string =>
  `${prefix}${process.pid % 1000}x${Date.now() % 100000}x${++counter}`;

export async function startOpsTestServer(
  options: { authLimits?: AppDeps['authLimits'] } = {},
): Promise<OpsTestServer> {
  const database = await createTestDatabase();
  await seedDemo(database.db);
  await seedDemoAccounts(database.db);
  const server = await startApp(database.db, { OPERATOR_TOKEN, TRUST_PROXY: 'true' }, options);
  const client = await authClient(server.url);
  const ops: OpsTestServer['ops'] = (path, init = {}) =>
    getJson(server.url + path, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${init.token ?? OPERATOR_TOKEN}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.ip ? { 'x-forwarded-for': init.ip } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  return {
    database,
    server,
    client,
    ops,
    async operator(role) {
      const username = freshOperatorName(role.slice(0, 3));
      const created = await ops(operatorRoutes.createOperator.path, {
        method: 'POST',
        body: { username, password: OPERATOR_PASSWORD, role },
      });
      expect(created.status).toBe(200);
      const login = await loginOperatorWithTotp(server.url, username, OPERATOR_PASSWORD);
      return {
        id: created.body.value.id,
        username,
        password: OPERATOR_PASSWORD,
        token: login.token,
        secret: login.secret,
      };
    },
    async member() {
      const ip = freshIp();
      const account = freshUsername('cash');
      const [memberId] = await insertAccounts(database.db, [{ account, knownIps: [ip] }]);
      const res = await client.login(account, FAST_PASSWORD, {}, { ip });
      expect(res.status).toBe(200);
      return { memberId: memberId!, token: loginValueSchema.parse(res.body.value).token };
    },
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}
