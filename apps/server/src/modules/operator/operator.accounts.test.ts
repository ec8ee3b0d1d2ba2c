import { operatorRoutes, walletRoutes } from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, freshIp } from '../../test/auth-client.ts';
import {
  freshOperatorName,
  loginOperatorWithTotp,
  OPERATOR_PASSWORD,
  startOpsTestServer,
  type OpsTestServer,
} from '../../test/ops-client.ts';
import { getJson } from '../../test/test-app.ts';

let t: OpsTestServer;
beforeAll(async () => {
  // A small per-name failure limit, so the throttle test needs few wrong passwords.
  t = await startOpsTestServer({ authLimits: { operatorLoginFailuresPerAccount: { points: 3 } } });
});
afterAll(() => t?.close());

const login = (username: string, password: string, ip = freshIp()) =>
  getJson(t.server.url + operatorRoutes.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ username, password }),
  });

describe('operator accounts', () => {
  it('the bootstrap token creates the first admin, who then logs in with a name', async () => {
    const username = freshOperatorName('boss');
    const created = await t.ops(operatorRoutes.createOperator.path, {
      method: 'POST',
      body: { username, password: OPERATOR_PASSWORD, role: 'admin' },
    });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      username,
      role: 'admin',
      status: 'ACTIVE',
      createdBy: 'bootstrap',
    });

    // The password alone opens no session: it answers the enrolment step (every role has 2FA).
    const first = await login(username.toUpperCase(), OPERATOR_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ step: 'enrol', enrolment: { secret: expect.any(String) } });
    expect(first.body.value).not.toHaveProperty('token');
    const session = await loginOperatorWithTotp(t.server.url, username.toUpperCase(), OPERATOR_PASSWORD);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ok = { body: { value: { token: session.token } } };
    const me = await t.ops(operatorRoutes.me.path, { token: session.token });
    expect(me.body.value.operator).toMatchObject({ username, role: 'admin', totpEnrolled: true });

    // The same name twice is a conflict, and nothing is written.
    const again = await t.ops(operatorRoutes.createOperator.path, {
      method: 'POST',
      body: { username, password: OPERATOR_PASSWORD, role: 'support' },
    });
    expectFailure(again, 409, 'conflict');

    const list = await t.ops(operatorRoutes.listOperators.path, { token: ok.body.value.token });
    expect(
      list.body.value.operators.filter((o: { username: string }) => o.username === username),
    ).toHaveLength(1);
    // The list says when each operator last logged in: this one after it was created.
    const mine = list.body.value.operators.find((o: { username: string }) => o.username === username);
    expect(Date.parse(mine.lastLoginAt)).toBeGreaterThanOrEqual(Date.parse(created.body.value.createdAt));

    // The creation is in the audit, by the bootstrap.
    const audit = await t.ops(
      `${operatorRoutes.audit.path}?action=operator.create&subjectId=${created.body.value.id}`,
      {
        token: ok.body.value.token,
      },
    );
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({ actor: 'bootstrap', actorId: null, action: 'operator.create', before: null }),
    ]);
  });

  it('keeps the bootstrap token away from everything but operator creation and system settings', async () => {
    expect((await t.ops(operatorRoutes.statusSettings.path)).status).toBe(200);
    expectFailure(await t.ops(operatorRoutes.audit.path), 403, 'forbidden');
    expectFailure(await t.ops(walletRoutes.getSettings.path), 403, 'forbidden');
    expectFailure(
      await t.ops(walletRoutes.adjustBalance.path, {
        method: 'POST',
        body: { memberId: 1, amount: 100, reason: 'bootstrap try', idempotencyKey: 'bootstrap-1' },
      }),
      403,
      'forbidden',
    );
  });

  it('answers the same invalid_credentials for a wrong password and an unknown name', async () => {
    const op = await t.operator('support');
    const wrong = expectFailure(await login(op.username, 'not-the-password'), 400, 'invalid_credentials');
    const unknown = expectFailure(await login('nobody-here', 'not-the-password'), 400, 'invalid_credentials');
    expect(wrong.message).toBe(unknown.message);
  });

  it('throttles a name after its failures, even with the right password', async () => {
    const op = await t.operator('support');
    for (let i = 0; i < 3; i++)
      expect((await login(op.username, 'wrong-password-x', freshIp())).status).toBe(400);
    expectFailure(await login(op.username, OPERATOR_PASSWORD, freshIp()), 429, 'too_many_requests');
  });

  it('enforces roles: admin everything, finance money, support neither', async () => {
    const [admin, finance, support] = await Promise.all([
      t.operator('admin'),
      t.operator('finance'),
      t.operator('support'),
    ]);
    expect((await t.ops(walletRoutes.getSettings.path, { token: admin.token })).status).toBe(200);
    expectFailure(await t.ops(walletRoutes.getSettings.path, { token: finance.token }), 403, 'forbidden');
    expectFailure(await t.ops(operatorRoutes.audit.path, { token: finance.token }), 403, 'forbidden');
    expectFailure(await t.ops(operatorRoutes.audit.path, { token: support.token }), 403, 'forbidden');
    const adjust = (token: string) =>
      t.ops(walletRoutes.adjustBalance.path, {
        method: 'POST',
        token,
        body: {
          memberId: 999_999_999,
          amount: 100,
          reason: 'role check',
          idempotencyKey: `role-${Date.now()}`,
        },
      });
    // Past the role check: an unknown member is not found.
    expectFailure(await adjust(finance.token), 404, 'not_found');
    expectFailure(await adjust(admin.token), 404, 'not_found');
    expectFailure(await adjust(support.token), 403, 'forbidden');
    expectFailure(
      await t.ops(operatorRoutes.createOperator.path, {
        method: 'POST',
        token: finance.token,
        body: { username: freshOperatorName(), password: OPERATOR_PASSWORD, role: 'admin' },
      }),
      403,
      'forbidden',
    );
    expectFailure(await t.ops(operatorRoutes.audit.path, { token: 'x'.repeat(43) }), 401, 'not_logged_in');
    expectFailure(await t.ops(operatorRoutes.audit.path, { token: 'garbage' }), 401, 'not_logged_in');
  });

  it('logout ends the session at once', async () => {
    const op = await t.operator('finance');
    expect((await t.ops(operatorRoutes.logout.path, { method: 'DELETE', token: op.token })).status).toBe(200);
    expectFailure(
      await t.ops(operatorRoutes.logout.path, { method: 'DELETE', token: op.token }),
      401,
      'not_logged_in',
    );
  });

  it('disabling an operator ends its sessions and its logins, audited with before and after', async () => {
    const admin = await t.operator('admin');
    const victim = await t.operator('finance');
    const path = operatorRoutes.disableOperator.path.replace(':id', String(victim.id));
    const res = await t.ops(path, { method: 'PUT', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.value.status).toBe('DISABLED');
    expectFailure(
      await t.ops(operatorRoutes.logout.path, { method: 'DELETE', token: victim.token }),
      401,
      'not_logged_in',
    );
    expectFailure(await login(victim.username, OPERATOR_PASSWORD), 400, 'invalid_credentials');
    // An admin cannot disable itself; an unknown id is not found.
    const self = operatorRoutes.disableOperator.path.replace(':id', String(admin.id));
    expectFailure(await t.ops(self, { method: 'PUT', token: admin.token }), 403, 'forbidden');
    const none = operatorRoutes.disableOperator.path.replace(':id', '987654321');
    expectFailure(await t.ops(none, { method: 'PUT', token: admin.token }), 404, 'not_found');

    const audit = await t.ops(`${operatorRoutes.audit.path}?action=operator.disable&subjectId=${victim.id}`, {
      token: admin.token,
    });
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        actor: admin.username,
        actorId: admin.id,
        before: expect.objectContaining({ status: 'ACTIVE' }),
        after: expect.objectContaining({ status: 'DISABLED' }),
      }),
    ]);
  });
});

