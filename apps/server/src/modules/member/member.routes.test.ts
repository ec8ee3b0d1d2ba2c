import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authRoutes,
  envelopeSchema,
  loginValueSchema,
  memberIconSchema,
  memberInfoSchema,
  memberRoutes,
} from '@banca/contract';
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

const info = async (token: string) => {
  const res = await client.call(memberRoutes.info.path, { token });
  expect(res.status).toBe(200);
  return envelopeSchema(memberInfoSchema).parse(res.body).value;
};

/** Sends a registration SMS code and reads it from the dev outbox, as the e2e test does. */
async function registrationCode(national: string, ip: string): Promise<string> {
  const sent = await client.call(authRoutes.smsRegister.path, {
    body: { mobileNum: national, countryDialingCode: '+55' },
    ip,
  });
  expect(sent.body).toMatchObject({ success: true, value: { expiredMinutes: 1 } });
  return client.lastCode(`+55${national}`, 'sms');
}

describe('registration with the demo merchant settings (captcha, mobile and SMS code required)', () => {
  it('registers in username mode and is logged in', async () => {
    const ip = freshIp();
    const username = freshUsername('newbie');
    const national = freshMobile();
    const verificationCode = await registrationCode(national, ip);
    const c = await client.solvedCaptcha(ip);
    const res = await client.call(memberRoutes.register.path, {
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
        affiliateCode: 'AGENT01',
        registerUrl: 'http://localhost/register',
        domain: 'localhost',
      },
    });
    expect(res.status).toBe(200);
    const value = envelopeSchema(loginValueSchema).parse(res.body).value;
    expect(value).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    expect(await info(value.token)).toMatchObject({ account: username, type: 0, isTrial: false });

    // The same username again: a field error under username.
    const again = await client.call(memberRoutes.register.path, {
      method: 'PUT',
      enc: true,
      ip,
      body: { username: username.toUpperCase(), password: 'Secret123', confirmPassword: 'Secret123' },
    });
    // Settings are checked first: the second form lacks the required fields.
    expect(expectFailure(again, 400, 'invalid_input').value).toMatchObject({
      fields: { mobileNum: 'required', captcha: 'required' },
    });
  });

  it('registers in mobile mode with a password, then logs in with the number as account', async () => {
    const ip = freshIp();
    const national = freshMobile();
    const verificationCode = await registrationCode(national, ip);
    const c = await client.solvedCaptcha(ip);
    const res = await client.call(memberRoutes.registerMobile.path, {
      method: 'PUT',
      enc: true,
      ip,
      body: {
        mobileNum: national,
        countryDialingCode: '+55',
        verificationCode,
        password: 'Mobile123',
        confirmPassword: 'Mobile123',
        captcha: c.captcha,
        captchaId: c.captchaId,
      },
    });
    expect(res.status).toBe(200);
    const me = await info(res.body.value.token);
    expect(me.account).toBe(`55${national}`);
    expect(me.mobileNum).toMatch(/^\+55\*+\d{4}$/);
    const login = await client.login(`55${national}`, 'Mobile123', {}, { ip });
    expect(login.status).toBe(200);

    // The number is now taken: a second registration is refused under the mobile field.
    const taken = await client.call(memberRoutes.registerMobile.path, {
      method: 'PUT',
      enc: true,
      ip: freshIp(),
      body: {
        mobileNum: national,
        countryDialingCode: '+55',
        verificationCode: '123456',
        password: 'Mobile123',
        confirmPassword: 'Mobile123',
        captcha: 'abcd',
        captchaId: c.captchaId,
      },
    });
    expect(expectFailure(taken, 409, 'account_exists').value).toEqual({
      fields: { mobileNum: 'account_exists' },
    });
  });

  it('answers field errors keyed by the pattern message, and a wrong SMS code', async () => {
    const ip = freshIp();
    const national = freshMobile();
    const c = await client.solvedCaptcha(ip);
    const bad = await client.call(memberRoutes.register.path, {
      method: 'PUT',
      enc: true,
      ip,
      body: {
        username: '1abc',
        password: 'short',
        confirmPassword: 'other',
        mobileNum: national,
        countryDialingCode: '+55',
        verificationCode: '123456',
        captcha: c.captcha,
        captchaId: c.captchaId,
      },
    });
    expect(expectFailure(bad, 400, 'invalid_input').value).toEqual({
      fields: { username: 'reg_pattern_1', password: 'reg_pattern_2', confirmPassword: 'inconsistent_twice' },
    });

    await registrationCode(national, ip);
    const c2 = await client.solvedCaptcha(ip);
    const wrongCode = await client.call(memberRoutes.register.path, {
      method: 'PUT',
      enc: true,
      ip,
      body: {
        username: freshUsername('code'),
        password: 'Secret123',
        confirmPassword: 'Secret123',
        mobileNum: national,
        countryDialingCode: '+55',
        verificationCode: '000000',
        captcha: c2.captcha,
        captchaId: c2.captchaId,
      },
    });
    // (A 1-in-a-million chance that 000000 is the real code.)
    expectFailure(wrongCode, 400, 'sms_code_invalid');
  });

  it('checks affiliate codes', async () => {
    const ok = await client.call(`${memberRoutes.affiliate.path}?code=AGENT01&domain=localhost`, {});
    expect(ok.body).toEqual({ success: true, code: 'ok', message: '', value: { valid: true } });
    const no = await client.call(`${memberRoutes.affiliate.path}?code=NOPE99`, {});
    expect(no.body.value).toEqual({ valid: false });
    expectFailure(await client.call(memberRoutes.affiliate.path, {}), 400, 'invalid_input');
  });
});

