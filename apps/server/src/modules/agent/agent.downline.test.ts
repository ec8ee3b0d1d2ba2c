import {
  agentRoutes,
  authRoutes,
  downlinePageSchema,
  invitationListSchema,
  invitationSchema,
  loginValueSchema,
  MEMBER_TYPE,
  memberRoutes,
  teamSummaryValueSchema,
} from '@banca/contract';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillMemberTree } from '../../platform/db/migrations/202611271410-member-downline-tree.ts';
import {
  expectFailure,
  FAST_PASSWORD,
  freshIp,
  freshMobile,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
  loginFreshAccount,
} from '../../test/auth-client.ts';
import { isInTree, moveMember, teamIds } from '../member/index.ts';

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
});
afterAll(() => t?.close());

const loginAs = (type: number): Promise<{ token: string; memberId: number; account: string }> =>
  loginFreshAccount(t, type, { prefix: 'tree' });

async function addDownline(parentId: number, types: number[]): Promise<number[]> {
  const ids = await insertAccounts(
    t.database.db,
    types.map((type) => ({ account: freshUsername('down'), type })),
  );
  for (const id of ids) expect(await moveMember(t.database.db, id, parentId)).toBe(true);
  return ids;
}

const call = (
  route: { path: string; method: string },
  token: string,
  init: { query?: Record<string, string>; body?: unknown; enc?: boolean } = {},
) => {
  const qs = init.query ? `?${new URLSearchParams(init.query).toString()}` : '';
  return t.client.call(`${route.path}${qs}`, {
    method: route.method,
    token,
    ...(init.body !== undefined ? { body: init.body } : {}),
    ...(init.enc ? { enc: true } : {}),
  });
};

/** The tree as stored, sorted, for comparisons. */
const treeRows = async (db: Kysely<unknown>) =>
  (
    await sql<{
      a: number;
      d: number;
      depth: number;
    }>`select ancestor_id as a, descendant_id as d, depth from member_tree order by 1, 2`.execute(db)
  ).rows;

describe('the downline tree (member module, closure table)', () => {
  it('links a member registered through an invitation code below the agent and its uplines', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const [sub] = await addDownline(top.memberId, [MEMBER_TYPE.AGENT]);
    // The sub-agent's own invitation code, made over HTTP.
    const subAccount = freshUsername('sub');
    const subIp = freshIp();
    const [subAgent] = await insertAccounts(t.database.db, [
      { account: subAccount, type: MEMBER_TYPE.AGENT, knownIps: [subIp] },
    ]);
    expect(await moveMember(t.database.db, subAgent!, sub!)).toBe(true);
    const subToken = loginValueSchema.parse(
      (await t.client.login(subAccount, FAST_PASSWORD, {}, { ip: subIp })).body.value,
    ).token;
    const made = await call(agentRoutes.createInvitation, subToken);
    expect(made.status).toBe(200);
    const { code } = invitationSchema.parse(made.body.value);

    // A visitor registers with it (the demo merchant asks an SMS code and a captcha).
    const ip = freshIp();
    const username = freshUsername('invited');
    const national = freshMobile();
    await t.client.call(authRoutes.smsRegister.path, {
      body: { mobileNum: national, countryDialingCode: '+55' },
      ip,
    });
    const verificationCode = await t.client.lastCode(`+55${national}`, 'sms');
    const c = await t.client.solvedCaptcha(ip);
    const reg = await t.client.call(memberRoutes.register.path, {
      method: 'PUT',
      enc: true,
      ip,
      body: {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        mobileNum: national,
        countryDialingCode: '+55',
        verificationCode,
        captcha: c.captcha,
        captchaId: c.captchaId,
        email: `${username}@example.com`,
        affiliateCode: code,
        registerUrl: `http://localhost/register?affiliateCode=${code}`,
        domain: 'localhost',
      },
    });
    expect(reg.status).toBe(200);
    const newToken = loginValueSchema.parse(reg.body.value).token;
    const info = await t.client.call(memberRoutes.info.path, { token: newToken });
    expect(info.body.value).toMatchObject({ account: username, uplineAccount: subAccount });
    const newId = (info.body.value as { id: number }).id;

    const db = t.database.db;
    expect(await isInTree(db, subAgent!, newId)).toBe(true);
    expect(await isInTree(db, sub!, newId)).toBe(true);
    expect(await isInTree(db, top.memberId, newId)).toBe(true);
    expect(await isInTree(db, newId, top.memberId)).toBe(false);
    expect(await teamIds(db, top.memberId)).toEqual(expect.arrayContaining([sub, subAgent, newId]));

    // The code counts what it brought.
    const list = invitationListSchema.parse((await call(agentRoutes.invitations, subToken)).body.value);
    expect(list.items).toEqual([expect.objectContaining({ code, registrations: 1, enabled: true })]);

    // The top agent's whole team lists the new member with its upline path.
    const teamPage = downlinePageSchema.parse(
      (await call(agentRoutes.downline, top.token, { query: { scope: 'team', account: username } })).body
        .value,
    );
    expect(teamPage.items).toEqual([
      expect.objectContaining({
        memberId: newId,
        depth: 3,
        uplinePath: [top.account, expect.any(String), subAccount],
      }),
    ]);
  });

  it('backfills from the parent links exactly what live maintenance wrote', async () => {
    const agent = await loginAs(MEMBER_TYPE.AGENT);
    const [a, b] = await addDownline(agent.memberId, [MEMBER_TYPE.AGENT, MEMBER_TYPE.MEMBER]);
    await addDownline(a!, [MEMBER_TYPE.MEMBER, MEMBER_TYPE.AGENT]);
    // A move of a whole subtree keeps the tree right.
    expect(await moveMember(t.database.db, a!, b!)).toBe(true);
    const db = t.database.db as unknown as Kysely<unknown>;
    const live = await treeRows(db);
    await sql`delete from member_tree`.execute(db);
    await backfillMemberTree(db);
    expect(await treeRows(db)).toEqual(live);
    // Run twice: nothing changes.
    await backfillMemberTree(db);
    expect(await treeRows(db)).toEqual(live);
  });
});

