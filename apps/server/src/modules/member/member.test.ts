import { memberInfoSchema } from '@banca/contract';
import { parseOptions } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, makeFixture } from '../../test/auth-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import {
  authenticate,
  freePlay,
  listAuthAudit as listAudit,
  login,
  rememberKnownIp as rememberIp,
} from '../session/index.ts';
import { findMemberByAccount, insertAffiliate } from './member.repository.ts';
import { changePassword, forgotPasswordByEmail, resetPasswordByPhone } from './passwords.service.ts';
import { getMemberIcon, getMemberInfo } from './profile.service.ts';
import { checkAffiliate, checkRegistrationAllowed, register } from './registration.service.ts';
import { sendSmsCode } from './sms-code.service.ts';
import { memberRegistered } from './member.events.ts';

// The project's test database: PGlite in memory, or a schema of its own on TEST_DATABASE_URL.
let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const form = (username: string, password = 'secret1') => ({
  username,
  password,
  confirmPassword: password,
  registerMethod: 'WEB' as const,
});
const pw = (username: string, password: string) => ({
  username,
  password,
  type: 'username' as const,
  portal: 'MEMBER' as const,
});

describe('registration', () => {
  it('registers in username mode, hashes with argon2id and logs in', async () => {
    const f = makeFixture(handle.db);
    const value = await register(
      f.deps,
      f.ctx,
      { ...form('maria01'), email: 'maria@example.com', qqNum: '123' },
      'username',
    );
    expect(value.firstTimeLogin).toBe(true);
    const auth = await authenticate(f.deps, value.token);
    const row = await findMemberByAccount(handle.db, f.ctx.merchantCode, 'MARIA01');
    expect(row).toMatchObject({
      id: auth.memberId,
      type: 0,
      email: 'maria@example.com',
      register_ip: f.ctx.ip,
    });
    expect(parseOptions(row!.password_hash!).memoryCost).toBe(19456);
    // qqNum is not enabled for this merchant: not stored.
    expect(row!.profile).toEqual({});
    expect((await listAudit(handle.db, f.ctx.merchantCode)).map((a) => a.event)).toEqual([
      'register',
      'login',
    ]);
    // The registration IP is known: the next login needs no second step although an e-mail is bound.
    expect((await login(f.deps, f.ctx, pw('maria01', 'secret1'))).firstTimeLogin).toBe(false);
  });

  it('answers field errors keyed like the web form, and writes nothing', async () => {
    const f = makeFixture(handle.db);
    const fail = await failure(
      register(
        f.deps,
        f.ctx,
        { username: '1bad', password: 'ab', confirmPassword: 'abc', registerMethod: 'WEB', email: 'x' },
        'username',
      ),
    );
    expect(fail).toEqual({
      code: 'invalid_input',
      status: 400,
      value: {
        fields: {
          username: 'reg_pattern_1',
          password: 'reg_pattern_2',
          confirmPassword: 'inconsistent_twice',
          email: 'reg_pattern_14',
        },
      },
    });
    expect(await listAudit(handle.db, f.ctx.merchantCode)).toEqual([]);
    const registered = await handle.db
      .selectFrom('domain_event')
      .select('payload')
      .where('name', '=', memberRegistered.name)
      .execute();
    expect(
      registered.filter((e) => (e.payload as { merchantCode: string }).merchantCode === f.ctx.merchantCode),
    ).toEqual([]);
  });

  it('refuses a taken account (any case) and a taken mobile', async () => {
    const f = makeFixture(handle.db);
    await register(
      f.deps,
      f.ctx,
      { ...form('joao01'), mobileNum: '11987650000', countryDialingCode: '+55' },
      'username',
    );
    expect(await failure(register(f.deps, f.ctx, form('JOAO01'), 'username'))).toMatchObject({
      code: 'account_exists',
      status: 409,
      value: { fields: { username: 'account_exists' } },
    });
    expect(
      (
        await failure(
          register(
            f.deps,
            f.ctx,
            { ...form('joao02'), mobileNum: '11987650000', countryDialingCode: '+55' },
            'username',
          ),
        )
      ).code,
    ).toBe('mobile_exists');
  });

  it('mobile mode with SMS verification: code from the outbox, wrong code refused', async () => {
    // Limiters run on real time, not the test clock: allow a second SMS to the number within the minute.
    const f = makeFixture(handle.db, {
      flags: { REGMOBVERF3: true },
      limits: { smsPerNumberMinute: { points: 2 } },
    });
    const body = { mobileNum: '11955554444', countryDialingCode: '+55', registerMethod: 'WEB' as const };
    expect((await failure(register(f.deps, f.ctx, body, 'mobile'))).value).toEqual({
      fields: { verificationCode: 'required' },
    });
    await sendSmsCode(f.deps, f.ctx, { mobileNum: '11955554444', countryDialingCode: '+55' }, 'register');
    const code = await f.lastCode('+5511955554444');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await failure(register(f.deps, f.ctx, { ...body, verificationCode: wrong }, 'mobile'))).code,
    ).toBe('sms_code_invalid');
    const value = await register(f.deps, f.ctx, { ...body, verificationCode: code }, 'mobile');
    const row = await findMemberByAccount(handle.db, f.ctx.merchantCode, '5511955554444');
    expect(row).toMatchObject({ mobile: '+5511955554444', password_hash: null });
    expect((await authenticate(f.deps, value.token)).memberId).toBe(row!.id);
    // The number is taken now: no SMS is spent on it.
    expect(
      (
        await failure(
          sendSmsCode(
            f.deps,
            { ...f.ctx, ip: '192.0.2.1' },
            { mobileNum: '11955554444', countryDialingCode: '+55' },
            'register',
          ),
        )
      ).code,
    ).toBe('mobile_exists');
  });

  it('follows the white-label flags and the per-IP limit', async () => {
    const off = makeFixture(handle.db, { flags: { USERNAMEREG3: false } });
    expect((await failure(register(off.deps, off.ctx, form('nope01'), 'username'))).code).toBe(
      'feature_disabled',
    );
    const f = makeFixture(handle.db, { limits: { registrationsPerIp: { points: 1 } } });
    await register(f.deps, f.ctx, form('first01'), 'username');
    expect((await failure(register(f.deps, f.ctx, form('second01'), 'username'))).code).toBe(
      'too_many_requests',
    );
  });

  it('tells the registration limit before the captcha and the SMS code are spent (issue 25 item 11)', async () => {
    const f = makeFixture(handle.db, {
      flags: { REGMOBVERF3: true },
      limits: { registrationsPerIp: { points: 1 } },
    });
    // Asking counts nothing: still allowed after asking twice.
    expect(await checkRegistrationAllowed(f.deps, f.ctx)).toEqual({ allowed: true });
    expect(await checkRegistrationAllowed(f.deps, f.ctx)).toEqual({ allowed: true });
    await register(f.deps, f.ctx, form('early01'), 'username');
    const refused = await failure(checkRegistrationAllowed(f.deps, f.ctx));
    expect(refused.code).toBe('too_many_requests');
    const wait = (refused.value as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // No SMS code goes out for a registration the address may not make now.
    const mobile = { mobileNum: '11966667777', countryDialingCode: '+55' };
    expect((await failure(sendSmsCode(f.deps, f.ctx, mobile, 'register'))).code).toBe('too_many_requests');
    expect(await f.lastMessage('+5511966667777')).toBeUndefined();
    // Another address is not affected.
    const other = { ...f.ctx, ip: '203.0.113.99' };
    expect(await checkRegistrationAllowed(f.deps, other)).toEqual({ allowed: true });
    await sendSmsCode(f.deps, other, mobile, 'register');
    expect(await f.lastCode('+5511966667777')).toMatch(/^\d{6}$/);
  });

  it('checks the affiliate code and makes the agent the parent', async () => {
    const f = makeFixture(handle.db);
    const agent = await f.createMember({ account: 'agent01', type: 1 });
    await insertAffiliate(handle.db, {
      merchantCode: f.ctx.merchantCode,
      code: 'AG01',
      memberId: agent.id,
      domain: 'banca.test',
    });
    expect(await checkAffiliate(f.deps, f.ctx.merchantCode, { code: 'AG01', domain: 'banca.test' })).toEqual({
      valid: true,
    });
    expect(await checkAffiliate(f.deps, f.ctx.merchantCode, { code: 'AG01', domain: 'other.test' })).toEqual({
      valid: false,
    });
    expect(await checkAffiliate(f.deps, f.ctx.merchantCode, { code: 'NOPE' })).toEqual({ valid: false });
    expect(
      (await failure(register(f.deps, f.ctx, { ...form('kid001'), affiliateCode: 'NOPE' }, 'username'))).code,
    ).toBe('affiliate_invalid');
    await register(
      f.deps,
      f.ctx,
      { ...form('kid001'), affiliateCode: 'AG01', domain: 'banca.test' },
      'username',
    );
    const kid = await findMemberByAccount(handle.db, f.ctx.merchantCode, 'kid001');
    expect(kid!.parent_id).toBe(agent.id);
    // The registration told the rest of the gateway, in its own transaction: one member.registered
    // event keyed by the new member, naming the inviting agent.
    const events = await handle.db
      .selectFrom('domain_event')
      .select(['name', 'key', 'payload'])
      .where('key', '=', String(kid!.id))
      .execute();
    expect(events).toEqual([
      {
        name: memberRegistered.name,
        key: String(kid!.id),
        payload: {
          memberId: kid!.id,
          merchantCode: f.ctx.merchantCode,
          parentId: agent.id,
          mode: 'username',
        },
      },
    ]);
  });
});