describe('audit', () => {
  it('records system settings changes with before and after', async () => {
    const admin = await t.operator('admin');
    const put = await t.ops(operatorRoutes.setMaintenance.path, {
      method: 'PUT',
      token: admin.token,
      body: { enabled: true, endTime: null },
    });
    expect(put.status).toBe(200);
    await t.ops(operatorRoutes.setMaintenance.path, {
      method: 'PUT',
      body: { enabled: false, endTime: null },
    });
    const audit = await t.ops(`${operatorRoutes.audit.path}?action=system.maintenance&limit=2`, {
      token: admin.token,
    });
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({ actor: 'bootstrap', after: { enabled: false, endTime: null } }),
      expect.objectContaining({
        actor: admin.username,
        before: { enabled: false, endTime: null },
        after: { enabled: true, endTime: null },
      }),
    ]);
    expect(audit.body.value.items[0].requestId).toEqual(expect.any(String));
  });

  it('pages newest first without gaps or repeats', async () => {
    const admin = await t.operator('admin');
    for (let i = 0; i < 7; i++) await t.operator('support');
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const q: string = `?action=operator.create&limit=3${cursor ? `&before=${cursor}` : ''}`;
      const page = await t.ops(operatorRoutes.audit.path + q, { token: admin.token });
      expect(page.status).toBe(200);
      seen.push(...page.body.value.items.map((e: { id: number }) => e.id));
      cursor = page.body.value.nextCursor;
    } while (cursor !== null);
    const all = await t.database.db
      .selectFrom('operator_audit')
      .select('id')
      .where('action', '=', 'operator.create')
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await t.operator('support');
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from operator_audit`.execute(t.database.db))
          .rows[0]!.n,
      );
    const before = await count();
    await expect(sql`update operator_audit set reason = 'edited'`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from operator_audit`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate operator_audit`.execute(t.database.db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });
});
