import { randomBytes } from 'node:crypto';
import { CompactEncrypt, importJWK } from 'jose';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { authRoutes, errorEnvelopeSchema, loginValueSchema, systemRoutes } from '@banca/contract';
import { seedDemoAccounts } from '../seed/demo-accounts.ts';
import { seedDemo } from '../seed/demo-seed.ts';
import { hashPassword } from '../platform/crypto/password.ts';
import type { Db } from '../database.ts';
import { moveMember } from '../modules/member/index.ts';
import { getJson, startApp, type RunningApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

/**
 * Test-only: a client of the auth calls over real HTTP, as the web app talks to the gateway: enc bodies
 * are JWE made with the JWK published at /wps/system/publicKey, SMS codes and e-mailed passwords are
 * read from the dev outbox endpoint, captcha answers from the dev captcha endpoint.
 */
export interface AuthClient {
  url: string;
  /** Compact JWE of a JSON value, with the server's published key. */
  encrypt(payload: unknown): Promise<string>;
  /** Compact JWE of any text (e.g. not JSON), with the server's published key. */
  encryptText(text: string): Promise<string>;
  call(
    path: string,
    init: { method?: string; body?: unknown; enc?: boolean; token?: string; ip?: string; lang?: 'PT' | 'EN' },
  ): ReturnType<typeof getJson>;
  login(
    username: string,
    password: string,
    extra?: Record<string, unknown>,
    opts?: { ip?: string; lang?: 'PT' | 'EN' },
  ): ReturnType<typeof getJson>;
  /** The newest message to a recipient (E.164 mobile or e-mail) from GET /dev/outbox. */
  lastMessage(
    recipient: string,
    channel?: 'sms' | 'email',
  ): Promise<{ body: string; subject: string | null }>;
  /** The 6-digit code of the newest message to a recipient. */
  lastCode(recipient: string, channel?: 'sms' | 'email'): Promise<string>;
  /** A captcha image from GET /wps/captcha and its answer from the dev endpoint. */
  solvedCaptcha(ip?: string): Promise<{ captchaId: string; captcha: string; image: string }>;
}

export async function authClient(url: string): Promise<AuthClient> {
  const { body: pk } = await getJson(url + systemRoutes.publicKey.path);
  const key = await importJWK(pk.value, 'RSA-OAEP-256');
  const encryptText = (text: string) =>
    new CompactEncrypt(new TextEncoder().encode(text))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
      .encrypt(key);
  const encrypt = (payload: unknown) => encryptText(JSON.stringify(payload));

  const call: AuthClient['call'] = async (path, init) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.ip) headers['x-forwarded-for'] = init.ip;
    if (init.lang) headers.language = init.lang;
    let body: string | undefined;
    if (init.body !== undefined) {
      if (init.enc) {
        headers['content-type'] = 'application/jose';
        body = await encrypt(init.body);
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
    }
    return getJson(url + path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  };

  const lastMessage: AuthClient['lastMessage'] = async (recipient, channel) => {
    const q = new URLSearchParams({ recipient, limit: '1', ...(channel ? { channel } : {}) });
    const { status, body } = await getJson(`${url}/dev/outbox?${q}`);
    if (status !== 200) throw new Error(`outbox answered ${status}`);
    const message = body.value.messages[0];
    if (!message) throw new Error(`nothing sent to ${recipient}`);
    return message;
  };

  return {
    url,
    encrypt,
    encryptText,
    call,
    login: (username, password, extra = {}, opts = {}) =>
      call(authRoutes.login.path, { body: { username, password, ...extra }, enc: true, ...opts }),
    lastMessage,
    lastCode: async (recipient, channel) => {
      const { body } = await lastMessage(recipient, channel);
      const m = /\b(\d{6})\b/.exec(body);
      if (!m) throw new Error(`no code in the message to ${recipient}`);
      return m[1]!;
    },
    solvedCaptcha: async (ip) => {
      const { body } = await call(authRoutes.captcha.path, { ...(ip ? { ip } : {}) });
      const { captchaId, image } = body.value;
      const answer = await getJson(`${url}/dev/captcha/${captchaId}`);
      return { captchaId, image, captcha: answer.body.value.answer };
    },
  };
}

let ipCounter = 0;
/** A fresh documentation-range address per call (tests run with TRUST_PROXY=true and X-Forwarded-For),
 *  so per-IP limits and known IPs of one test do not leak into another. */
export const freshIp = (): string => {
  ipCounter += 1;
  return `198.51.${(process.pid % 200) + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

/** A unique letters-then-digits username of the demo rule (6-16). */
export const freshUsername = (prefix = 'user'): string =>
  `${prefix}${randomBytes(4).readUInt32BE(0) % 1_000_000_000}`.slice(0, 16);

/** A unique 11-digit Brazilian mobile number (national part). */
export const freshMobile = (): string =>
  `11${String(randomBytes(4).readUInt32BE(0) % 1_000_000_000).padStart(9, '0')}`;

export const FAST_PASSWORD = 'Passw0rd1';
let sharedHash: Promise<string> | undefined;

/**
 * Fast path for tests that need accounts but do not test registration: rows inserted directly with one
 * argon2 hash shared by all (hashing costs ~12 ms each), known IPs included so logins are not
 * challenged. All share FAST_PASSWORD.
 */
export async function insertAccounts(
  db: Db,
  accounts: {
    account: string;
    type?: number;
    mobile?: string | null;
    email?: string | null;
    knownIps?: string[];
  }[],
  merchantCode = 'banca',
): Promise<number[]> {
  sharedHash ??= hashPassword(FAST_PASSWORD);
  const hash = await sharedHash;
  const rows = await db
    .insertInto('member')
    .values(
      accounts.map((a) => ({
        merchant_code: merchantCode,
        account: a.account,
        type: a.type ?? 0,
        mobile: a.mobile ?? null,
        email: a.email ?? null,
        password_hash: hash,
        password_changed_at: new Date(),
      })),
    )
    .returning('id')
    .execute();
  const known = rows.flatMap((r, i) =>
    (accounts[i]!.knownIps ?? []).map((ip) => ({
      member_id: r.id,
      ip,
      first_seen_at: new Date(),
      last_seen_at: new Date(),
    })),
  );
  if (known.length > 0) await db.insertInto('member_known_ip').values(known).execute();
  return rows.map((r) => r.id);
}
/** Tables of accounts and sessions (migrations 0100, 0101) and the ledger that free play credits
 *  (0200), for "nothing changed" checks. */
export const ACCOUNT_TABLES = [
  'member',
  'affiliate',
  'session',
  'member_known_ip',
  'captcha',
  'verification_code',
  'login_challenge',
  'auth_audit',
  'outbox',
  'member_social_identity',
  'social_login_state',
  'ledger_account',
  'ledger_transfer',
] as const;

/**
 * Row count and a digest of every row of each account table. session.last_seen_at is left out: a
 * token check may touch it (at most once a minute), which is not a write the caller asked for.
 */
export async function accountTablesDigest(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ACCOUNT_TABLES) {
    const row = table === 'session' ? sql`(to_jsonb(t) - 'last_seen_at')::text` : sql`to_jsonb(t)::text`;
    const { rows } = await sql<{ n: number; digest: string | null }>`
      select count(*)::int8 as n, md5(string_agg(${row}, '|' order by ${row})) as digest
      from ${sql.table(table)} t`.execute(db);
    out[table] = `${rows[0]!.n}:${rows[0]!.digest ?? ''}`;
  }
  return out;
}

/** A migrated test database with the demo content and accounts, a gateway on it and an auth client. */
export interface AuthTestServer {
  database: TestDatabase;
  server: RunningApp;
  client: AuthClient;
  close: () => Promise<void>;
}

export async function startAuthTestServer(): Promise<AuthTestServer> {
  const database = await createTestDatabase();
  await seedDemo(database.db);
  await seedDemoAccounts(database.db);
  // TRUST_PROXY lets each test act from its own address through X-Forwarded-For.
  const server = await startApp(database.db, { TRUST_PROXY: 'true' });
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

/** Asserts an error envelope with this status and code, and returns it. */
export const expectFailure = (res: { status: number; body: unknown }, status: number, code: string) => {
  expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code });
  return errorEnvelopeSchema.parse(res.body) as {
    code: string;
    message: string;
    value: Record<string, unknown>;
  };
};

/**
 * A fresh account of `type` (an account name starting `prefix`; below `parentId` through the member
 * module's tree maintenance when given), logged in from an address it knows.
 */
export async function loginFreshAccount(
  t: { database: TestDatabase; client: AuthClient },
  type: number,
  { prefix, parentId }: { prefix: string; parentId?: number | undefined },
): Promise<{ token: string; memberId: number; account: string }> {
  const ip = freshIp();
  const account = freshUsername(prefix);
  const [memberId] = await insertAccounts(t.database.db, [{ account, type, knownIps: [ip] }]);
  if (parentId !== undefined) expect(await moveMember(t.database.db, memberId!, parentId)).toBe(true);
  const res = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  expect(res.status).toBe(200);
  return { token: loginValueSchema.parse(res.body.value).token, memberId: memberId!, account };
}
