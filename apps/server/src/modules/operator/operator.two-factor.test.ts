import { operatorRoutes, OPS_COOKIE_NAME } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, freshIp } from '../../test/auth-client.ts';
import {
  freshOperatorName,
  loginOperatorWithTotp,
  OPERATOR_PASSWORD,
  startOpsTestServer,
  totpCode,
  type OpsTestServer,
} from '../../test/ops-client.ts';
import { getJson, OPERATOR_TOKEN, startApp } from '../../test/test-app.ts';

let t: OpsTestServer;
beforeAll(async () => {
  // A small per-name failure budget (passwords and codes count together), so the brute-force test
  // needs few wrong codes.
  t = await startOpsTestServer({ authLimits: { operatorLoginFailuresPerAccount: { points: 4 } } });
});
afterAll(() => t?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  getJson(t.server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** The raw response, for its Set-Cookie header. */
const postRaw = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(t.server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const newOperator = async (role: 'admin' | 'finance' | 'support' | 'content' | 'risk' = 'admin') => {
  const username = freshOperatorName('tf');
  const created = await t.ops(operatorRoutes.createOperator.path, {
    method: 'POST',
    body: { username, password: OPERATOR_PASSWORD, role },
  });
  expect(created.status).toBe(200);
  return { username, id: created.body.value.id as number };
};

const passwordStep = async (username: string, ip: string) => {
  const res = await post(
    operatorRoutes.login.path,
    { username, password: OPERATOR_PASSWORD },
    {
      'x-forwarded-for': ip,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value as {
    step: 'totp' | 'enrol';
    challenge: string;
    enrolment: { secret: string; uri: string } | null;
  };
};

const auditOf = async (subjectId: number, action: string) =>
  (
    await t.ops(`${operatorRoutes.audit.path}?subjectType=operator&subjectId=${subjectId}&action=${action}`, {
      token: (await adminToken()).token,
    })
  ).body.value.items as { action: string; after: Record<string, unknown> }[];

let admin: { token: string } | undefined;
const adminToken = async () => (admin ??= await t.operator('admin'));

describe('operator two-factor login (TOTP, RFC 6238)', () => {
  it('enrols at the first login: QR URI, a code confirms it, ten recovery codes shown once', async () => {
    const { username } = await newOperator();
    const ip = freshIp();
    const first = await passwordStep(username, ip);
    expect(first.step).toBe('enrol');
    expect(first.enrolment!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.enrolment!.uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);

    // A wrong code is refused and opens nothing.
    const wrong = totpCode(first.enrolment!.secret, Date.now() + 10 * 60_000);
    expectFailure(
      await post(
        operatorRoutes.totp.path,
        { challenge: first.challenge, code: wrong },
        { 'x-forwarded-for': ip },
      ),
      400,
      'totp_invalid',
    );

    const res = await postRaw(
      operatorRoutes.totp.path,
      { challenge: first.challenge, code: totpCode(first.enrolment!.secret) },
      { 'x-forwarded-for': ip },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { value: Record<string, unknown> & { recoveryCodes: string[] } };
    // The cookie session: no token for page scripts in the answer.
    expect(body.value.token).toBeNull();
    expect(body.value.recoveryCodes).toHaveLength(10);
    expect(body.value.operator).toMatchObject({ username, totpEnrolled: true });
    expect(body.value.permissions).toContain('operators.manage');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${OPS_COOKIE_NAME}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/ops(;|$)/);
    expect(cookie).not.toMatch(/Secure/i); // Secure only in production (plain http here)

    // The next login is a code step, without a new secret.
    const second = await passwordStep(username, ip);
    expect(second).toMatchObject({ step: 'totp', enrolment: null });
  });

  it('refuses a reused code (same time step) and a stale one, and audits each failure', async () => {
    const { username, id } = await newOperator();
    const { secret } = await loginOperatorWithTotp(t.server.url, username, OPERATOR_PASSWORD);
    // The code that just enrolled cannot log in again: its step is used.
    const reuse = await passwordStep(username, freshIp());
    expectFailure(
      await post(operatorRoutes.totp.path, { challenge: reuse.challenge, code: totpCode(secret) }),
      400,
      'totp_invalid',
    );
    // Five minutes old: outside the one-step window either side.
    expectFailure(
      await post(operatorRoutes.totp.path, {
        challenge: reuse.challenge,
        code: totpCode(secret, Date.now() - 5 * 60_000),
      }),
      400,
      'totp_invalid',
    );
    const failures = await auditOf(id, 'operator.login.code_failed');
    expect(failures.map((f) => f.after.reason).sort()).toEqual(['reused', 'wrong_or_stale']);
  });

  it('lets a recovery code in once, never twice, and never at enrolment', async () => {
    const { username } = await newOperator('support');
    const { recoveryCodes } = await loginOperatorWithTotp(t.server.url, username, OPERATOR_PASSWORD);
    const code = recoveryCodes![0]!;
    const a = await passwordStep(username, freshIp());
    const ok = await post(operatorRoutes.totp.path, {
      challenge: a.challenge,
      recoveryCode: code,
      session: 'bearer',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const b = await passwordStep(username, freshIp());
    expectFailure(
      await post(operatorRoutes.totp.path, { challenge: b.challenge, recoveryCode: code }),
      400,
      'totp_invalid',
    );
  });

  it('a challenge takes five codes at most, and a used challenge none', async () => {
    const { username } = await newOperator();
    const { secret } = await loginOperatorWithTotp(t.server.url, username, OPERATOR_PASSWORD);
    // Fresh names keep the per-name budget out of this test: one wrong code per name here.
    const c = await passwordStep(username, freshIp());
    const bad = totpCode(secret, Date.now() + 20 * 60_000);
    expectFailure(
      await post(operatorRoutes.totp.path, { challenge: c.challenge, code: bad }),
      400,
      'totp_invalid',
    );
    expectFailure(
      await post(operatorRoutes.totp.path, { challenge: 'x'.repeat(43), code: '123456' }),
      400,
      'login_challenge_invalid',
    );
    expectFailure(await post(operatorRoutes.totp.path, { challenge: c.challenge }), 400, 'invalid_input');
  });

  it('limits brute force per name: codes and passwords share the budget, then 429, audited', async () => {
    const { username, id } = await newOperator();
    const { secret } = await loginOperatorWithTotp(t.server.url, username, OPERATOR_PASSWORD);
    const c = await passwordStep(username, freshIp());
    for (let i = 1; i <= 4; i++) {
      const bad = totpCode(secret, Date.now() + (10 + i) * 60_000);
      expectFailure(
        await post(
          operatorRoutes.totp.path,
          { challenge: c.challenge, code: bad },
          { 'x-forwarded-for': freshIp() },
        ),
        400,
        'totp_invalid',
      );
    }
    // The budget is spent: even the right password is refused now, from any address.
    expectFailure(
      await post(
        operatorRoutes.login.path,
        { username, password: OPERATOR_PASSWORD },
        { 'x-forwarded-for': freshIp() },
      ),
      429,
      'too_many_requests',
    );
    expect(await auditOf(id, 'operator.login.code_failed')).toHaveLength(4);
    expect(await auditOf(id, 'operator.login.throttled')).toHaveLength(1);
  });
});

describe('the back-office cookie and cross-site requests', () => {
  /** An admin logged in the way the back-office app does: cookie session. */
  const cookieSession = async () => {
    const { username } = await newOperator();
    const first = await passwordStep(username, freshIp());
    const res = await postRaw(operatorRoutes.totp.path, {
      challenge: first.challenge,
      code: totpCode(first.enrolment!.secret),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${OPS_COOKIE_NAME}=`))!;
    return set.split(';')[0]!;
  };
  const origin = () => new URL(t.server.url).origin;
  const maintenance = (headers: Record<string, string>) =>
    getJson(t.server.url + operatorRoutes.setMaintenance.path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ enabled: false, endTime: null }),
    });

  it('reads with the cookie; changes only from this site (Origin checked), whatever SameSite did', async () => {
    const cookie = await cookieSession();
    const me = await getJson(t.server.url + operatorRoutes.me.path, { headers: { cookie } });
    expect(me.status).toBe(200);
    expectFailure(await maintenance({ cookie, origin: 'https://evil.example' }), 403, 'cross_site_refused');
    // No Origin and no Sec-Fetch-Site: not a page of this site either.
    expectFailure(await maintenance({ cookie }), 403, 'cross_site_refused');
    expectFailure(await maintenance({ cookie, 'sec-fetch-site': 'cross-site' }), 403, 'cross_site_refused');
    expect((await maintenance({ cookie, origin: origin() })).status).toBe(200);
    expect((await maintenance({ cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // A script's bearer token is never sent by a browser on its own: no Origin needed.
    expect((await maintenance({ authorization: `Bearer ${OPERATOR_TOKEN}` })).status).toBe(200);
  });

  it('marks the cookie Secure in production', async () => {
    const prod = await startApp(t.database.db, {
      OPERATOR_TOKEN,
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
    });
    try {
      const { username } = await newOperator();
      const first = await getJson(prod.url + operatorRoutes.login.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        body: JSON.stringify({ username, password: OPERATOR_PASSWORD }),
      });
      const res = await fetch(prod.url + operatorRoutes.totp.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          challenge: first.body.value.challenge,
          code: totpCode(first.body.value.enrolment.secret),
        }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${OPS_COOKIE_NAME}=`))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await prod.close();
    }
  });

  it('refuses a login posted from another site (login CSRF)', async () => {
    const { username } = await newOperator();
    expectFailure(
      await post(
        operatorRoutes.login.path,
        { username, password: OPERATOR_PASSWORD },
        { origin: 'https://evil.example' },
      ),
      403,
      'cross_site_refused',
    );
  });

  it('logout ends the cookie session and clears the cookie', async () => {
    const cookie = await cookieSession();
    const res = await fetch(t.server.url + operatorRoutes.logout.path, {
      method: 'DELETE',
      headers: { cookie, origin: origin() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(new RegExp(`${OPS_COOKIE_NAME}=;`));
    expectFailure(
      await getJson(t.server.url + operatorRoutes.me.path, { headers: { cookie } }),
      401,
      'not_logged_in',
    );
  });
});

describe('member and operator credentials stay apart', () => {
  it('a member token never opens /ops; an operator credential never opens member calls', async () => {
    const member = await t.member();
    expectFailure(await t.ops(operatorRoutes.me.path, { token: member.token }), 401, 'not_logged_in');
    expectFailure(
      await t.ops(operatorRoutes.statusSettings.path, { token: member.token }),
      401,
      'not_logged_in',
    );
    const op = await t.operator('admin');
    const asMember = (headers: Record<string, string>) =>
      getJson(t.server.url + '/wps/member/info', { headers });
    expect((await asMember({ authorization: `Bearer ${op.token}` })).status).toBe(401);
    expect((await asMember({ cookie: `${OPS_COOKIE_NAME}=${op.token}` })).status).toBe(401);
  });
});

describe('IP allow-list per operator', () => {
  it('is enforced at login and on every call, and audited', async () => {
    const allowed = '10.77.1.9';
    const { username, id } = await newOperator('finance');
    const { token, secret } = await loginOperatorWithTotp(t.server.url, username, OPERATOR_PASSWORD, {
      ip: allowed,
    });
    const { token: boss } = await adminToken();
    const set = await t.ops(operatorRoutes.setIpAllowList.path.replace(':id', String(id)), {
      method: 'PUT',
      token: boss,
      body: { ranges: ['10.77.1.0/24'], reason: 'office only' },
    });
    expect(set.status).toBe(200);
    expect(set.body.value.ipAllowList).toEqual(['10.77.1.0/24']);
    // A bad range is refused with the field, and changes nothing.
    expectFailure(
      await t.ops(operatorRoutes.setIpAllowList.path.replace(':id', String(id)), {
        method: 'PUT',
        token: boss,
        body: { ranges: ['10.77.1.0/99x'], reason: 'typo' },
      }),
      400,
      'invalid_input',
    );

    // The session works from the office, not from elsewhere.
    expect((await t.ops(operatorRoutes.me.path, { token, ip: allowed })).status).toBe(200);
    expectFailure(await t.ops(operatorRoutes.me.path, { token, ip: '198.51.100.4' }), 403, 'ip_not_allowed');
    // A login from elsewhere is refused after the password, before any code.
    expectFailure(
      await post(
        operatorRoutes.login.path,
        { username, password: OPERATOR_PASSWORD },
        { 'x-forwarded-for': '198.51.100.4' },
      ),
      403,
      'ip_not_allowed',
    );
    expect(await auditOf(id, 'operator.login.ip_refused')).toHaveLength(1);
    expect(await auditOf(id, 'operator.ip_allow_list')).toHaveLength(1);
    void secret;
  });
});
