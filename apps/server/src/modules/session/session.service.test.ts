import {
  FREE_PLAY_BALANCE,
  loginValueSchema,
  PLAY_MONEY_CURRENCY,
  secondVerificationValueSchema,
} from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../platform/crypto/token.ts';
import { requireRealAccount } from '../../platform/http/auth-error.ts';
import { failure, makeFixture } from '../../test/auth-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { findMemberById, sendSmsCode } from '../member/index.ts';
import { checkCaptcha, issueCaptcha } from '../verification/index.ts';
import { findMemberWallet } from '../wallet/index.ts';
import { isKnownIp, listAudit, rememberIp } from './session.repository.ts';
import { freePlay } from './free-play.service.ts';
import { completeSecondVerification, login } from './login.service.ts';
import { authenticate, bearerToken, logIn, logout } from './session.service.ts';

// The project's test database: PGlite in memory, or a schema of its own on TEST_DATABASE_URL.
let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const pw = (username: string, password: string) => ({
  username,
  password,
  type: 'username' as const,
  portal: 'MEMBER' as const,
});

describe('password login', () => {
  it('logs in, answers the contract shape, and the token authenticates', async () => {
    const f = makeFixture(handle.db);
    const m = await f.createMember({ account: 'Maria01', password: 'secret1' });
    const value = await login(f.deps, f.ctx, pw('maria01', 'secret1'));
    expect(loginValueSchema.parse(value)).toEqual(value);
    expect(value.firstTimeLogin).toBe(true);
    expect(value.passwordExpired).toBe(false);
    const auth = await authenticate(f.deps, value.token);
    expect(auth).toMatchObject({ memberId: m.id, type: 0, loginType: 'password' });
    // The second login is no longer the first.
    expect((await login(f.deps, f.ctx, pw('Maria01', 'secret1'))).firstTimeLogin).toBe(false);
    const events = (await listAudit(handle.db, f.ctx.merchantCode)).map((a) => a.event);
    expect(events).toEqual(['login', 'login']);
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const f = makeFixture(handle.db);
    await f.createMember({ account: 'joao01', password: 'secret1' });
    const wrong = await failure(login(f.deps, f.ctx, pw('joao01', 'nope')));
    const unknown = await failure(login(f.deps, { ...f.ctx, ip: '198.51.100.1' }, pw('ghost01', 'nope')));
    expect(wrong).toEqual({ code: 'invalid_credentials', value: { captcha: false }, status: 400 });
    expect(unknown).toEqual(wrong);
    const audit = await listAudit(handle.db, f.ctx.merchantCode);
    expect(audit.map((a) => [a.event, a.account])).toEqual([
      ['login_failed', 'joao01'],
      ['login_failed', 'ghost01'],
    ]);
  });

  it('asks a captcha from the third failure, single use, then lets the right answer through', async () => {
    const f = makeFixture(handle.db);
    await f.createMember({ account: 'ana001', password: 'secret1' });
    const fails = [];
    for (let i = 0; i < 3; i++) fails.push((await failure(login(f.deps, f.ctx, pw('ana001', 'bad')))).value);
    expect(fails).toEqual([{ captcha: false }, { captcha: false }, { captcha: true }]);

    expect(await failure(login(f.deps, f.ctx, pw('ana001', 'secret1')))).toMatchObject({
      code: 'captcha_required',
      value: { captcha: true },
    });
    const c = await f.knownCaptcha('XyZ7');
    expect(
      await failure(
        login(f.deps, f.ctx, { ...pw('ana001', 'secret1'), captchaId: c.captchaId, captcha: 'nope' }),
      ),
    ).toMatchObject({
      code: 'captcha_invalid',
    });
    // That captcha is spent even though the answer was wrong.
    expect(await failure(login(f.deps, f.ctx, { ...pw('ana001', 'secret1'), ...c }))).toMatchObject({
      code: 'captcha_invalid',
    });
    const fresh = await f.knownCaptcha('XyZ7');
    const ok = await login(f.deps, f.ctx, {
      ...pw('ana001', 'secret1'),
      captchaId: fresh.captchaId,
      captcha: 'xyz7',
    });
    expect(ok.token).toBeTruthy();
    // Success clears the account's failures: no captcha next time.
    expect((await login(f.deps, f.ctx, pw('ana001', 'secret1'))).token).toBeTruthy();
  });

  it('stops trying passwords after the failure limit, even a right one', async () => {
    const f = makeFixture(handle.db, { limits: { loginFailuresPerAccount: { points: 4 } } });
    await f.createMember({ account: 'rui001', password: 'secret1' });
    for (let i = 0; i < 4; i++) {
      const ip = `192.0.2.${i}`; // spread over IPs so only the account counter is hit
      const c = i >= 3 ? await f.knownCaptcha() : {};
      await failure(login(f.deps, { ...f.ctx, ip }, { ...pw('rui001', 'bad'), ...c }));
    }
    const c = await f.knownCaptcha();
    expect(await failure(login(f.deps, f.ctx, { ...pw('rui001', 'secret1'), ...c }))).toMatchObject({
      code: 'too_many_requests',
      status: 429,
    });
    expect((await listAudit(handle.db, f.ctx.merchantCode)).at(-1)!.event).toBe('login_throttled');
  });

  it('refuses non-agents on the agent portal and disabled accounts anywhere', async () => {
    const f = makeFixture(handle.db);
    await f.createMember({ account: 'member01', password: 'secret1' });
    await f.createMember({ account: 'agent01', password: 'secret1', type: 1 });
    await f.createMember({ account: 'off001', password: 'secret1', status: 'DISABLED' });
    expect(
      (await failure(login(f.deps, f.ctx, { ...pw('member01', 'secret1'), portal: 'AGENT' }))).code,
    ).toBe('agent_only');
    expect((await login(f.deps, f.ctx, { ...pw('agent01', 'secret1'), portal: 'AGENT' })).token).toBeTruthy();
    expect((await failure(login(f.deps, f.ctx, pw('off001', 'secret1')))).code).toBe('non_member_login');
  });

  it('reports an expired password only with the policy on', async () => {
    const f = makeFixture(handle.db, { flags: { PWDEXPIRY3: true } });
    await f.createMember({
      account: 'old001',
      password: 'secret1',
      password_changed_at: new Date('2024-01-01T00:00:00Z'),
    });
    expect((await login(f.deps, f.ctx, pw('old001', 'secret1'))).passwordExpired).toBe(true);
  });
});

