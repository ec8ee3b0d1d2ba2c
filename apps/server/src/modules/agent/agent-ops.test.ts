/**
 * The back office's agent calls (issue 24 item 6). Role refusals are walked in the role-matrix test;
 * here: the agents list with team figures, one tree level at a time, moving a member with its team
 * below another agent (audited with before, after and reason), and the refusals (below itself, below
 * its own team, not an agent, missing, bad input) which change nothing.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import {
  agentRoutes,
  isCatalogueErrorCode,
  loginValueSchema,
  MEMBER_TYPE,
  opsAgentSettingsValueSchema,
  opsAgentsPageSchema,
  opsTreePageSchema,
} from '@banca/contract';
import { badInputRuns } from '../../test/bad-input-runs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_PASSWORD, freshIp, freshUsername, insertAccounts } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { findMemberById, moveMember, teamIds } from '../member/index.ts';

let t: OpsTestServer;
let admin: string;
let support: string;
beforeAll(async () => {
  t = await startOpsTestServer();
  admin = (await t.operator('admin')).token;
  support = (await t.operator('support')).token;
}, 180_000);
afterAll(() => t?.close());

/** top (agent) > a1 (agent) > m1; top > m2; other (agent). */
async function tree() {
  const names = ['ot', 'oa', 'om', 'on', 'oo'].map((p) => freshUsername(p));
  const [top, a1, m1, m2, other] = await insertAccounts(t.database.db, [
    { account: names[0]!, type: MEMBER_TYPE.AGENT },
    { account: names[1]!, type: MEMBER_TYPE.AGENT },
    { account: names[2]!, type: MEMBER_TYPE.MEMBER },
    { account: names[3]!, type: MEMBER_TYPE.MEMBER },
    { account: names[4]!, type: MEMBER_TYPE.AGENT },
  ]);
  await moveMember(t.database.db, a1!, top!);
  await moveMember(t.database.db, m1!, a1!);
  await moveMember(t.database.db, m2!, top!);
  return { top: top!, a1: a1!, m1: m1!, m2: m2!, other: other!, names };
}

const move = (body: unknown, token = admin) =>
  t.ops(agentRoutes.opsMoveMember.path, { method: 'POST', body, token });

describe('agents list and tree', () => {
  it('lists agents by account with team size, direct downline and month figures', async () => {
    const { names } = await tree();
    const res = await t.ops(`${agentRoutes.opsAgents.path}?account=${names[0]}`, { token: support });
    expect(res.status).toBe(200);
    const page = opsAgentsPageSchema.parse(res.body.value);
    expect(page.items.map((a) => [a.account, a.teamSize, a.directDownline, a.upline])).toEqual([
      [names[0], 3, 2, null],
    ]);
  });

  it('opens one level at a time', async () => {
    const { top, a1, names } = await tree();
    const level = opsTreePageSchema.parse(
      (await t.ops(agentRoutes.opsAgentDownline.path.replace(':id', String(top)), { token: support })).body
        .value,
    );
    expect(level.root.account).toBe(names[0]);
    expect(level.items.map((n) => [n.account, n.isAgent, n.directDownline])).toEqual([
      [names[3], false, 0],
      [names[1], true, 1],
    ]);
    const below = opsTreePageSchema.parse(
      (await t.ops(agentRoutes.opsAgentDownline.path.replace(':id', String(a1)), { token: support })).body
        .value,
    );
    expect(below.items.map((n) => n.account)).toEqual([names[2]]);
    const missing = await t.ops(agentRoutes.opsAgentDownline.path.replace(':id', '999999999'), {
      token: support,
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'agent_member_not_found']);
  });
});

