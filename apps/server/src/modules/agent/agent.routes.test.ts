import {
  agentRoutes,
  authRoutes,
  loginValueSchema,
  MEMBER_TYPE,
  teamOverviewValueSchema,
} from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
  loginFreshAccount,
} from '../../test/auth-client.ts';
import { moveMember } from '../member/index.ts';
import { startOfMonthUtc } from './agent.service.ts';

let t: AuthTestServer;
beforeAll(async () => {
  t = await startAuthTestServer();
});
afterAll(() => t?.close());

const overview = (token?: string) => t.client.call(agentRoutes.teamOverview.path, token ? { token } : {});

/** Accounts inserted directly (this module does not test registration), then logged in over HTTP. */
const loginAs = (type: number): Promise<{ token: string; memberId: number }> =>
  loginFreshAccount(t, type, { prefix: 'team' });

/** Accounts below `parentId`, linked through the member module's tree maintenance. */
async function addDownline(parentId: number, types: number[]): Promise<number[]> {
  const ids = await insertAccounts(
    t.database.db,
    types.map((type) => ({ account: freshUsername('down'), type })),
  );
  for (const id of ids) expect(await moveMember(t.database.db, id, parentId)).toBe(true);
  return ids;
}

describe('GET /wps/agent/team/overview', () => {
  it("counts an agent's direct members, its sub-agents' members and who joined this month", async () => {
    const agent = await loginAs(MEMBER_TYPE.AGENT);
    const [, subAgent] = await addDownline(agent.memberId, [MEMBER_TYPE.MEMBER, MEMBER_TYPE.AGENT_2]);
    const [, oldTimer] = await addDownline(subAgent!, [MEMBER_TYPE.MEMBER, MEMBER_TYPE.MEMBER]);
    // One of the sub-agent's members joined before this month: in the team, not new.
    const lastMonth = new Date(startOfMonthUtc(new Date()).getTime() - 24 * 3600 * 1000);
    await t.database.db
      .updateTable('member')
      .set({ created_at: lastMonth })
      .where('id', '=', oldTimer!)
      .execute();
    // The tree rows carry the registration time from when they are written: link it again.
    expect(await moveMember(t.database.db, oldTimer!, subAgent!)).toBe(true);
    // Someone else's member is no part of this team.
    const other = await loginAs(MEMBER_TYPE.AGENT);
    await addDownline(other.memberId, [MEMBER_TYPE.MEMBER]);

    const res = await overview(agent.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 'ok' });
    expect(teamOverviewValueSchema.parse(res.body.value)).toEqual({
      directMembers: 2,
      totalMembers: 4,
      directAgents: 1,
      newThisMonth: 3,
    });

    const mine = await overview(other.token);
    expect(mine.body.value).toEqual({ directMembers: 1, totalMembers: 1, directAgents: 0, newThisMonth: 1 });
  });

  it('shows an agent with no team zeros', async () => {
    const agent = await loginAs(MEMBER_TYPE.AGENT_41);
    const res = await overview(agent.token);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ directMembers: 0, totalMembers: 0, directAgents: 0, newThisMonth: 0 });
  });

  it('refuses to move an agent below its own downline (no cycle can be made)', async () => {
    const agent = await loginAs(MEMBER_TYPE.AGENT);
    const [sub] = await addDownline(agent.memberId, [MEMBER_TYPE.AGENT]);
    const [leaf] = await addDownline(sub!, [MEMBER_TYPE.MEMBER]);
    expect(await moveMember(t.database.db, agent.memberId, leaf!)).toBe(false);
    expect(await moveMember(t.database.db, agent.memberId, agent.memberId)).toBe(false);

    const res = await overview(agent.token);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ directMembers: 1, totalMembers: 2, directAgents: 1, newThisMonth: 2 });
  });

  it('refuses a member who is no agent with 403 forbidden', async () => {
    const member = await loginAs(MEMBER_TYPE.MEMBER);
    expectFailure(await overview(member.token), 403, 'forbidden');
  });

  it('refuses a trial account with 403 in_need_true_account', async () => {
    const res = await t.client.call(authRoutes.freePlay.path, {
      body: { os: 'linux', platform: 'W' },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    const { token } = loginValueSchema.parse(res.body.value);
    expectFailure(await overview(token), 403, 'in_need_true_account');
  });

  it('refuses a call without a token with 401', async () => {
    expectFailure(await overview(), 401, 'not_logged_in');
  });
});