describe('logIn, the one log-in tail', () => {
  it("runs in the caller's transaction: a rollback leaves no session, known IP, first-login mark or audit", async () => {
    const f = makeFixture(handle.db);
    const m = await f.createMember({ account: 'tail01', password: 'secret1' });
    const member = (await findMemberById(handle.db, m.id))!;
    const args = { member, loginType: 'password' as const, now: f.deps.clock(), passwordPolicy: f.flags };
    let token = '';
    await expect(
      handle.db.transaction().execute(async (trx) => {
        token = (await logIn(trx, f.ctx, args)).token;
        throw new Error('the caller fails after logging in');
      }),
    ).rejects.toThrow('the caller fails');
    expect(token).not.toBe('');
    expect((await failure(authenticate(f.deps, token))).code).toBe('not_logged_in');
    expect(await isKnownIp(handle.db, m.id, f.ctx.ip)).toBe(false);
    expect((await findMemberById(handle.db, m.id))!.first_login_at).toBeNull();
    expect(await listAudit(handle.db, f.ctx.merchantCode)).toEqual([]);

    // Given the database itself, it opens a transaction of its own and everything is written.
    const value = await logIn(handle.db, f.ctx, args);
    expect(value).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    expect((await authenticate(f.deps, value.token)).memberId).toBe(m.id);
    expect(await isKnownIp(handle.db, m.id, f.ctx.ip)).toBe(true);
    expect((await findMemberById(handle.db, m.id))!.first_login_at).toEqual(f.deps.clock());
    expect((await listAudit(handle.db, f.ctx.merchantCode)).map((a) => [a.event, a.detail])).toEqual([
      ['login', 'password'],
    ]);
  });
});

