import { CompactEncrypt, generateKeyPair } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authRoutes,
  envelopeSchema,
  loginValueSchema,
  memberInfoSchema,
  memberRoutes,
  secondVerificationValueSchema,
} from '@banca/contract';
import { DEMO_PASSWORD } from '../../seed/demo-content.ts';
import {
  FAST_PASSWORD,
  freshIp,
  freshMobile,
  freshUsername,
  insertAccounts,
  expectFailure,
  startAuthTestServer,
  type AuthClient,
} from '../../test/auth-client.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { getJson, type RunningApp } from '../../test/test-app.ts';

let database: TestDatabase;
let server: RunningApp;
let client: AuthClient;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ database, server, client, close: stop } = await startAuthTestServer());
});

afterAll(async () => {
  await stop?.();
});

const info = (token: string) => client.call(memberRoutes.info.path, { token });

describe('login over HTTP with a JWE body', () => {
  it('logs in the demo member from 127.0.0.1 with a body encrypted by the published key', async () => {
    const res = await client.login('demo01', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const value = envelopeSchema(loginValueSchema).parse(res.body).value;
    const me = await info(value.token);
    expect(me.status).toBe(200);
    expect(envelopeSchema(memberInfoSchema).parse(me.body).value).toMatchObject({
      account: 'demo01',
      type: 0,
      isAgent: false,
      isTrial: false,
      email: 'd***@banca.example',
    });
  });

  it('accepts application/jose with parameters', async () => {
    const [account] = [freshUsername('jose')];
    const ip = freshIp();
    await insertAccounts(database.db, [{ account: account!, knownIps: [ip] }]);
    const res = await getJson(server.url + authRoutes.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/jose; charset=utf-8', 'x-forwarded-for': ip },
      body: await client.encrypt({ username: account, password: FAST_PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses plain JSON (enc_required), and foreign, tampered or non-JSON JWE (enc_invalid)', async () => {
    const plain = await getJson(server.url + authRoutes.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo01', password: DEMO_PASSWORD }),
    });
    expectFailure(plain, 400, 'enc_required');
    const empty = await getJson(server.url + authRoutes.login.path, { method: 'POST' });
    expectFailure(empty, 400, 'enc_required');
    for (const contentType of ['text/plain', 'text/csv', 'multipart/form-data; boundary=x']) {
      const unparsed = await getJson(server.url + authRoutes.login.path, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: 'username=demo01',
      });
      expectFailure(unparsed, 400, 'enc_required');
    }

    const other = await generateKeyPair('RSA-OAEP-256');
    const foreign = await new CompactEncrypt(new TextEncoder().encode('{"username":"demo01"}'))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
      .encrypt(other.publicKey);
    const good = await client.encrypt({ username: 'demo01', password: DEMO_PASSWORD });
    const parts = good.split('.');
    parts[4] = parts[4]!.startsWith('A') ? `B${parts[4]!.slice(1)}` : `A${parts[4]!.slice(1)}`;
    const notJson = await client
      .encrypt('x')
      .then(() =>
        new CompactEncrypt(new TextEncoder().encode('not json'))
          .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
          .encrypt(other.publicKey),
      );
    for (const body of [foreign, parts.join('.'), notJson, 'a.b.c.d.e', 'garbage']) {
      const res = await getJson(server.url + authRoutes.login.path, {
        method: 'POST',
        headers: { 'content-type': 'application/jose' },
        body,
      });
      expectFailure(res, 400, 'enc_invalid');
    }
  });

  it('answers field errors of the decrypted body under value.fields', async () => {
    const res = await client.call(authRoutes.login.path, { body: { username: 'demo01' }, enc: true });
    const env = expectFailure(res, 400, 'invalid_input');
    expect(env.value).toEqual({ fields: { password: expect.any(String) } });
  });
});

describe('failures, captcha and throttles', () => {
  it('a wrong password and an unknown account answer alike, localised by Language', async () => {
    const ip = freshIp();
    const account = freshUsername('wrong');
    await insertAccounts(database.db, [{ account, knownIps: [ip] }]);
    const wrong = await client.login(account, 'Nope12345', {}, { ip, lang: 'EN' });
    const unknown = await client.login(
      freshUsername('ghost'),
      'Nope12345',
      {},
      { ip: freshIp(), lang: 'EN' },
    );
    expect(wrong.body).toEqual({
      success: false,
      code: 'invalid_credentials',
      message: 'Incorrect account or password.',
      value: { captcha: false },
    });
    expect(unknown.body).toEqual(wrong.body);
    const pt = await client.login(account, 'Nope12345', {}, { ip });
    expect(pt.body.message).toBe('Conta ou senha incorreta.');
  });

  it('asks a captcha from the third failure; the image from GET /wps/captcha lets the right password in', async () => {
    const ip = freshIp();
    const account = freshUsername('capt');
    await insertAccounts(database.db, [{ account, knownIps: [ip] }]);
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push((await client.login(account, 'Wrong1234', {}, { ip })).body.value);
    expect(seen).toEqual([{ captcha: false }, { captcha: false }, { captcha: true }]);

    const needed = await client.login(account, FAST_PASSWORD, {}, { ip });
    expect(expectFailure(needed, 400, 'captcha_required').value).toEqual({ captcha: true });

    const c = await client.solvedCaptcha(ip);
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const bad = await client.login(
      account,
      FAST_PASSWORD,
      { captchaId: c.captchaId, captcha: 'zzzzz' },
      { ip },
    );
    expect(expectFailure(bad, 400, 'captcha_invalid').value).toEqual({ captcha: true });
    // Single use: the same captcha, now with the right answer, is spent.
    const reused = await client.login(
      account,
      FAST_PASSWORD,
      { captchaId: c.captchaId, captcha: c.captcha },
      { ip },
    );
    expectFailure(reused, 400, 'captcha_invalid');

    const fresh = await client.solvedCaptcha(ip);
    const ok = await client.login(
      account,
      FAST_PASSWORD,
      { captchaId: fresh.captchaId, captcha: fresh.captcha },
      { ip },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('limits SMS codes per number and says when to retry', async () => {
    const ip = freshIp();
    const mobileNum = freshMobile();
    const body = { mobileNum, countryDialingCode: '+55' };
    const first = await client.call(authRoutes.smsNoLogin.path, { body, ip });
    expect(first.body).toMatchObject({ success: true, value: { expiredMinutes: 1 } });
    const second = await client.call(authRoutes.smsNoLogin.path, { body, ip, lang: 'EN' });
    expectFailure(second, 429, 'too_many_requests');
    const wait = Number(second.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    // The message names the same wait as the header, not a fixed one.
    expect(second.body.message).toMatch(
      new RegExp(`\\b${wait < 60 ? wait : Math.ceil(wait / 60)} (second|minute)`),
    );
  });
});

describe('second verification from a new IP', () => {
  it('asks codes by SMS and e-mail, logs in with both, then remembers the IP', async () => {
    const account = freshUsername('second');
    const mobile = `+55${freshMobile()}`;
    const email = `${account}@example.com`;
    await insertAccounts(database.db, [{ account, mobile, email, knownIps: ['192.0.2.1'] }]);
    const ip = freshIp();

    const first = await client.login(account, FAST_PASSWORD, {}, { ip });
    const env = expectFailure(first, 403, 'second_verification_required');
    const challenge = secondVerificationValueSchema.parse(env.value);
    expect(challenge.channels).toEqual(['sms', 'email']);
    expect(challenge.maskedMobile).toMatch(/^\+55\*+\d{4}$/);

    const smsCode = await client.lastCode(mobile, 'sms');
    const emailCode = await client.lastCode(email, 'email');
    const wrong = await client.call(authRoutes.loginVerification.path, {
      body: {
        challengeId: challenge.challengeId,
        smsCode,
        emailCode: emailCode === '000000' ? '111111' : '000000',
      },
      enc: true,
      ip,
    });
    expectFailure(wrong, 400, 'email_code_invalid');
    // Bound to the IP that started it.
    const elsewhere = await client.call(authRoutes.loginVerification.path, {
      body: { challengeId: challenge.challengeId, smsCode, emailCode },
      enc: true,
      ip: freshIp(),
    });
    expectFailure(elsewhere, 400, 'verification_expired');

    const done = await client.call(authRoutes.loginVerification.path, {
      body: { challengeId: challenge.challengeId, smsCode, emailCode },
      enc: true,
      ip,
    });
    expect(done.status).toBe(200);
    expect(loginValueSchema.parse(done.body.value).token).toBeTruthy();

    const again = await client.login(account, FAST_PASSWORD, {}, { ip });
    expect(again.status).toBe(200);
  });
});

describe('SMS login', () => {
  it('sends a code to a member number and logs in with it', async () => {
    const ip = freshIp();
    const national = freshMobile();
    const account = freshUsername('smsl');
    await insertAccounts(database.db, [{ account, mobile: `+55${national}` }]);
    const sent = await client.call(authRoutes.smsNoLogin.path, {
      body: { mobileNum: national, countryDialingCode: '+55' },
      ip,
    });
    expect(sent.status).toBe(200);
    const code = await client.lastCode(`+55${national}`, 'sms');
    const res = await client.login(national, code, { type: 'sms', countryDialingCode: '+55' }, { ip });
    expect(res.status).toBe(200);
    expect(res.body.value.passwordExpired).toBe(false);
    expect((await info(res.body.value.token)).body.value.account).toBe(account);
  });
});

describe('free play and the real-account guard', () => {
  it('creates a logged-in trial account that member-centre calls refuse with in_need_true_account', async () => {
    const ip = freshIp();
    const res = await client.call(authRoutes.freePlay.path, { body: { os: 'linux', platform: 'W' }, ip });
    expect(res.status).toBe(200);
    const { token, firstTimeLogin } = loginValueSchema.parse(res.body.value);
    expect(firstTimeLogin).toBe(true);

    const me = await info(token);
    expect(me.body.value).toMatchObject({ type: 4, isTrial: true, isAgent: false });
    expect(me.body.value.account).toMatch(/^guest_/);

    const change = await client.call(memberRoutes.changePassword.path, {
      body: { newPassword: 'Abc12345', confirmNewPassword: 'Abc12345' },
      enc: true,
      token,
      lang: 'EN',
    });
    const env = expectFailure(change, 403, 'in_need_true_account');
    expect(env.message).toBe('Trial accounts cannot use this feature. Register a real account.');
    // A trial account has no password: it cannot log in by one.
    const login = await client.login(me.body.value.account, 'anything1', {}, { ip });
    expect(login.status).toBe(400);
  });
});

describe('tokens at the edge', () => {
  it('answers 401 not_logged_in without, with a malformed or an unknown token', async () => {
    expectFailure(await client.call(memberRoutes.info.path, {}), 401, 'not_logged_in');
    for (const authorization of ['Basic abc', 'Bearer', 'Bearer short', `Bearer ${'A'.repeat(43)}`]) {
      const res = await getJson(server.url + memberRoutes.info.path, { headers: { authorization } });
      expectFailure(res, 401, 'not_logged_in');
    }
  });

  it('answers 401 token_expired after 30 idle minutes', async () => {
    const ip = freshIp();
    const account = freshUsername('idle');
    const [id] = await insertAccounts(database.db, [{ account, knownIps: [ip] }]);
    const { token } = (await client.login(account, FAST_PASSWORD, {}, { ip })).body.value;
    await sql`update session set last_seen_at = now() - interval '31 minutes' where member_id = ${id}`.execute(
      database.db,
    );
    expectFailure(await info(token), 401, 'token_expired');
  });

  it('logout revokes the token; a second logout is not logged in', async () => {
    const { token } = (await client.login('demo01', DEMO_PASSWORD)).body.value;
    expect((await info(token)).status).toBe(200);
    const out = await client.call(authRoutes.logout.path, { method: 'DELETE', token });
    expect(out.body).toEqual({ success: true, code: 'ok', message: '', value: null });
    expectFailure(await info(token), 401, 'not_logged_in');
    expectFailure(
      await client.call(authRoutes.logout.path, { method: 'DELETE', token }),
      401,
      'not_logged_in',
    );
  });
});

describe('the agent portal', () => {
  it('refuses a member (agent_only) and lets the demo agent in', async () => {
    const member = await client.login('demo01', DEMO_PASSWORD, { portal: 'AGENT' }, { lang: 'EN' });
    expect(expectFailure(member, 403, 'agent_only').message).toBe('Non-agents cannot log in.');
    const agent = await client.login('agent01', DEMO_PASSWORD, { portal: 'AGENT' });
    expect(agent.status).toBe(200);
    expect((await info(agent.body.value.token)).body.value).toMatchObject({
      account: 'agent01',
      type: 1,
      isAgent: true,
    });
  });
});
