import {
  isAgentType,
  isTrialType,
  mobileNumSchema,
  type FreePlayBody,
  type LoginBody,
  type LoginValue,
  type LoginVerificationBody,
  type SecondVerificationValue,
  type VerificationChannel,
} from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/crypto/password.ts';
import {
  absoluteExpiry,
  generateId,
  generateToken,
  hashToken,
  isWellFormedToken,
  sessionState,
  shouldTouch,
} from '../../platform/crypto/token.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AuthError } from '../../platform/http/auth-error.ts';
import type { AuthRead } from '../../platform/http/route-auth.ts';
import { accountLimitKey, CAPTCHA_THRESHOLDS } from '../../platform/rate-limit/auth-limits.ts';
import {
  createTrialMember,
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  markFirstLogin,
  spendTempPassword,
  type MemberRow,
} from '../member/index.ts';
import {
  checkCaptcha,
  checkCode,
  CODE_TTL_MS,
  findChallengeCode,
  issueCode,
  maskEmail,
  maskMobile,
  spendCheckedCode,
  toE164,
  verifyCode,
  type CodeRow,
} from '../verification/index.ts';
import { grantFreePlayMoney } from '../wallet/index.ts';
import type { AuthContext, AuthDeps, AuthFlags, RequestContext } from './session.deps.ts';
import {
  extraColumnsOf,
  findChallenge,
  findSessionWithMember,
  incrementChallengeAttempts,
  insertAudit,
  insertChallenge,
  insertSession,
  isKnownIp,
  listAudit,
  markChallengeUsed,
  rememberIp,
  revokeMemberSessions as revokeMemberSessionRows,
  revokeSession,
  sessionMemberId,
  touchSession,
} from './session.repository.ts';
import type { AuthAuditEvent, LoginKind } from './session.table.ts';

/** With the password policy on (PWDEXPIRY3), a password older than this must be changed. */
export const PASSWORD_MAX_AGE_DAYS = 90;
/** A second-verification challenge lives as long as its codes and allows this many wrong tries. */
export const CHALLENGE_TTL_MS = CODE_TTL_MS;
export const MAX_CHALLENGE_ATTEMPTS = 5;

// --- small pieces ---------------------------------------------------------------------------------

/** Writes one auth_audit row (this module's table); other modules record theirs through here. */
export const recordAudit = async (
  db: DbOrTrx,
  ctx: RequestContext,
  event: AuthAuditEvent,
  extra: { memberId?: number | null; account?: string | null; detail?: string | null } = {},
): Promise<void> => {
  await insertAudit(db, {
    merchant_code: ctx.merchantCode,
    member_id: extra.memberId ?? null,
    account: extra.account?.slice(0, 64) ?? null,
    event,
    detail: extra.detail ?? null,
    ip: ctx.ip,
    user_agent: ctx.userAgent?.slice(0, 512) ?? null,
  });
};

/** Ends every live session of a member, except `keepTokenHash` when given. Returns how many. */
export const revokeMemberSessions = (
  db: DbOrTrx,
  memberId: number,
  now: Date,
  reason: string,
  keepTokenHash?: string,
): Promise<number> => revokeMemberSessionRows(db, memberId, now, reason, keepTokenHash);