describe('second verification', () => {
  it('asks codes by SMS and e-mail for a new IP, then remembers the IP', async () => {
    const f = makeFixture(handle.db);
    const m = await f.createMember({
      account: 'bia001',
      password: 'secret1',
      mobile: '+5511987654321',
      email: 'Bia@Example.com',
    });
    await rememberIp(handle.db, m.id, '198.51.100.7', new Date());

    const fail = await failure(login(f.deps, f.ctx, pw('bia001', 'secret1')));
    expect(fail.code).toBe('second_verification_required');
    const challenge = secondVerificationValueSchema.parse(fail.value);
    expect(challenge.channels).toEqual(['sms', 'email']);
    expect(challenge.maskedMobile).toBe('+55*******4321');
    expect(challenge.maskedEmail).toBe('B***@Example.com');

    const smsCode = await f.lastCode('+5511987654321');
    const emailCode = await f.lastCode('bia@example.com');
    const wrong = smsCode === '000000' ? '111111' : '000000';
    expect(
      (
        await failure(
          completeSecondVerification(f.deps, f.ctx, {
            challengeId: challenge.challengeId,
            smsCode,
            emailCode: wrong,
          }),
        )
      ).code,
    ).toBe('email_code_invalid');
    // Another IP cannot finish someone else's challenge.
    expect(
      (
        await failure(
          completeSecondVerification(
            f.deps,
            { ...f.ctx, ip: '192.0.2.99' },
            { challengeId: challenge.challengeId, smsCode, emailCode },
          ),
        )
      ).code,
    ).toBe('verification_expired');

    const fresh = secondVerificationValueSchema.parse(
      (await failure(login(f.deps, f.ctx, pw('bia001', 'secret1')))).value,
    );
    const value = await completeSecondVerification(f.deps, f.ctx, {
      challengeId: fresh.challengeId,
      smsCode: await f.lastCode('+5511987654321'),
      emailCode: await f.lastCode('bia@example.com'),
    });
    expect((await authenticate(f.deps, value.token)).loginType).toBe('second_verification');
    // The IP is now known: no second step.
    expect((await login(f.deps, f.ctx, pw('bia001', 'secret1'))).token).toBeTruthy();
  });

  it('kills a challenge after five wrong tries', async () => {
    const f = makeFixture(handle.db);
    await f.createMember({ account: 'leo001', password: 'secret1', email: 'leo@example.com' });
    const c = secondVerificationValueSchema.parse(
      (await failure(login(f.deps, f.ctx, pw('leo001', 'secret1')))).value,
    );
    expect(c.channels).toEqual(['email']);
    const right = await f.lastCode('leo@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await failure(
        completeSecondVerification(f.deps, f.ctx, { challengeId: c.challengeId, emailCode: wrong }),
      );
    expect(
      (
        await failure(
          completeSecondVerification(f.deps, f.ctx, { challengeId: c.challengeId, emailCode: right }),
        )
      ).code,
    ).toBe('verification_expired');
  });
});

describe('SMS code login', () => {
  it('sends a code only to a member’s number, with the same answer, and logs in with it', async () => {
    const f = makeFixture(handle.db);
    await f.createMember({ account: 'cel001', mobile: '+5511912345678', email: 'cel@example.com' });
    const body = { mobileNum: '11912345678', countryDialingCode: '+55' };
    expect(await sendSmsCode(f.deps, f.ctx, body, 'no_login')).toEqual({ expiredMinutes: 1 });
    expect(
      await sendSmsCode(f.deps, f.ctx, { mobileNum: '11900000000', countryDialingCode: '+55' }, 'no_login'),
    ).toEqual({
      expiredMinutes: 1,
    });
    expect(await f.lastMessage('+5511900000000')).toBeUndefined();

    const code = await f.lastCode('+5511912345678');
    const sms = {
      username: '11912345678',
      password: code,
      type: 'sms' as const,
      countryDialingCode: '+55',
      portal: 'MEMBER' as const,
    };
    const value = await login(f.deps, f.ctx, sms);
    // SMS proves the phone: no second step, and never the change-password prompt.
    expect(value.passwordExpired).toBe(false);
    // A code works once.
    expect((await failure(login(f.deps, f.ctx, sms))).code).toBe('sms_code_invalid');
  });

  it('rate-limits SMS per number and per IP', async () => {
    const f = makeFixture(handle.db, { limits: { smsPerIpHour: { points: 2 } } });
    await f.createMember({ account: 'cel002', mobile: '+5511911112222' });
    const body = { mobileNum: '11911112222', countryDialingCode: '+55' };
    await sendSmsCode(f.deps, f.ctx, body, 'no_login');
    // A second code to the same number within the minute is refused...
    expect((await failure(sendSmsCode(f.deps, f.ctx, body, 'no_login'))).code).toBe('too_many_requests');
    // ...and that attempt still counted against the IP, whose allowance (2) is now spent for any number.
    expect(
      (
        await failure(
          sendSmsCode(f.deps, f.ctx, { mobileNum: '11933334444', countryDialingCode: '+55' }, 'no_login'),
        )
      ).code,
    ).toBe('too_many_requests');
  });

  it('is refused when the merchant has it off', async () => {
    const f = makeFixture(handle.db, { flags: { MOBCODELOGIN3: false, CHNGPASSVERIF3: false } });
    expect(
      (
        await failure(
          sendSmsCode(f.deps, f.ctx, { mobileNum: '11911112222', countryDialingCode: '+55' }, 'no_login'),
        )
      ).code,
    ).toBe('feature_disabled');
    expect(
      (
        await failure(
          login(f.deps, f.ctx, {
            username: '11911112222',
            password: '123456',
            type: 'sms',
            portal: 'MEMBER',
          }),
        )
      ).code,
    ).toBe('feature_disabled');
  });
});