describe('passwords', () => {
  it('change password: old password and confirmation checked; other sessions end, this one stays', async () => {
    const ip = freshIp();
    const account = freshUsername('chg');
    await insertAccounts(database.db, [{ account, knownIps: [ip] }]);
    const a = (await client.login(account, FAST_PASSWORD, {}, { ip })).body.value.token;
    const b = (await client.login(account, FAST_PASSWORD, {}, { ip })).body.value.token;
    const change = (body: Record<string, string>) =>
      client.call(memberRoutes.changePassword.path, { body, enc: true, token: a, ip });

    expectFailure(
      await change({ oldPassword: FAST_PASSWORD, newPassword: 'NewPass12', confirmNewPassword: 'NewPass13' }),
      400,
      'inconsistent_twice',
    );
    expectFailure(
      await change({ oldPassword: 'Wrong1234', newPassword: 'NewPass12', confirmNewPassword: 'NewPass12' }),
      400,
      'old_password_invalid',
    );
    // Plain JSON to this enc call is refused even with a valid token.
    const plain = await client.call(memberRoutes.changePassword.path, {
      body: { oldPassword: FAST_PASSWORD, newPassword: 'NewPass12', confirmNewPassword: 'NewPass12' },
      token: a,
    });
    expectFailure(plain, 400, 'enc_required');

    const ok = await change({
      oldPassword: FAST_PASSWORD,
      newPassword: 'NewPass12',
      confirmNewPassword: 'NewPass12',
    });
    expect(ok.body).toEqual({ success: true, code: 'ok', message: '', value: null });
    expect((await client.call(memberRoutes.info.path, { token: a })).status).toBe(200);
    expectFailure(await client.call(memberRoutes.info.path, { token: b }), 401, 'not_logged_in');
    expectFailure(await client.login(account, FAST_PASSWORD, {}, { ip }), 400, 'invalid_credentials');
    expect((await client.login(account, 'NewPass12', {}, { ip })).status).toBe(200);
  });

  it('forgot by e-mail (form post): a one-time temporary password that forces a change', async () => {
    const ip = freshIp();
    const account = freshUsername('forgot');
    const email = `${account}@Example.com`;
    await insertAccounts(database.db, [{ account, email, knownIps: [ip] }]);
    const form = (username: string, mail: string) =>
      getJson(server.url + memberRoutes.forgotPasswordEmail.path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams({ username, email: mail }).toString(),
      });

    const res = await form(account, email.toLowerCase());
    expect(res.body).toEqual({ success: true, code: 'ok', message: '', value: null });
    const mail = await client.lastMessage(email, 'email');
    const temp = /senha temporária é (\S+)/.exec(mail.body)?.[1];
    expect(temp).toMatch(/^[A-Za-z0-9]{12}$/);
    // An unknown account gets the same answer, and no e-mail.
    const unknown = await form(freshUsername('nobody'), 'nobody@example.com');
    expect(unknown.body).toEqual(res.body);
    expect(
      (await getJson(`${server.url}/dev/outbox?recipient=nobody@example.com`)).body.value.messages,
    ).toEqual([]);

    const login = await client.login(account, temp!, {}, { ip });
    expect(login.body.value).toMatchObject({ passwordExpired: true });
    const token = login.body.value.token;
    // The temporary password was just used: the change needs no old password.
    const change = await client.call(memberRoutes.changePassword.path, {
      body: { newPassword: 'Chosen123', confirmNewPassword: 'Chosen123' },
      enc: true,
      token,
      ip,
    });
    expect(change.status).toBe(200);
    expectFailure(await client.login(account, temp!, {}, { ip }), 400, 'invalid_credentials');
    expect((await client.login(account, 'Chosen123', {}, { ip })).body.value.passwordExpired).toBe(false);
  });

  it('reset by phone: SMS code, new password, logged in; the old sessions end', async () => {
    const ip = freshIp();
    const account = freshUsername('reset');
    const national = freshMobile();
    await insertAccounts(database.db, [{ account, mobile: `+55${national}`, knownIps: [ip] }]);
    const old = (await client.login(account, FAST_PASSWORD, {}, { ip })).body.value.token;

    await client.call(authRoutes.smsNoLogin.path, {
      body: { mobileNum: national, countryDialingCode: '+55' },
      ip,
    });
    const verificationCode = await client.lastCode(`+55${national}`, 'sms');
    const res = await client.call(memberRoutes.resetPasswordByPhone.path, {
      body: { newPassword: 'Phone1234', mobileNum: national, verificationCode, countryDialingCode: '+55' },
      enc: true,
      ip,
    });
    expect(res.status).toBe(200);
    expect((await info(res.body.value.token)).account).toBe(account);
    expectFailure(await client.call(memberRoutes.info.path, { token: old }), 401, 'not_logged_in');
    expect((await client.login(account, 'Phone1234', {}, { ip })).status).toBe(200);
    // The code is spent.
    const replay = await client.call(memberRoutes.resetPasswordByPhone.path, {
      body: { newPassword: 'Phone5678', mobileNum: national, verificationCode, countryDialingCode: '+55' },
      enc: true,
      ip,
    });
    expectFailure(replay, 400, 'sms_code_invalid');
  });
});

describe('member info', () => {
  it('answers info and icon for the token holder', async () => {
    const { token } = (await client.login('agent01', 'Demo1234')).body.value;
    const me = await info(token);
    expect(me).toMatchObject({
      account: 'agent01',
      nickname: 'Agente Demo',
      type: 1,
      isAgent: true,
      vipLabel: 'VIP',
    });
    const icon = await client.call(memberRoutes.icon.path, { token });
    expect(envelopeSchema(memberIconSchema).parse(icon.body).value).toEqual({ iconUrl: null });
    expectFailure(await client.call(memberRoutes.icon.path, {}), 401, 'not_logged_in');
  });
});