/** Creates a session and returns its token; only the token's hash is stored. */
async function startSession(
  db: DbOrTrx,
  args: {
    memberId: number;
    merchantCode: string;
    loginType: LoginKind;
    ip: string;
    userAgent: string | null;
    now: Date;
  },
): Promise<string> {
  const token = generateToken();
  await insertSession(db, {
    token_hash: hashToken(token),
    member_id: args.memberId,
    merchant_code: args.merchantCode,
    login_type: args.loginType,
    created_at: args.now,
    last_seen_at: args.now,
    expires_at: absoluteExpiry(args.now),
    ip: args.ip,
    user_agent: args.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

export function isPasswordExpired(
  member: Pick<MemberRow, 'must_change_password' | 'password_changed_at' | 'created_at'>,
  flags: Pick<AuthFlags, 'PWDEXPIRY3'>,
  now: Date,
): boolean {
  if (member.must_change_password) return true;
  if (!flags.PWDEXPIRY3) return false;
  const changed = member.password_changed_at ?? member.created_at;
  return now.getTime() - changed.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000;
}

/** The member fields a log-in needs. */
export type LoginMember = Pick<
  MemberRow,
  'id' | 'account' | 'must_change_password' | 'password_changed_at' | 'created_at'
>;

/**
 * The common end of every successful log-in, in the caller's transaction (or one of its own): the
 * session, the known IP, the first-login mark (member's service) and the audit row. Registration,
 * free play and the password reset call it inside the transaction that creates or changes the member.
 * passwordExpired is only for password logins (spec section 4: not for SMS); it then needs the
 * merchant's PWDEXPIRY3 flag.
 */
export async function logIn(
  db: DbOrTrx,
  ctx: RequestContext,
  args: {
    member: LoginMember;
    loginType: LoginKind;
    now: Date;
    passwordPolicy?: Pick<AuthFlags, 'PWDEXPIRY3'>;
    /** The audit row: default event 'login' with the login type as detail (social adds the provider). */
    audit?: { event: 'login' | 'freeplay'; detail: string | null };
  },
): Promise<LoginValue> {
  const { member, loginType, now } = args;
  return inTransaction(db, async (trx) => {
    const token = await startSession(trx, {
      memberId: member.id,
      merchantCode: ctx.merchantCode,
      loginType,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      now,
    });
    await rememberIp(trx, member.id, ctx.ip, now);
    const firstTimeLogin = await markFirstLogin(trx, member.id, now);
    const row = args.audit ?? { event: 'login', detail: loginType };
    await recordAudit(trx, ctx, row.event, {
      memberId: member.id,
      account: member.account,
      detail: row.detail,
    });
    const passwordLogin = loginType === 'password' || loginType === 'second_verification';
    const passwordExpired =
      passwordLogin &&
      args.passwordPolicy !== undefined &&
      isPasswordExpired(member, args.passwordPolicy, now);
    return { firstTimeLogin, passwordExpired, token };
  });
}

/** The auth audit of a merchant, oldest first (operators and tests read it). */
export const listAuthAudit = (db: DbOrTrx, merchantCode: string, limit = 100) =>
  listAudit(db, merchantCode, limit);

/** Marks an IP as known for a member: a password login from it asks no second verification. */
export const rememberKnownIp = (db: DbOrTrx, memberId: number, ip: string, now: Date): Promise<unknown> =>
  rememberIp(db, memberId, ip, now);

// --- login ----------------------------------------------------------------------------------------

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
function assertMayLogIn(member: MemberRow, portal: LoginBody['portal']): void {
  if (member.status !== 'ACTIVE' || isTrialType(member.type)) throw new AuthError('non_member_login');
  if (portal === 'AGENT' && !isAgentType(member.type)) throw new AuthError('agent_only');
}

/**
 * A login from an IP this member has not used asks a second step when there is somewhere to send
 * codes: one by SMS to the bound mobile and one by e-mail to the bound address.
 */
async function issueSecondVerification(
  deps: AuthDeps,
  ctx: RequestContext,
  member: MemberRow,
  portal: string,
  flags: AuthFlags,
): Promise<SecondVerificationValue> {
  const now = deps.clock();
  const challengeId = generateId();
  const channels: VerificationChannel[] = [];
  if (member.mobile) channels.push('sms');
  if (member.email) channels.push('email');
  const codes = await deps.db.transaction().execute(async (trx) => {
    await insertChallenge(trx, {
      id: challengeId,
      member_id: member.id,
      merchant_code: ctx.merchantCode,
      ip: ctx.ip,
      user_agent: ctx.userAgent?.slice(0, 512) ?? null,
      portal,
      channels,
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    const out: Partial<Record<VerificationChannel, string>> = {};
    for (const channel of channels) {
      const recipient = channel === 'sms' ? member.mobile! : member.email!.toLowerCase();
      out[channel] = await issueCode(trx, {
        merchantCode: ctx.merchantCode,
        purpose: 'second_verification',
        channel,
        recipient,
        challengeId,
        now,
      });
    }
    await recordAudit(trx, ctx, 'second_verification_issued', {
      memberId: member.id,
      account: member.account,
      detail: channels.join(','),
    });
    return out;
  });
  const en = ctx.language === 'EN';
  if (codes.sms) {
    await deps.sms.send({
      to: member.mobile!,
      body: en
        ? `${flags.siteName}: login from a new device. Your code is ${codes.sms}.`
        : `${flags.siteName}: início de sessão num novo dispositivo. O seu código é ${codes.sms}.`,
    });
  }
  if (codes.email) {
    await deps.email.send({
      to: member.email!,
      subject: en
        ? `${flags.siteName}: confirm your login`
        : `${flags.siteName}: confirme o início de sessão`,
      body: en
        ? `Someone (hopefully you) logged in from ${ctx.ip}. Your code is ${codes.email}. It expires in 5 minutes.`
        : `Alguém (esperamos que você) iniciou sessão a partir de ${ctx.ip}. O seu código é ${codes.email}. Expira em 5 minutos.`,
    });
  }
  return {
    challengeId,
    channels,
    maskedMobile: member.mobile ? maskMobile(member.mobile) : null,
    maskedEmail: member.email ? maskEmail(member.email) : null,
    expiredMinutes: Math.round(CHALLENGE_TTL_MS / 60_000),
  };
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
  let member: MemberRow | undefined;
  let ok = false;
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
    member = await findMemberByAccount(deps.db, ctx.merchantCode, identity);
    if (member?.password_hash) ok = await verifyPassword(member.password_hash, body.password);
    else await verifyAgainstDummy(body.password);
    if (
      !ok &&
      member?.temp_password_hash &&
      member.temp_password_expires_at &&
      member.temp_password_expires_at > now
    ) {
      ok = usedTempPassword = await verifyPassword(member.temp_password_hash, body.password);
    }
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

// --- free play, logout, token checks -------------------------------------------------------------

const TRIAL_ACCOUNT_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const trialAccountName = (): string => {
  const id = generateId()
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  const tail = [...id]
    .filter((c) => TRIAL_ACCOUNT_ALPHABET.includes(c))
    .slice(0, 10)
    .join('');
  return `guest_${tail}`;
};

/**
 * POST /wps/session/login/freeplay (FREEPLAY3): a new trial account (type 4, no password) holding
 * FREE_PLAY_BALANCE play money (XPL, a ledger transfer from the merchant's HOUSE_PLAY account), logged in.
 * Throws feature_disabled, too_many_requests.
 */
export async function freePlay(
  deps: AuthDeps,
  ctx: RequestContext,
  _body: FreePlayBody,
): Promise<LoginValue> {
  const flags = await deps.settings.flags(ctx.merchantCode);
  if (!flags.FREEPLAY3) throw new AuthError('feature_disabled');
  const d = await deps.limits.freePlayPerIp.consume(ctx.ip);
  if (!d.allowed) throw new AuthError('too_many_requests', { retryAfterSeconds: d.retryAfterSeconds });

  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const member = await createTrialMember(trx, {
      merchantCode: ctx.merchantCode,
      account: trialAccountName(),
      ip: ctx.ip,
    });
    // In the same transaction: a trial account never exists without its play money.
    await grantFreePlayMoney(trx, { memberId: member.id, merchantCode: ctx.merchantCode });
    return logIn(trx, ctx, {
      member,
      loginType: 'freeplay',
      now,
      audit: { event: 'freeplay', detail: null },
    });
  });
}

/** DELETE /wps/session/logout: revokes the current token. */
export async function logout(deps: AuthDeps, ctx: RequestContext, auth: AuthContext): Promise<null> {
  await revokeSession(deps.db, auth.tokenHash, deps.clock(), 'logout');
  await recordAudit(deps.db, ctx, 'logout', { memberId: auth.memberId });
  return null;
}

/**
 * The token check of every 'token' call: Bearer token → session. Throws not_logged_in (missing,
 * malformed, unknown, revoked, disabled account) or token_expired (idle 30 min or 12 h absolute).
 */
export async function authenticate<T = never>(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  token: string | undefined,
  read?: AuthRead<T>,
): Promise<AuthContext & { read?: T }> {
  if (!token || !isWellFormedToken(token)) throw new AuthError('not_logged_in');
  const tokenHash = hashToken(token);
  // One round trip: the session row and the member's type and status (the member module's SQL,
  // embedded), read fresh on every call, so a logout, a revocation or a ban applies at once on every
  // node; no cache to invalidate. A route's own first read (AuthRead) rides in the same statement.
  const plan = read ? await read(sessionMemberId) : undefined;
  const row = await findSessionWithMember(deps.db, tokenHash, plan?.columns);
  if (!row) throw new AuthError('not_logged_in');
  if (row.member_type === null || row.member_status !== 'ACTIVE') throw new AuthError('not_logged_in');
  const member = { type: row.member_type };
  const now = deps.clock();
  const state = sessionState(
    { lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, revokedAt: row.revoked_at },
    now,
  );
  if (state === 'revoked') throw new AuthError('not_logged_in');
  if (state !== 'active') throw new AuthError('token_expired');
  if (shouldTouch(row.last_seen_at, now)) await touchSession(deps.db, tokenHash, now);
  const auth: AuthContext = {
    memberId: row.member_id,
    merchantCode: row.merchant_code,
    type: member.type,
    tokenHash,
    loginType: row.login_type,
  };
  return plan ? { ...auth, read: plan.value(extraColumnsOf(row), auth) } : auth;
}

/** Reads a Bearer token from an Authorization header value. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