describe('free play, logout and tokens', () => {
  it('creates a trial account that the real-account guard refuses', async () => {
    const f = makeFixture(handle.db);
    const value = await freePlay(f.deps, f.ctx, {});
    const auth = await authenticate(f.deps, value.token);
    expect(auth.type).toBe(4);
    const member = await findMemberById(handle.db, auth.memberId);
    expect(member!.account).toMatch(/^guest_/);
    expect(member!.has_login_password).toBe(false);
    // Created with its play money, in the same transaction.
    expect((await findMemberWallet(handle.db, auth.memberId, PLAY_MONEY_CURRENCY))!.balance).toBe(
      FREE_PLAY_BALANCE,
    );
    let code = '';
    try {
      requireRealAccount(auth);
    } catch (err) {
      code = (err as { code: string; status: number }).code;
      expect((err as { status: number }).status).toBe(403);
    }
    expect(code).toBe('in_need_true_account');
    expect(() => requireRealAccount({ type: 0 })).not.toThrow();
    expect(
      (await failure(freePlay(makeFixture(handle.db, { flags: { FREEPLAY3: false } }).deps, f.ctx, {}))).code,
    ).toBe('feature_disabled');
  });

  it('logout revokes the token', async () => {
    const f = makeFixture(handle.db);
    await f.createMember({ account: 'out001', password: 'secret1' });
    const { token } = await login(f.deps, f.ctx, pw('out001', 'secret1'));
    await logout(f.deps, f.ctx, await authenticate(f.deps, token));
    expect((await failure(authenticate(f.deps, token))).code).toBe('not_logged_in');
  });

  it('expires after 30 idle minutes and after 12 hours however busy', async () => {
    const f = makeFixture(handle.db);
    await f.createMember({ account: 'idle001', password: 'secret1' });
    const a = await login(f.deps, f.ctx, pw('idle001', 'secret1'));
    f.advance(SESSION_IDLE_MS - 1000);
    await authenticate(f.deps, a.token);
    f.advance(SESSION_IDLE_MS - 1000);
    await authenticate(f.deps, a.token); // kept alive by use
    f.advance(SESSION_IDLE_MS);
    expect((await failure(authenticate(f.deps, a.token))).code).toBe('token_expired');

    const b = await login(f.deps, f.ctx, pw('idle001', 'secret1'));
    for (let t = 0; t < SESSION_ABSOLUTE_MS; t += 20 * 60_000) {
      await authenticate(f.deps, b.token);
      f.advance(20 * 60_000);
    }
    expect((await failure(authenticate(f.deps, b.token))).code).toBe('token_expired');
  });

  it('token checks that arrive together share one statement, and each answers its own session', async () => {
    const f = makeFixture(handle.db);
    const tokens: string[] = [];
    for (const account of ['batch01', 'batch02', 'batch03']) {
      await f.createMember({ account, password: 'secret1' });
      tokens.push((await login(f.deps, f.ctx, pw(account, 'secret1'))).token);
    }
    const [first, second, revoked] = tokens as [string, string, string];
    await logout(f.deps, f.ctx, await authenticate(f.deps, revoked));
    const ids = await Promise.all([first, second].map(async (t) => (await authenticate(f.deps, t)).memberId));

    // Counts what reaches the database through this handle; everything else is the real one.
    let statements = 0;
    const counted = new Proxy(handle.db, {
      get(target, key) {
        if (key === 'executeQuery')
          return (query: Parameters<typeof target.executeQuery>[0]) => {
            statements += 1;
            return target.executeQuery(query);
          };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const deps = { ...f.deps, db: counted };
    const unknown = 'u'.repeat(43);
    const answers = await Promise.allSettled(
      [second, first, revoked, first, unknown].map((t) => authenticate(deps, t)),
    );
    expect(statements).toBe(1);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value.memberId : a.reason.code))).toEqual([
      ids[1],
      ids[0],
      'not_logged_in',
      ids[0],
      'not_logged_in',
    ]);
    // A check in a later turn is a statement of its own, read after the revocation before it.
    await logout(f.deps, f.ctx, await authenticate(deps, second));
    expect(statements).toBe(2);
    expect((await failure(authenticate(deps, second))).code).toBe('not_logged_in');
    expect(statements).toBe(3);
  });

  it('refuses missing, malformed and unknown tokens', async () => {
    const f = makeFixture(handle.db);
    for (const t of [undefined, '', 'abc', 'x'.repeat(43)]) {
      expect((await failure(authenticate(f.deps, t))).code).toBe('not_logged_in');
    }
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
  });
});

describe('captcha service', () => {
  it('issues an image and accepts its answer once', async () => {
    const f = makeFixture(handle.db);
    const value = await issueCaptcha(f.deps, f.ctx);
    expect(value.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const known = await f.knownCaptcha('Q7wE');
    expect(await checkCaptcha(handle.db, known.captchaId, 'q7we', f.deps.clock())).toBe(true);
    expect(await checkCaptcha(handle.db, known.captchaId, 'q7we', f.deps.clock())).toBe(false);
    const late = await f.knownCaptcha('Q7wE');
    f.advance(121_000);
    expect(await checkCaptcha(handle.db, late.captchaId, 'q7we', f.deps.clock())).toBe(false);
  });
});
