/**
 * The member desk's /ops calls (issue 23 item 4). Role refusals are walked in the role-matrix test;
 * here: search, the composed profile, lock (the member's session ends, vendor debits are refused),
 * unlock, force logout, the password reset by the member's own channel, and bad input (4xx with a
 * code, the member and the audit unchanged).
 */
import { memberOpsRoutes, walletCalls, type OperatorRoleName } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../seed/demo-lobby.ts';
import { FAST_PASSWORD, freshIp, freshUsername, insertAccounts } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { getJson } from '../../test/test-app.ts';
import { devPlayers, newVendorId, vendorClient } from '../../platform/vendor-api/vendor-client.ts';
import { rotateVendorSecret, vendorSealKey } from '../games/index.ts';

let t: OpsTestServer;
let support: string;
let risk: string;
let admin: string;
let secret: string;
const tokens = {} as Partial<Record<OperatorRoleName, string>>;

beforeAll(async () => {
  t = await startOpsTestServer();
  await seedDemoLobby(t.database.db);
  secret = await rotateVendorSecret(t.database.db, await vendorSealKey(t.database.db), 'BANCA');
  support = tokens.support = (await t.operator('support')).token;
  risk = tokens.risk = (await t.operator('risk')).token;
  admin = (await t.operator('admin')).token;
}, 180_000);
afterAll(() => t?.close());

const path = (p: string, id: number) => p.replace(':id', String(id));
const act = (route: keyof typeof memberOpsRoutes, id: number, body: unknown, token = support) =>
  t.ops(path(memberOpsRoutes[route].path, id), { method: 'POST', body, token });
const balance = (token: string) =>
  getJson(t.server.url + walletCalls.balance.path, { headers: { authorization: `Bearer ${token}` } });
const auditOf = async (memberId: number) =>
  (await t.ops(`/ops/audit?subjectType=member&subjectId=${memberId}&limit=50`, { token: admin })).body.value
    .items as {
    action: string;
    before: unknown;
    after: unknown;
    reason: string;
    actor: string;
  }[];

async function memberWithLogin(extra: { mobile?: string; email?: string } = {}) {
  const ip = freshIp();
  const account = freshUsername('desk');
  const [memberId] = await insertAccounts(t.database.db, [{ account, knownIps: [ip], ...extra }]);
  const res = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  expect(res.status).toBe(200);
  return { memberId: memberId!, account, token: res.body.value.token as string, ip };
}

describe('search and profile', () => {
  it('finds a member by account, id, mobile and e-mail, keyset paged', async () => {
    const mobile = `+55119${String(Date.now()).slice(-8)}`;
    const email = `${freshUsername('mail')}@example.com`;
    const m = await memberWithLogin({ mobile, email });
    const find = async (q: string, by = 'any') =>
      (
        await t.ops(`/ops/members?q=${encodeURIComponent(q)}&by=${by}`, { token: support })
      ).body.value.items.map((x: { id: number }) => x.id);
    expect(await find(m.account.toUpperCase(), 'account')).toContain(m.memberId);
    expect(await find(String(m.memberId), 'id')).toEqual([m.memberId]);
    expect(await find(mobile.slice(-8), 'mobile')).toContain(m.memberId);
    expect(await find(email.slice(0, 10), 'email')).toContain(m.memberId);
    expect(await find(m.account)).toContain(m.memberId);
    expect(await find(m.account, 'email')).not.toContain(m.memberId);

    const first = await t.ops('/ops/members?limit=2', { token: support });
    expect(first.status).toBe(200);
    expect(first.body.value.items).toHaveLength(2);
    const next = await t.ops(`/ops/members?limit=2&after=${first.body.value.nextCursor}`, { token: support });
    expect(next.body.value.items[0].id).toBeLessThan(first.body.value.items[1].id);
  });

  it('composes the profile from each module: balances, ledger, bets, sessions', async () => {
    const m = await memberWithLogin();
    const player = await devPlayers(t.server.url, 'BANCA')({ memberId: m.memberId, amount: 20_000 });
    const vendor = vendorClient(t.server.url, 'BANCA', secret);
    const debit = await vendor.send('debit', {
      playerSession: player.playerSession,
      transactionId: newVendorId('d'),
      roundId: newVendorId('r'),
      gameCode: 'SLOT5X3',
      amount: 1_500,
    });
    expect(debit.body.status).toBe('OK');
    const res = await t.ops(path(memberOpsRoutes.profile.path, m.memberId), { token: risk });
    expect(res.status).toBe(200);
    const p = res.body.value;
    expect(p.member).toMatchObject({ id: m.memberId, account: m.account, status: 'ACTIVE' });
    expect(p.balances).toContainEqual(expect.objectContaining({ wallet: 'MAIN', balance: 18_500 }));
    expect(p.ledger.map((l: { type: string }) => l.type)).toEqual(expect.arrayContaining(['BET']));
    expect(p.bets).toHaveLength(1);
    expect(p.bets[0]).toMatchObject({ vendor: 'BANCA', stake: 1_500, status: 'OPEN' });
    expect(p.sessions[0]).toMatchObject({ ip: m.ip, live: true });
    expect(p.upline).toBeNull();
    expect(p.directDownline).toBe(0);
  });
});