describe('move a member', () => {
  it('moves a member with its team below another agent and audits it', async () => {
    const { top, a1, m1, other, names } = await tree();
    const res = await move({ memberId: a1, uplineAccount: names[4], reason: 'agent asked to change' });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      memberId: a1,
      account: names[1],
      fromUpline: names[0],
      toUpline: names[4],
    });
    expect((await teamIds(t.database.db, other)).sort()).toEqual([a1, m1].sort());
    expect(await teamIds(t.database.db, top)).not.toContain(m1);
    const audit = (await t.ops(`/ops/audit?subjectType=member&subjectId=${a1}&limit=5`, { token: admin }))
      .body.value.items as { action: string; before: unknown; after: unknown; reason: string }[];
    expect(audit[0]).toMatchObject({
      action: 'agent.move_member',
      before: { upline: names[0] },
      after: { upline: names[4] },
      reason: 'agent asked to change',
    });
  });

  it('refuses a move below itself, below its own team, below a non-agent or missing upline; changes nothing', async () => {
    const { top, a1, m1, names } = await tree();
    const before = (await teamIds(t.database.db, top)).sort();
    for (const [body, status, code] of [
      [{ memberId: a1, uplineAccount: names[1], reason: 'self move' }, 409, 'agent_move_refused'],
      [{ memberId: top, uplineAccount: names[1], reason: 'below own team' }, 409, 'agent_move_refused'],
      [{ memberId: a1, uplineAccount: names[3], reason: 'not an agent' }, 409, 'agent_move_refused'],
      [{ memberId: a1, uplineAccount: names[0], reason: 'same upline' }, 409, 'agent_move_refused'],
      [{ memberId: a1, uplineAccount: 'nosuchagent', reason: 'missing' }, 409, 'agent_move_refused'],
      [
        { memberId: 999_999_999, uplineAccount: names[4], reason: 'missing member' },
        404,
        'agent_member_not_found',
      ],
      [{ memberId: a1, uplineAccount: names[4] }, 400, 'invalid_input'],
      [{ memberId: a1, uplineAccount: names[4], reason: 'x' }, 400, 'invalid_input'],
      [{ memberId: 'a1', uplineAccount: names[4], reason: 'wrong type' }, 400, 'invalid_input'],
    ] as const) {
      const res = await move(body);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect((await teamIds(t.database.db, top)).sort()).toEqual(before);
    expect(await teamIds(t.database.db, a1)).toEqual([m1]);
    // support may read but not move.
    const denied = await move({ memberId: a1, uplineAccount: names[4], reason: 'support tries' }, support);
    expect(denied.status).toBe(403);
  });
});

describe('agent settings: the promote switch', () => {
  const settings = (token = admin) => t.ops(agentRoutes.opsAgentSettings.path, { token });
  const put = (body: unknown, token = admin) =>
    t.ops(agentRoutes.opsPutAgentSettings.path, { method: 'PUT', body, token });

  it('answers the config default until an operator sets it; off refuses promote, on allows it; audited', async () => {
    const first = await settings(support);
    expect(first.status).toBe(200);
    // The test server runs with the config default (AGENT_PROMOTE unset: true).
    expect(opsAgentSettingsValueSchema.parse(first.body.value)).toEqual({
      promoteAllowed: true,
      source: 'config',
      updatedAt: null,
    });

    // An agent with a direct downline member, logged in.
    const ip = freshIp();
    const [agentName, m1Name, m2Name] = ['ps', 'pm', 'pn'].map((p) => freshUsername(p));
    const [agent, m1, m2] = await insertAccounts(t.database.db, [
      { account: agentName!, type: MEMBER_TYPE.AGENT, knownIps: [ip] },
      { account: m1Name!, type: MEMBER_TYPE.MEMBER },
      { account: m2Name!, type: MEMBER_TYPE.MEMBER },
    ]);
    await moveMember(t.database.db, m1!, agent!);
    await moveMember(t.database.db, m2!, agent!);
    const token = loginValueSchema.parse(
      (await t.client.login(agentName!, FAST_PASSWORD, {}, { ip })).body.value,
    ).token;
    const promote = (memberId: number) =>
      t.client.call(agentRoutes.promoteDownline.path, { method: 'POST', token, body: { memberId } });

    const off = await put({ promoteAllowed: false, reason: 'agents promote too freely' });
    expect(off.status).toBe(200);
    const offValue = opsAgentSettingsValueSchema.parse(off.body.value);
    expect(offValue).toMatchObject({ promoteAllowed: false, source: 'operator' });
    expect(offValue.updatedAt).not.toBeNull();
    expect(opsAgentSettingsValueSchema.parse((await settings(support)).body.value)).toEqual(offValue);
    const refused = await promote(m1!);
    expect([refused.status, refused.body.code]).toEqual([403, 'promote_not_allowed']);
    expect((await findMemberById(t.database.db, m1!))?.type).toBe(MEMBER_TYPE.MEMBER);

    const on = await put({ promoteAllowed: true, reason: 'promotions open again' });
    expect(opsAgentSettingsValueSchema.parse(on.body.value)).toMatchObject({
      promoteAllowed: true,
      source: 'operator',
    });
    const ok = await promote(m1!);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await findMemberById(t.database.db, m1!))?.type).toBe(MEMBER_TYPE.AGENT);

    const audit = (await t.ops(`/ops/audit?subjectType=agent_settings&limit=5`, { token: admin })).body.value
      .items as { action: string; before: unknown; after: unknown; reason: string }[];
    expect(audit.slice(0, 2)).toMatchObject([
      {
        action: 'agent.settings',
        before: { promoteAllowed: false, source: 'operator' },
        after: { promoteAllowed: true, source: 'operator' },
        reason: 'promotions open again',
      },
      {
        action: 'agent.settings',
        before: { promoteAllowed: true, source: 'config' },
        after: { promoteAllowed: false, source: 'operator' },
        reason: 'agents promote too freely',
      },
    ]);
  });

  it('refuses bad bodies and other roles than agents.manage; nothing changes', async () => {
    const before = (await settings()).body.value;
    const audits = async () =>
      (await t.ops(`/ops/audit?subjectType=agent_settings&limit=100`, { token: admin })).body.value.items
        .length as number;
    const n = await audits();
    for (const body of [
      {},
      { promoteAllowed: false },
      { promoteAllowed: false, reason: 'x' },
      { promoteAllowed: 'no', reason: 'a valid reason' },
      { promoteAllowed: false, reason: 'a valid reason', extra: 1 },
    ]) {
      const res = await put(body);
      expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    }
    const denied = await put({ promoteAllowed: !before.promoteAllowed, reason: 'support tries' }, support);
    expect(denied.status).toBe(403);
    expect((await settings()).body.value).toEqual(before);
    expect(await audits()).toBe(n);
  });
});