describe('passwords', () => {
  it('change: confirmation, old password, then other sessions end and this one stays', async () => {
    const f = makeFixture(handle.db);
    await f.createMember({ account: 'chg001', password: 'secret1' });
    const other = await login(f.deps, { ...f.ctx, userAgent: 'phone' }, pw('chg001', 'secret1'));
    const mine = await login(f.deps, f.ctx, pw('chg001', 'secret1'));
    const auth = await authenticate(f.deps, mine.token);

    expect(
      await failure(
        changePassword(f.deps, f.ctx, auth, {
          oldPassword: 'secret1',
          newPassword: 'newpass1',
          confirmNewPassword: 'newpass2',
        }),
      ),
    ).toMatchObject({
      code: 'inconsistent_twice',
      value: { fields: { confirmNewPassword: 'inconsistent_twice' } },
    });
    expect(
      (
        await failure(
          changePassword(f.deps, f.ctx, auth, {
            oldPassword: 'wrong1',
            newPassword: 'newpass1',
            confirmNewPassword: 'newpass1',
          }),
        )
      ).code,
    ).toBe('old_password_invalid');
    expect(
      (
        await failure(
          changePassword(f.deps, f.ctx, auth, { newPassword: 'newpass1', confirmNewPassword: 'newpass1' }),
        )
      ).code,
    ).toBe('old_password_invalid');
    expect(
      await failure(
        changePassword(f.deps, f.ctx, auth, {
          oldPassword: 'secret1',
          newPassword: 'a b',
          confirmNewPassword: 'a b',
        }),
      ),
    ).toMatchObject({
      code: 'password_policy',
      value: { fields: { newPassword: 'reg_pattern_2' } },
    });

    await changePassword(f.deps, f.ctx, auth, {
      oldPassword: 'secret1',
      newPassword: 'newpass1',
      confirmNewPassword: 'newpass1',
    });
    expect((await failure(authenticate(f.deps, other.token))).code).toBe('not_logged_in');
    await authenticate(f.deps, mine.token);
    expect((await failure(login(f.deps, f.ctx, pw('chg001', 'secret1')))).code).toBe('invalid_credentials');
    expect((await login(f.deps, f.ctx, pw('chg001', 'newpass1'))).token).toBeTruthy();
    const events = (await listAudit(handle.db, f.ctx.merchantCode)).map((a) => a.event);
    expect(events.filter((e) => e === 'password_change_failed')).toHaveLength(2);
    expect(events).toContain('password_changed');
  });

  it('trial accounts may not change a password', async () => {
    const f = makeFixture(handle.db);
    const auth = await authenticate(f.deps, (await freePlay(f.deps, f.ctx, {})).token);
    expect(
      await failure(
        changePassword(f.deps, f.ctx, auth, { newPassword: 'newpass1', confirmNewPassword: 'newpass1' }),
      ),
    ).toMatchObject({
      code: 'in_need_true_account',
      status: 403,
    });
  });

  it('forgot by e-mail: same answer either way; a one-time temporary password that forces a change', async () => {
    const f = makeFixture(handle.db);
    const owner = await f.createMember({ account: 'fgt001', password: 'secret1', email: 'fgt@example.com' });
    await rememberIp(handle.db, owner.id, f.ctx.ip, new Date());
    await f.createMember({ account: 'fgt002', password: 'secret1' });
    expect(
      await forgotPasswordByEmail(f.deps, f.ctx, { username: 'ghost1', email: 'fgt@example.com' }),
    ).toBeNull();
    expect(
      await forgotPasswordByEmail(f.deps, f.ctx, { username: 'fgt002', email: 'fgt@example.com' }),
    ).toBeNull();
    expect(await f.lastMessage('fgt@example.com')).toBeUndefined();

    expect(
      await forgotPasswordByEmail(f.deps, f.ctx, { username: 'FGT001', email: 'FGT@example.com' }),
    ).toBeNull();
    const mail = (await f.lastMessage('fgt@example.com'))!;
    const temp = /senha temporária é (\S+)/.exec(mail)![1]!;

    // The current password still works: a stranger's request locks nobody out.
    expect((await login(f.deps, f.ctx, pw('fgt001', 'secret1'))).passwordExpired).toBe(false);
    const withTemp = await login(f.deps, f.ctx, pw('fgt001', temp));
    expect(withTemp.passwordExpired).toBe(true);
    // One use only.
    expect((await failure(login(f.deps, f.ctx, pw('fgt001', temp)))).code).toBe('invalid_credentials');
    // The forced change needs no old password.
    const auth = await authenticate(f.deps, withTemp.token);
    await changePassword(f.deps, f.ctx, auth, { newPassword: 'fresh123', confirmNewPassword: 'fresh123' });
    expect((await login(f.deps, f.ctx, pw('fgt001', 'fresh123'))).passwordExpired).toBe(false);
  });

  it('reset by phone: SMS code, every session ends, logged in with the new password', async () => {
    const f = makeFixture(handle.db, { limits: { smsPerNumberMinute: { points: 2 } } });
    await f.createMember({ account: 'tel001', password: 'secret1', mobile: '+5511977776666' });
    // Remember this IP first, so plain logins do not ask a second step.
    await sendSmsCode(f.deps, f.ctx, { mobileNum: '11977776666', countryDialingCode: '+55' }, 'no_login');
    const first = await login(f.deps, f.ctx, {
      username: '11977776666',
      password: await f.lastCode('+5511977776666'),
      type: 'sms',
      countryDialingCode: '+55',
      portal: 'MEMBER',
    });
    await sendSmsCode(f.deps, f.ctx, { mobileNum: '11977776666', countryDialingCode: '+55' }, 'no_login');
    const code = await f.lastCode('+5511977776666');
    const body = {
      newPassword: 'phone123',
      mobileNum: '11977776666',
      countryDialingCode: '+55',
      verificationCode: code,
    };
    expect(
      (
        await failure(
          resetPasswordByPhone(f.deps, f.ctx, {
            ...body,
            verificationCode: code === '000000' ? '111111' : '000000',
          }),
        )
      ).code,
    ).toBe('sms_code_invalid');
    const value = await resetPasswordByPhone(f.deps, f.ctx, body);
    await authenticate(f.deps, value.token);
    expect((await failure(authenticate(f.deps, first.token))).code).toBe('not_logged_in');
    expect((await login(f.deps, f.ctx, pw('tel001', 'phone123'))).token).toBeTruthy();
    expect(
      (
        await failure(
          resetPasswordByPhone(
            makeFixture(handle.db, { flags: { CHNGPASSVERIF3: false } }).deps,
            f.ctx,
            body,
          ),
        )
      ).code,
    ).toBe('feature_disabled');
  });
});

describe('member info', () => {
  it('answers the contract shape with masked contacts, for members and trial accounts', async () => {
    const f = makeFixture(handle.db);
    const m = await f.createMember({
      account: 'info01',
      password: 'secret1',
      nickname: 'Info',
      type: 41,
      vip_level: 3,
    });
    const auth = await authenticate(f.deps, (await login(f.deps, f.ctx, pw('info01', 'secret1'))).token);
    const info = memberInfoSchema.parse(await getMemberInfo(f.deps, auth));
    expect(info).toMatchObject({
      id: m.id,
      account: 'info01',
      nickname: 'Info',
      type: 41,
      isAgent: true,
      isTrial: false,
      vipLevel: 3,
      vipLabel: 'VIP',
    });
    expect(await getMemberIcon(f.deps, auth)).toEqual({ iconUrl: null });

    const trial = await authenticate(f.deps, (await freePlay(f.deps, f.ctx, {})).token);
    expect(memberInfoSchema.parse(await getMemberInfo(f.deps, trial))).toMatchObject({
      type: 4,
      isTrial: true,
      isAgent: false,
    });
  });
});
