import {
  isAgentType,
  isTrialType,
  mobileNumSchema,
  type LoginBody,
  type LoginValue,
  type LoginVerificationBody,
} from '@banca/contract';
import { AuthError } from '../../platform/http/auth-error.ts';
import { accountLimitKey, CAPTCHA_THRESHOLDS } from '../../platform/rate-limit/auth-limits.ts';
import {
  checkLoginPassword,
  findMemberById,
  findMemberByMobile,
  spendTempPassword,
  type MemberView,
} from '../member/index.ts';
import {
  checkCaptcha,
  checkCode,
  findChallengeCode,
  spendCheckedCode,
  toE164,
  verifyCode,
  type CodeRow,
} from '../verification/index.ts';
import { issueSecondVerification, MAX_CHALLENGE_ATTEMPTS } from './second-verification.service.ts';
import type { AuthDeps, RequestContext } from './session.deps.ts';
import {
  findChallenge,
  incrementChallengeAttempts,
  isKnownIp,
  markChallengeUsed,
} from './session.repository.ts';
import { logIn, recordAudit } from './session.service.ts';

/*
 * Password and SMS-code login: throttles and captcha, the generic refusal, and the second step for a
 * new IP (issued by second-verification.service.ts, completed here).
 */

async function captchaNeeded(deps: AuthDeps, accountKey: string, ip: string): Promise<boolean> {
  const [byAccount, byIp] = await Promise.all([
    deps.limits.captchaFailuresPerAccount.peek(accountKey),
    deps.limits.captchaFailuresPerIp.peek(ip),
  ]);
  return byAccount >= CAPTCHA_THRESHOLDS.perAccount || byIp >= CAPTCHA_THRESHOLDS.perIp;
}

async function recordFailure(deps: AuthDeps, accountKey: string, ip: string): Promise<boolean> {
  await Promise.all([
    deps.limits.loginFailuresPerAccount.consume(accountKey),
    deps.limits.loginFailuresPerIp.consume(ip),
    deps.limits.captchaFailuresPerAccount.consume(accountKey),
    deps.limits.captchaFailuresPerIp.consume(ip),
  ]);
  return captchaNeeded(deps, accountKey, ip);
}

/** Refuses before any password work when the account or the IP has used its 100 failures. */
async function assertNotThrottled(deps: AuthDeps, ctx: RequestContext, accountKey: string, account: string) {
  const [byAccount, byIp] = await Promise.all([
    deps.limits.loginFailuresPerAccount.peek(accountKey),
    deps.limits.loginFailuresPerIp.peek(ctx.ip),
  ]);
  if (
    byAccount >= deps.limits.loginFailuresPerAccount.points ||
    byIp >= deps.limits.loginFailuresPerIp.points
  ) {
    await recordAudit(deps.db, ctx, 'login_throttled', { account });
    throw new AuthError('too_many_requests');
  }
}

/** Accounts that may not log in at all, whatever their password. */
function assertMayLogIn(member: MemberView, portal: LoginBody['portal']): void {
  if (member.status !== 'ACTIVE' || isTrialType(member.type)) throw new AuthError('non_member_login');
  if (portal === 'AGENT' && !isAgentType(member.type)) throw new AuthError('agent_only');
}

/**
 * POST /wps/session/login. Password or SMS-code login with failure counting (captcha from the third
 * failure, at most 100 failures an hour per account and per IP), one generic answer for a wrong
 * account or password, and a second step for a new IP.
 *
 * Throws AuthError: too_many_requests, feature_disabled, invalid_input (SMS without dialing code),
 * captcha_required / captcha_invalid / invalid_credentials / sms_code_invalid (value { captcha }),
 * non_member_login, agent_only, second_verification_required (value SecondVerificationValue).
 */
