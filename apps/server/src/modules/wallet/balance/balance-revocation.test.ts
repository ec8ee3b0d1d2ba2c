import { authRoutes, loginValueSchema, walletRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import type { Database } from '../../../database.ts';
import {
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../../test/auth-client.ts';
import { getJson, startApp, type RunningApp } from '../../../test/test-app.ts';
import { TEST_DATABASE_URL } from '../../../test/test-db.ts';
import { revokeMemberSessions } from '../../session/index.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';

/**
 * The balance read is the hottest token call and was made cheaper (one round trip for the session and
 * the member, the merchant currency cached): revocation must not have become weaker. Two gateway nodes
 * on one database: a token logged out on node A is refused at once on node B, and so is a banned
 * member's. On PostgreSQL node B has its own connection pool, as a second process would.
 */
let a: AuthTestServer;
let b: RunningApp;
let bPool: DatabaseHandle<Database> | undefined;
beforeAll(async () => {
  a = await startAuthTestServer();
  if (TEST_DATABASE_URL) {
    bPool = await openDatabase<Database>({
      kind: 'postgres',
      url: TEST_DATABASE_URL,
      schema: a.database.schema!,
      max: 4,
    });
  }
  b = await startApp(bPool?.db ?? a.database.db, { TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await b?.close();
  await bPool?.close();
  await a?.close();
});

/** Node A for even members, node B for odd ones. */
const n2url = (i: number) => (i % 2 === 0 ? a.server.url : b.url);

const balanceOn = (url: string, token: string) =>
  getJson(url + walletRoutes.balance.path, { headers: { authorization: `Bearer ${token}` } });

async function login(): Promise<{ token: string; memberId: number; again: () => Promise<string> }> {
  const ip = freshIp();
  const account = freshUsername('rev');
  const [memberId] = await insertAccounts(a.database.db, [{ account, knownIps: [ip] }]);
  const again = async () =>
    loginValueSchema.parse((await a.client.login(account, FAST_PASSWORD, {}, { ip })).body.value).token;
  return { token: await again(), memberId: memberId!, again };
}

describe('balance read on two nodes', () => {
  it('a token logged out on node A is refused on node B at the next call', async () => {
    const { token } = await login();
    expect((await balanceOn(a.server.url, token)).status).toBe(200);
    expect((await balanceOn(b.url, token)).status).toBe(200);
    const out = await a.client.call(authRoutes.logout.path, { method: 'DELETE', token });
    expect(out.status).toBe(200);
    const after = await balanceOn(b.url, token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('not_logged_in');
    expect((await balanceOn(a.server.url, token)).status).toBe(401);
  });

  it('a member disabled in the database is refused on both nodes at the next call', async () => {
    const { token, memberId } = await login();
    expect((await balanceOn(b.url, token)).status).toBe(200);
    await a.database.db
      .updateTable('member')
      .set({ status: 'DISABLED' })
      .where('id', '=', memberId)
      .execute();
    expect((await balanceOn(b.url, token)).status).toBe(401);
    expect((await balanceOn(a.server.url, token)).status).toBe(401);
  });

  it('a balance moved through node A is what node B reads at the next call (the read caches nothing)', async () => {
    const { token, memberId } = await login();
    const db = a.database.db;
    const merchant = a.server.config.merchant;
    expect((await balanceOn(b.url, token)).body.value).toMatchObject({ balance: 0, playMoney: false });
    const wallet = await ensureMemberWallet(db, memberId, merchant, 'BRL');
    const house = await houseAccount(db, merchant, 'ADJUSTMENTS', 'BRL');
    for (const [n, expected] of [
      [1, 700],
      [2, 1_400],
    ] as const) {
      await transfer(db, {
        idempotencyKey: `rev-test:${memberId}:${n}`,
        debitAccountId: house.id,
        creditAccountId: wallet.id,
        amount: 700,
        kind: 'ADJUSTMENT',
      });
      expect((await balanceOn(b.url, token)).body.value).toMatchObject({
        balance: expected,
        currency: 'BRL',
      });
    }
  });

  it('every session of a member ended at once (password change) is refused on node B at the next call', async () => {
    const { token, memberId, again } = await login();
    const other = await again();
    expect((await balanceOn(b.url, token)).status).toBe(200);
    expect((await balanceOn(b.url, other)).status).toBe(200);
    expect(await revokeMemberSessions(a.database.db, memberId, new Date(), 'password_changed')).toBe(2);
    expect((await balanceOn(b.url, token)).status).toBe(401);
    expect((await balanceOn(b.url, other)).status).toBe(401);
  });

  it("parallel reads of many members each answer the caller's own balance (one compiled statement, each call binds its token)", async () => {
    const db = a.database.db;
    const merchant = a.server.config.merchant;
    const members = await Promise.all([1, 2, 3, 4].map(() => login()));
    for (const [i, { memberId }] of members.entries()) {
      await transfer(db, {
        idempotencyKey: `rev-parallel:${memberId}`,
        debitAccountId: (await houseAccount(db, merchant, 'ADJUSTMENTS', 'BRL')).id,
        creditAccountId: (await ensureMemberWallet(db, memberId, merchant, 'BRL')).id,
        amount: 100 * (i + 1),
        kind: 'ADJUSTMENT',
      });
    }
    const calls = Array.from({ length: 24 }, (_, n) => n % members.length);
    const answers = await Promise.all(
      calls.map((i) => balanceOn(n2url(i), members[i]!.token).then((r) => [i, r] as const)),
    );
    for (const [i, r] of answers) {
      expect(r.status).toBe(200);
      expect(r.body.value).toMatchObject({ balance: 100 * (i + 1), currency: 'BRL' });
    }
    // Revoked in the middle of it all: that member alone is refused at the next call.
    await revokeMemberSessions(db, members[1]!.memberId, new Date(), 'logout');
    const after = await Promise.all(members.map((m) => balanceOn(b.url, m.token)));
    expect(after.map((r) => r.status)).toEqual([200, 401, 200, 200]);
  });

  it('an unknown or malformed token is refused', async () => {
    expect((await balanceOn(b.url, 'x'.repeat(43))).status).toBe(401);
    expect((await getJson(b.url + walletRoutes.balance.path)).status).toBe(401);
  });
});