describe('agent downline calls', () => {
  it('pages the direct downline and the whole team with filters, newest first', async () => {
    const agent = await loginAs(MEMBER_TYPE.AGENT);
    const [m1, sub, m2] = await addDownline(agent.memberId, [
      MEMBER_TYPE.MEMBER,
      MEMBER_TYPE.AGENT_2,
      MEMBER_TYPE.MEMBER,
    ]);
    const [deep] = await addDownline(sub!, [MEMBER_TYPE.MEMBER]);

    const direct = downlinePageSchema.parse(
      (await call(agentRoutes.downline, agent.token, { query: { limit: '2' } })).body.value,
    );
    expect(direct.items.map((r) => r.memberId)).toEqual([m2, sub]);
    expect(direct.nextCursor).toBe(String(sub));
    const rest = downlinePageSchema.parse(
      (await call(agentRoutes.downline, agent.token, { query: { limit: '2', cursor: direct.nextCursor! } }))
        .body.value,
    );
    expect(rest).toEqual({
      items: [expect.objectContaining({ memberId: m1, balance: 0 })],
      nextCursor: null,
    });

    const whole = downlinePageSchema.parse(
      (await call(agentRoutes.downline, agent.token, { query: { scope: 'team' } })).body.value,
    );
    expect(whole.items.map((r) => r.memberId)).toEqual([deep, m2, sub, m1]);
    const agents = downlinePageSchema.parse(
      (await call(agentRoutes.downline, agent.token, { query: { scope: 'team', kind: 'agent' } })).body.value,
    );
    expect(agents.items.map((r) => [r.memberId, r.isAgent])).toEqual([[sub, true]]);

    const summary = teamSummaryValueSchema.parse(
      (await call(agentRoutes.teamSummary, agent.token, { query: { period: 'M' } })).body.value,
    );
    expect(summary).toMatchObject({ period: 'M', teamSize: 4, newMembers: 4, activeMembers: 0, validBet: 0 });
  });

  it('registers a member and an agent directly below the caller; a taken account is a field error', async () => {
    const agent = await loginAs(MEMBER_TYPE.AGENT);
    const username = `dl${Date.now().toString(36)}`.slice(0, 16);
    const res = await call(agentRoutes.registerDownline, agent.token, {
      enc: true,
      body: { username, password: 'Secret123', kind: 'agent' },
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ account: username, type: MEMBER_TYPE.AGENT });
    const id = (res.body.value as { memberId: number }).memberId;
    expect(await isInTree(t.database.db, agent.memberId, id)).toBe(true);
    const one = await call(agentRoutes.downlineMember, agent.token, {
      query: { account: username.toUpperCase() },
    });
    expect(one.body.value).toMatchObject({ memberId: id, depth: 1, isAgent: true, lastLoginAt: null });

    const again = await call(agentRoutes.registerDownline, agent.token, {
      enc: true,
      body: { username, password: 'Secret123', kind: 'member' },
    });
    expect(expectFailure(again, 409, 'account_exists').value).toMatchObject({
      fields: { username: 'account_exists' },
    });
  });

  it('answers a sibling, upline, unrelated, own or missing member with the same 404 (BOLA)', async () => {
    const top = await loginAs(MEMBER_TYPE.AGENT);
    const [meId] = await addDownline(top.memberId, [MEMBER_TYPE.AGENT]);
    const [sibling] = await addDownline(top.memberId, [MEMBER_TYPE.MEMBER]);
    // The middle agent logs in.
    const ip = freshIp();
    const account = freshUsername('mid');
    const [mid] = await insertAccounts(t.database.db, [{ account, type: MEMBER_TYPE.AGENT, knownIps: [ip] }]);
    expect(await moveMember(t.database.db, mid!, meId!)).toBe(true);
    const token = loginValueSchema.parse(
      (await t.client.login(account, FAST_PASSWORD, {}, { ip })).body.value,
    ).token;
    const [mine] = await addDownline(mid!, [MEMBER_TYPE.MEMBER]);
    const stranger = await loginAs(MEMBER_TYPE.AGENT);
    const [theirs] = await addDownline(stranger.memberId, [MEMBER_TYPE.MEMBER]);
    const [unlinked] = await insertAccounts(t.database.db, [{ account: freshUsername('free') }]);

    const ok = await call(agentRoutes.downlineMember, token, { query: { memberId: String(mine) } });
    expect(ok.status).toBe(200);

    const missing = await call(agentRoutes.downlineMember, token, { query: { memberId: '99999999' } });
    const refusal = expectFailure(missing, 404, 'downline_not_found');
    for (const probe of [sibling, meId, top.memberId, theirs, unlinked, mid, stranger.memberId]) {
      const res = await call(agentRoutes.downlineMember, token, { query: { memberId: String(probe) } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: missing.body });
    }
    for (const probe of [top.account, account, 'no-such-account']) {
      const res = await call(agentRoutes.downlineMember, token, { query: { account: probe } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: missing.body });
    }
    expect(refusal.message).toBeTruthy();
    // The lists never reach outside the tree either.
    const whole = downlinePageSchema.parse(
      (await call(agentRoutes.downline, token, { query: { scope: 'team' } })).body.value,
    );
    expect(whole.items.map((r) => r.memberId)).toEqual([mine]);
  });

  it('answers bad input with 400 and a code, and registers nothing', async () => {
    const agent = await loginAs(MEMBER_TYPE.AGENT);
    const bad: [
      typeof agentRoutes.downline | typeof agentRoutes.downlineMember | typeof agentRoutes.teamSummary,
      Record<string, string>,
    ][] = [
      [agentRoutes.downline, { scope: 'all' }],
      [agentRoutes.downline, { limit: '0' }],
      [agentRoutes.downline, { limit: '101' }],
      [agentRoutes.downline, { cursor: '-1' }],
      [agentRoutes.downline, { kind: 'boss' }],
      [agentRoutes.downline, { memberId: '1' }],
      [agentRoutes.downlineMember, {}],
      [agentRoutes.downlineMember, { memberId: '1', account: 'x' }],
      [agentRoutes.downlineMember, { memberId: '0' }],
      [agentRoutes.downlineMember, { memberId: '1e3' }],
      [agentRoutes.teamSummary, { period: 'Y' }],
    ];
    for (const [route, query] of bad)
      expectFailure(await call(route, agent.token, { query }), 400, 'invalid_input');
    for (const body of [
      { username: 'ab', password: 'Secret123', kind: 'member' },
      { username: 'valid123', password: '123', kind: 'member' },
      { username: 'valid123', password: 'Secret123', kind: 'boss' },
      { username: 'valid123', password: 'Secret123', kind: 'member', type: 1 },
    ]) {
      expectFailure(
        await call(agentRoutes.registerDownline, agent.token, { enc: true, body }),
        400,
        'invalid_input',
      );
    }
    expectFailure(
      await call(agentRoutes.registerDownline, agent.token, {
        body: { username: 'valid123', password: 'x', kind: 'member' },
      }),
      400,
      'enc_required',
    );
    const list = downlinePageSchema.parse((await call(agentRoutes.downline, agent.token)).body.value);
    expect(list.items).toEqual([]);
  });

  it('refuses members at every agent call with 403 forbidden', async () => {
    const member = await loginAs(MEMBER_TYPE.MEMBER);
    for (const route of [
      agentRoutes.downline,
      agentRoutes.teamSummary,
      agentRoutes.invitations,
      agentRoutes.createInvitation,
    ]) {
      expectFailure(await call(route, member.token), 403, 'forbidden');
    }
  });
});