export async function login(deps: AuthDeps, ctx: RequestContext, body: LoginBody): Promise<LoginValue> {
  const flags = await deps.settings.flags(ctx.merchantCode);
  const sms = body.type === 'sms';
  if (sms && !flags.MOBCODELOGIN3) throw new AuthError('feature_disabled');

  let identity = body.username.trim();
  if (sms) {
    const digits = identity.replace(/^\+/, '');
    if (!mobileNumSchema.safeParse(digits).success)
      throw new AuthError('invalid_input', { fields: { username: 'reg_pattern_3' } });
    if (identity.startsWith('+')) identity = `+${digits}`;
    else if (body.countryDialingCode) identity = toE164(body.countryDialingCode, digits);
    else throw new AuthError('invalid_input', { fields: { countryDialingCode: 'required' } });
  }
  const accountKey = accountLimitKey(ctx.merchantCode, identity);
  await assertNotThrottled(deps, ctx, accountKey, identity);

  if (await captchaNeeded(deps, accountKey, ctx.ip)) {
    if (!body.captcha || !body.captchaId) throw new AuthError('captcha_required', { captcha: true });
    if (!(await checkCaptcha(deps.db, body.captchaId, body.captcha, deps.clock()))) {
      throw new AuthError('captcha_invalid', { captcha: true });
    }
  }

  const now = deps.clock();
  let member: MemberView | undefined;
  let ok: boolean;
  let usedTempPassword = false;
  if (sms) {
    member = await findMemberByMobile(deps.db, ctx.merchantCode, identity);
    // The code was only ever sent to a member's number, so "no member" and "wrong code" look alike.
    ok =
      (await verifyCode(deps.db, {
        merchantCode: ctx.merchantCode,
        purpose: 'no_login',
        recipient: identity,
        code: body.password,
        now,
      })) && member !== undefined;
  } else {
    // The hashes stay in the member module: it answers the member and a verdict.
    const check = await checkLoginPassword(deps.db, {
      merchantCode: ctx.merchantCode,
      account: identity,
      password: body.password,
      now,
    });
    member = check.member;
    ok = check.verdict !== 'wrong';
    usedTempPassword = check.verdict === 'temp_password';
  }

  if (!ok || !member) {
    const captcha = await recordFailure(deps, accountKey, ctx.ip);
    await recordAudit(deps.db, ctx, 'login_failed', {
      memberId: member?.id ?? null,
      account: identity,
      detail: body.type,
    });
    throw new AuthError(sms ? 'sms_code_invalid' : 'invalid_credentials', { captcha });
  }

  try {
    assertMayLogIn(member, body.portal);
  } catch (err) {
    await recordAudit(deps.db, ctx, 'login_refused', {
      memberId: member.id,
      account: member.account,
      detail: (err as AuthError).code,
    });
    throw err;
  }

  await Promise.all([
    deps.limits.loginFailuresPerAccount.reset(accountKey),
    deps.limits.captchaFailuresPerAccount.reset(accountKey),
  ]);

  if (usedTempPassword) {
    // One-time: the temporary password is spent and the member must choose a new one.
    member = await spendTempPassword(deps.db, member);
  }

  // An SMS code already proves the mobile; a password from a new IP does not.
  if (!sms && (member.mobile || member.email) && !(await isKnownIp(deps.db, member.id, ctx.ip))) {
    const challenge = await issueSecondVerification(deps, ctx, member, body.portal, flags);
    throw new AuthError('second_verification_required', challenge);
  }

  return logIn(deps.db, ctx, { member, loginType: sms ? 'sms' : 'password', now, passwordPolicy: flags });
}

/**
 * POST /wps/session/login/verification: the codes of a second-verification challenge. Bound to the
 * IP that started it; after MAX_CHALLENGE_ATTEMPTS wrong tries the challenge is dead.
 */
export async function completeSecondVerification(
  deps: AuthDeps,
  ctx: RequestContext,
  body: LoginVerificationBody,
): Promise<LoginValue> {
  const now = deps.clock();
  const challenge = await findChallenge(deps.db, body.challengeId);
  if (
    !challenge ||
    challenge.merchant_code !== ctx.merchantCode ||
    challenge.ip !== ctx.ip ||
    challenge.used_at !== null ||
    challenge.expires_at <= now ||
    challenge.attempts >= MAX_CHALLENGE_ATTEMPTS
  ) {
    throw new AuthError('verification_expired');
  }

  // Every code is checked before any is spent, so one mistyped code does not burn the other one.
  const rows: CodeRow[] = [];
  for (const channel of challenge.channels) {
    const code = channel === 'sms' ? body.smsCode : body.emailCode;
    const row = await findChallengeCode(deps.db, challenge.id, channel, now);
    const good = code !== undefined && (await checkCode(deps.db, row, code));
    if (!good) {
      await incrementChallengeAttempts(deps.db, challenge.id);
      await recordAudit(deps.db, ctx, 'second_verification_failed', {
        memberId: challenge.member_id,
        detail: channel,
      });
      throw new AuthError(channel === 'sms' ? 'sms_code_invalid' : 'email_code_invalid');
    }
    rows.push(row!);
  }
  for (const row of rows) {
    if (!(await spendCheckedCode(deps.db, row, now))) throw new AuthError('verification_expired');
  }
  if (!(await markChallengeUsed(deps.db, challenge.id, now))) throw new AuthError('verification_expired');

  const member = await findMemberById(deps.db, challenge.member_id);
  if (!member) throw new AuthError('verification_expired');
  assertMayLogIn(member, challenge.portal === 'AGENT' ? 'AGENT' : 'MEMBER');
  const flags = await deps.settings.flags(ctx.merchantCode);
  return logIn(deps.db, ctx, { member, loginType: 'second_verification', now, passwordPolicy: flags });
}