describe('lock, unlock, force logout', () => {
  it('a lock ends the member’s session at once and refuses vendor debits; unlock restores play', async () => {
    const m = await memberWithLogin();
    const player = await devPlayers(t.server.url, 'BANCA')({ memberId: m.memberId, amount: 10_000 });
    const vendor = vendorClient(t.server.url, 'BANCA', secret);
    const debit = (amount: number) =>
      vendor.send('debit', {
        playerSession: player.playerSession,
        transactionId: newVendorId('d'),
        roundId: newVendorId('r'),
        gameCode: 'SLOT5X3',
        amount,
      });
    expect((await balance(m.token)).status).toBe(200);
    expect((await debit(100)).body.status).toBe('OK');

    const locked = await act('lock', m.memberId, { reason: 'chargeback suspected' }, risk);
    expect(locked.status).toBe(200);
    expect(locked.body.value).toMatchObject({ member: { status: 'DISABLED' }, sessionsEnded: 1 });
    expect((await balance(m.token)).status).toBe(401);
    const refused = await debit(100);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('player_locked');
    // Before anything else wrong with the call, and on the balance call too.
    const unknownGame = await vendor.send('debit', {
      playerSession: player.playerSession,
      transactionId: newVendorId('d'),
      roundId: newVendorId('r'),
      gameCode: 'NO_SUCH_GAME',
      amount: 100,
    });
    expect(unknownGame.body.status).toBe('player_locked');
    expect((await vendor.send('balance', { playerSession: player.playerSession })).body.status).toBe(
      'player_locked',
    );
    const login = await t.client.login(m.account, FAST_PASSWORD, {}, { ip: m.ip });
    expect(login.status).not.toBe(200);

    const unlocked = await act('unlock', m.memberId, { reason: 'cleared by risk' }, risk);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.value.member.status).toBe('ACTIVE');
    expect((await debit(100)).body.status).toBe('OK');
    // The ended session stays ended: the member logs in again.
    expect((await balance(m.token)).status).toBe(401);

    const audit = await auditOf(m.memberId);
    expect(audit.map((a) => a.action)).toEqual(['member.unlock', 'member.lock']);
    expect(audit[1]).toMatchObject({
      before: { status: 'ACTIVE' },
      after: { status: 'DISABLED', sessionsEnded: 1 },
      reason: 'chargeback suspected',
    });
  });

  it('force logout ends every live session, the account stays open', async () => {
    const m = await memberWithLogin();
    const res = await act('forceLogout', m.memberId, { reason: 'member asked by phone' });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ member: { status: 'ACTIVE' }, sessionsEnded: 1 });
    expect((await balance(m.token)).status).toBe(401);
    expect((await t.client.login(m.account, FAST_PASSWORD, {}, { ip: m.ip })).status).toBe(200);
    expect((await auditOf(m.memberId))[0]).toMatchObject({ action: 'member.force_logout' });
  });
});

describe('reset password', () => {
  it('sends a temporary password by SMS; it logs in once and asks for a new password', async () => {
    const mobile = `+55219${String(Date.now()).slice(-8)}`;
    const m = await memberWithLogin({ mobile });
    const res = await act('resetPassword', m.memberId, { reason: 'member lost the password' });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ channel: 'sms', sessionsEnded: 1 });
    expect(res.body.value.sentTo).not.toContain(mobile.slice(3, -4));
    const sms = await t.client.lastMessage(mobile, 'sms');
    const temp = /(?:password is|temporária é) (\S+?)\./.exec(sms.body)?.[1];
    expect(temp).toBeTruthy();
    expect((await balance(m.token)).status).toBe(401);
    const login = await t.client.login(m.account, temp!, {}, { ip: m.ip });
    expect(login.status).toBe(200);
    expect(login.body.value.passwordExpired).toBe(true);
    const [entry] = await auditOf(m.memberId);
    expect(entry).toMatchObject({ action: 'member.reset_password', reason: 'member lost the password' });
    expect(JSON.stringify(entry)).not.toContain(temp);
  });

  it('falls back to e-mail; no channel at all is member_no_channel', async () => {
    const email = `${freshUsername('rst')}@example.com`;
    const withMail = await memberWithLogin({ email });
    const res = await act('resetPassword', withMail.memberId, { reason: 'forgot it' });
    expect(res.body.value.channel).toBe('email');
    expect((await t.client.lastMessage(email, 'email')).subject).toMatch(/senha|password/i);

    const none = await memberWithLogin();
    const before = await auditOf(none.memberId);
    const refused = await act('resetPassword', none.memberId, { reason: 'forgot it' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('member_no_channel');
    expect(await auditOf(none.memberId)).toEqual(before);
  });
});

describe('bad input', () => {
  it('answers 4xx with a code and changes nothing', async () => {
    const m = await memberWithLogin({ mobile: `+55319${String(Date.now()).slice(-8)}` });
    const cases: [string, number, unknown, number, string][] = [
      ['lock', m.memberId, {}, 400, 'invalid_input'],
      ['lock', m.memberId, { reason: '' }, 400, 'invalid_input'],
      ['lock', m.memberId, { reason: 'x'.repeat(501) }, 400, 'invalid_input'],
      ['lock', m.memberId, { reason: 'ok reason', extra: 1 }, 400, 'invalid_input'],
      ['unlock', m.memberId, { reason: 'not locked' }, 409, 'member_status_unchanged'],
      ['lock', 999_999_999, { reason: 'no such member' }, 404, 'member_not_found'],
      ['forceLogout', m.memberId, { reason: 7 }, 400, 'invalid_input'],
      ['resetPassword', m.memberId, null, 400, 'invalid_input'],
    ];
    for (const [route, id, body, status, code] of cases) {
      const res = await act(route as keyof typeof memberOpsRoutes, id, body);
      expect([route, res.status, res.body.code]).toEqual([route, status, code]);
    }
    for (const bad of ['/ops/members/abc', '/ops/members/0', '/ops/members?limit=0', '/ops/members?by=cpf']) {
      const res = await t.ops(bad, { token: support });
      expect([bad, res.status, res.body.code]).toEqual([bad, 400, 'invalid_input']);
    }
    expect(await auditOf(m.memberId)).toEqual([]);
    expect((await balance(m.token)).status).toBe(200);
  });
});