describe('generated bad input on the back-office agent calls', () => {
  const RUNS = badInputRuns(210);
  const digest = async () =>
    (
      await sql<{ d: string }>`select md5(
        coalesce((select string_agg(id || ':' || coalesce(parent_id, 0), '|' order by id) from member), '')
        || coalesce((select count(*)::text from operator_audit), '')) as d`.execute(t.database.db)
    ).rows[0]!.d;
  const junk = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer({ min: -1_000_000, max: 0 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 2 }),
    fc.integer({ min: 501, max: 3_000 }).map((n) => 'x'.repeat(n)),
  );

  it(`${agentRoutes.opsMoveMember.path}: ${RUNS} bad bodies answer a 4xx with a code and move no one`, async () => {
    const { a1, names } = await tree();
    const base = { memberId: a1, uplineAccount: names[4]!, reason: 'a valid reason' };
    const bodies = fc
      .array(
        fc.oneof(
          fc.record({ key: fc.constantFrom('memberId', 'uplineAccount', 'reason', 'extra'), value: junk }),
          fc.record({
            key: fc.constantFrom('memberId', 'uplineAccount', 'reason'),
            value: fc.constant(undefined),
          }),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map((ms) => {
        const out: Record<string, unknown> = { ...base };
        for (const m of ms) out[m.key] = m.value;
        return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
      })
      .filter((b) => !agentRoutes.opsMoveMember.body!.safeParse(b).success);
    const before = await digest();
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const res = await move(body);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(isCatalogueErrorCode(String(res.body.code))).toBe(true);
      }),
      { numRuns: RUNS },
    );
    expect(await digest()).toBe(before);
  }, 300_000);

  it(`${agentRoutes.opsAgents.path}: ${RUNS} bad queries answer 400`, async () => {
    const queries = fc
      .record({
        key: fc.constantFrom('account', 'after', 'limit', 'other'),
        value: fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('0', '-1', '101', '1.5', 'x'.repeat(70)),
        ),
      })
      .filter(({ key, value }) => !agentRoutes.opsAgents.query!.safeParse({ [key]: value }).success);
    await fc.assert(
      fc.asyncProperty(queries, async ({ key, value }) => {
        const res = await t.ops(
          `${agentRoutes.opsAgents.path}?${new URLSearchParams({ [key]: value }).toString()}`,
          {
            token: support,
          },
        );
        expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
