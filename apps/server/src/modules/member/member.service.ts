import {
  checkPasswordRule,
  isAgentType,
  isTrialType,
  MEMBER_TYPE,
  mobileNumSchema,
  validateRegisterFields,
  type ChangePasswordBody,
  type ForgotPasswordEmailBody,
  type LoginValue,
  type MemberIcon,
  type MemberInfo,
  type RegisterBody,
  type RegisterField,
  type RegisterMode,
  type ResetPasswordByPhoneBody,
} from '@banca/contract';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/crypto/password.ts';
import { AuthError, requireRealAccount } from '../../platform/http/auth-error.ts';
import type { RequestContext } from '../../platform/http/request-context.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { accountLimitKey } from '../../platform/rate-limit/auth-limits.ts';
import { checkCaptcha, maskEmail, maskMobile, toE164, verifyCode } from '../verification/index.ts';
import type { MemberDeps } from './member.deps.ts';
import {
  findAffiliate,
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  insertMember,
  updateMember,
} from './member.repository.ts';
import { generateTempPassword } from './temp-password.ts';
import { recordEvent } from '../../platform/events/event-catalogue.ts';
import { memberRegistered } from './member.events.ts';

/** A temporary password from "forgot by e-mail" works for this long, once. */
export const TEMP_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;

/** Register fields kept in member.profile (the others have columns or are not stored). */
const PROFILE_FIELDS: readonly RegisterField[] = [
  'qqNum',
  'recommenderId',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'birthday',
  'zalo',
  'telegram',
  'address',
  'nationality',
  'placeOfBirth',
];

const fieldError = (code: 'account_exists' | 'mobile_exists', field: RegisterField) =>
  new AuthError(code, { fields: { [field]: code } });

/** PostgreSQL unique violation on one of our indexes → the matching field error. */
function uniqueViolation(err: unknown): AuthError | undefined {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505') return undefined;
  if (e.constraint === 'member_merchant_mobile') return fieldError('mobile_exists', 'mobileNum');
  return fieldError('account_exists', 'username');
}

/**
 * PUT /wps/member/register (mode 'username') and /register/mobile (mode 'mobile'). Applies the
 * merchant's field settings through the contract's validateRegisterFields, uniqueness, the affiliate
 * code, the captcha when configured and the SMS code when REGMOBVERF3; then logs the new member in.
 *
 * Throws AuthError: feature_disabled, too_many_requests, invalid_input (value.fields),
 * account_exists / mobile_exists (value.fields), affiliate_invalid, sms_code_invalid.
 */
export async function register(
  deps: MemberDeps,
  ctx: RequestContext,
  body: RegisterBody,
  mode: RegisterMode,
): Promise<LoginValue> {
  const flags = await deps.settings.flags(ctx.merchantCode);
  if (mode === 'username' ? !flags.USERNAMEREG3 : !flags.MOBILENUMREG3)
    throw new AuthError('feature_disabled');
  const limit = await deps.limits.registrationsPerIp.consume(ctx.ip);
  if (!limit.allowed)
    throw new AuthError('too_many_requests', { retryAfterSeconds: limit.retryAfterSeconds });

  const settings = await deps.settings.registerSettings(ctx.merchantCode);
  const mobileGiven = typeof body.mobileNum === 'string' && body.mobileNum !== '';
  const smsVerification = flags.REGMOBVERF3 && (mode === 'mobile' || mobileGiven);
  const fields: Record<string, string> = {
    ...validateRegisterFields(body, settings, mode, {
      mobileWithPassword: flags.MOBREGPASS3,
      smsVerification,
    }),
  };
  if (mobileGiven && !mobileNumSchema.safeParse(body.mobileNum).success) fields.mobileNum ??= 'reg_pattern_3';
  if (mobileGiven && !body.countryDialingCode) fields.countryDialingCode = 'required';
  if (Object.keys(fields).length > 0) throw new AuthError('invalid_input', { fields });

  const mobile = mobileGiven ? toE164(body.countryDialingCode!, body.mobileNum!) : null;
  // The mobile form has no username (any sent is ignored, unvalidated): the account is the number.
  const account = mode === 'username' ? body.username!.trim() : mobile!.slice(1);
  const password = mode === 'username' || flags.MOBREGPASS3 ? body.password! : null;
  const enabled = new Set(settings.filter((s) => s.enabled).map((s) => s.name));

  if (await findMemberByAccount(deps.db, ctx.merchantCode, account))
    throw fieldError('account_exists', mode === 'username' ? 'username' : 'mobileNum');
  if (mobile && (await findMemberByMobile(deps.db, ctx.merchantCode, mobile)))
    throw fieldError('mobile_exists', 'mobileNum');

  let parentId: number | null = null;
  const affiliateCode = body.affiliateCode?.trim() || null;
  if (affiliateCode) {
    const aff = await findAffiliate(deps.db, ctx.merchantCode, affiliateCode);
    if (
      !aff ||
      !aff.enabled ||
      (aff.domain !== null && body.domain !== undefined && aff.domain !== body.domain)
    ) {
      throw new AuthError('affiliate_invalid');
    }
    parentId = aff.member_id;
  }

  const now = deps.clock();
  if (enabled.has('captcha') && !(await checkCaptcha(deps.db, body.captchaId, body.captcha, now))) {
    throw new AuthError('invalid_input', { fields: { captcha: 'captcha_invalid' } });
  }
  if (smsVerification) {
    const ok = await verifyCode(deps.db, {
      merchantCode: ctx.merchantCode,
      purpose: 'register',
      recipient: mobile!,
      code: body.verificationCode ?? '',
      now,
    });
    if (!ok) throw new AuthError('sms_code_invalid');
  }

  const passwordHash = password ? await hashPassword(password) : null;
  // The payment password is the wallet's (hashed here, before the transaction, as hashing is slow).
  const paymentHash =
    enabled.has('paymentPassword') && body.paymentPassword
      ? await deps.paymentPasswords.hash(body.paymentPassword)
      : null;
  const profile: Record<string, string> = {};
  for (const f of PROFILE_FIELDS) {
    const v = body[f];
    if (enabled.has(f) && typeof v === 'string' && v !== '') profile[f] = v;
  }

  try {
    return await deps.db.transaction().execute(async (trx) => {
      const member = await insertMember(trx, {
        merchant_code: ctx.merchantCode,
        account,
        mobile,
        email: enabled.has('email') && body.email ? body.email.trim() : null,
        password_hash: passwordHash,
        type: MEMBER_TYPE.MEMBER,
        nickname: enabled.has('nickname') && body.nickname ? body.nickname : null,
        payee_name: enabled.has('payeeName') && body.payeeName ? body.payeeName : null,
        profile: JSON.stringify(profile),
        parent_id: parentId,
        affiliate_code: affiliateCode,
        referral_code: body.referralCode?.trim() || null,
        password_changed_at: passwordHash ? now : null,
        register_ip: ctx.ip,
        register_domain: body.domain ?? null,
        register_url: body.registerUrl ?? null,
        register_method: body.registerMethod,
      });
      if (paymentHash) await deps.paymentPasswords.store(trx, member.id, paymentHash);
      await deps.sessions.recordAudit(trx, ctx, 'register', { memberId: member.id, account, detail: mode });
      await recordEvent(
        trx,
        memberRegistered,
        { memberId: member.id, merchantCode: ctx.merchantCode, parentId, mode },
        { key: member.id },
      );
      return deps.sessions.logIn(trx, ctx, { member, loginType: 'register', now });
    });
  } catch (err) {
    // Two registrations racing for one account or number: the unique index decides.
    throw uniqueViolation(err) ?? err;
  }
}

/** GET /wps/agent/affiliate: whether an invitation code exists, is enabled and fits the domain. */
export async function checkAffiliate(
  deps: Pick<MemberDeps, 'db'>,
  merchantCode: string,
  query: { code: string; domain?: string | undefined },
): Promise<{ valid: boolean }> {
  const aff = await findAffiliate(deps.db, merchantCode, query.code.trim());
  const valid =
    !!aff &&
    aff.enabled &&
    (aff.domain === null || query.domain === undefined || aff.domain === query.domain);
  return { valid };
}

/**
 * POST /wps/member/password. The old password is required unless the member must change it anyway
 * (temporary or default password just used). Success ends the member's other sessions.
 *
 * Throws AuthError: in_need_true_account, inconsistent_twice, password_policy (value.fields),
 * old_password_invalid, not_logged_in.
 */
export async function changePassword(
  deps: MemberDeps,
  ctx: RequestContext,
  auth: RouteAuth,
  body: ChangePasswordBody,
): Promise<null> {
  requireRealAccount(auth);
  if (body.newPassword !== body.confirmNewPassword) {
    throw new AuthError('inconsistent_twice', { fields: { confirmNewPassword: 'inconsistent_twice' } });
  }
  const settings = await deps.settings.registerSettings(ctx.merchantCode);
  const rule = checkPasswordRule(body.newPassword, settings);
  if (rule) throw new AuthError('password_policy', { fields: { newPassword: rule } });

  const member = await findMemberById(deps.db, auth.memberId);
  if (!member) throw new AuthError('not_logged_in');
  if (!member.must_change_password && member.password_hash) {
    const ok =
      body.oldPassword !== undefined && (await verifyPassword(member.password_hash, body.oldPassword));
    if (!ok) {
      await deps.sessions.recordAudit(deps.db, ctx, 'password_change_failed', {
        memberId: member.id,
        account: member.account,
      });
      throw new AuthError('old_password_invalid', { fields: { oldPassword: 'old_password_invalid' } });
    }
  }

  const hash = await hashPassword(body.newPassword);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await updateMember(trx, member.id, {
      password_hash: hash,
      must_change_password: false,
      password_changed_at: now,
      temp_password_hash: null,
      temp_password_expires_at: null,
    });
    await deps.sessions.revokeMemberSessions(trx, member.id, now, 'password_changed', auth.tokenHash);
    await deps.sessions.recordAudit(trx, ctx, 'password_changed', {
      memberId: member.id,
      account: member.account,
    });
  });
  return null;
}

/**
 * POST form /wps/member/password/email. When username and e-mail match an active real account, a
 * one-time temporary password (24 h) is e-mailed; it forces a change at the next login and leaves
 * the current password working, so a stranger's request locks nobody out. The answer, and the
 * work done (one argon2 hash), are the same whether the account exists or not.
 *
 * Throws AuthError: too_many_requests.
 */
export async function forgotPasswordByEmail(
  deps: MemberDeps,
  ctx: RequestContext,
  body: ForgotPasswordEmailBody,
): Promise<null> {
  const username = body.username.trim();
  const byIp = await deps.limits.passwordEmailPerIp.consume(ctx.ip);
  if (!byIp.allowed) throw new AuthError('too_many_requests', { retryAfterSeconds: byIp.retryAfterSeconds });
  const byAccount = await deps.limits.passwordEmailPerAccount.consume(
    accountLimitKey(ctx.merchantCode, username),
  );
  if (!byAccount.allowed)
    throw new AuthError('too_many_requests', { retryAfterSeconds: byAccount.retryAfterSeconds });

  const temp = generateTempPassword();
  const tempHash = await hashPassword(temp);
  const member = await findMemberByAccount(deps.db, ctx.merchantCode, username);
  const matches =
    !!member &&
    member.status === 'ACTIVE' &&
    !isTrialType(member.type) &&
    !!member.email &&
    member.email.toLowerCase() === body.email.trim().toLowerCase();

  if (!matches) {
    await deps.sessions.recordAudit(deps.db, ctx, 'password_reset_requested', {
      memberId: member?.id ?? null,
      account: username,
      detail: 'no_match',
    });
    return null;
  }
  const now = deps.clock();
  await updateMember(deps.db, member.id, {
    temp_password_hash: tempHash,
    temp_password_expires_at: new Date(now.getTime() + TEMP_PASSWORD_TTL_MS),
  });
  await deps.sessions.recordAudit(deps.db, ctx, 'password_reset_requested', {
    memberId: member.id,
    account: member.account,
    detail: 'sent',
  });
  const flags = await deps.settings.flags(ctx.merchantCode);
  const en = ctx.language === 'EN';
  await deps.email.send({
    to: member.email!,
    subject: en ? `${flags.siteName}: temporary password` : `${flags.siteName}: senha temporária`,
    body: en
      ? `Your temporary password is ${temp}\nIt works once, within 24 hours, and you will be asked to choose a new password. If you did not ask for it, ignore this e-mail: your current password still works.`
      : `Sua senha temporária é ${temp}\nEla funciona uma vez, nas próximas 24 horas, e você vai definir uma nova senha ao entrar. Se você não pediu, ignore este e-mail: sua senha atual continua valendo.`,
  });
  return null;
}

/**
 * POST /wps/member/password/verification (CHNGPASSVERIF3): new password with an SMS code sent by
 * /wps/verification/sms/noLogin; ends every session and logs in with the new password.
 *
 * Throws AuthError: feature_disabled, password_policy (value.fields), sms_code_invalid.
 */
export async function resetPasswordByPhone(
  deps: MemberDeps,
  ctx: RequestContext,
  body: ResetPasswordByPhoneBody,
): Promise<LoginValue> {
  const flags = await deps.settings.flags(ctx.merchantCode);
  if (!flags.CHNGPASSVERIF3) throw new AuthError('feature_disabled');
  const settings = await deps.settings.registerSettings(ctx.merchantCode);
  const rule = checkPasswordRule(body.newPassword, settings);
  if (rule) throw new AuthError('password_policy', { fields: { newPassword: rule } });

  const now = deps.clock();
  const recipient = toE164(body.countryDialingCode, body.mobileNum);
  const codeOk = await verifyCode(deps.db, {
    merchantCode: ctx.merchantCode,
    purpose: 'no_login',
    recipient,
    code: body.verificationCode,
    now,
  });
  const member = await findMemberByMobile(deps.db, ctx.merchantCode, recipient);
  if (!codeOk || !member || member.status !== 'ACTIVE' || isTrialType(member.type)) {
    await verifyAgainstDummy(body.newPassword);
    throw new AuthError('sms_code_invalid');
  }

  const hash = await hashPassword(body.newPassword);
  return deps.db.transaction().execute(async (trx) => {
    await updateMember(trx, member.id, {
      password_hash: hash,
      must_change_password: false,
      password_changed_at: now,
      temp_password_hash: null,
      temp_password_expires_at: null,
    });
    await deps.sessions.revokeMemberSessions(trx, member.id, now, 'password_reset');
    await deps.sessions.recordAudit(trx, ctx, 'password_reset', {
      memberId: member.id,
      account: member.account,
      detail: 'phone',
    });
    return deps.sessions.logIn(trx, ctx, { member, loginType: 'phone_reset', now });
  });
}

/** GET /wps/member/info. Open to trial accounts too: the client needs their type to show prompts. */
export async function getMemberInfo(deps: MemberDeps, auth: RouteAuth): Promise<MemberInfo> {
  const member = await findMemberById(deps.db, auth.memberId);
  if (!member) throw new AuthError('not_logged_in');
  const flags = await deps.settings.flags(member.merchant_code);
  return {
    id: member.id,
    account: member.account,
    nickname: member.nickname,
    type: member.type,
    isAgent: isAgentType(member.type),
    isTrial: isTrialType(member.type),
    vipLevel: member.vip_level,
    vipLabel: flags.vip.enabled ? flags.vip.labelName : null,
    mobileNum: member.mobile ? maskMobile(member.mobile) : null,
    email: member.email ? maskEmail(member.email) : null,
    createdAt: member.created_at.toISOString(),
  };
}

/** GET /wps/member/info/icon */
export async function getMemberIcon(deps: Pick<MemberDeps, 'db'>, auth: RouteAuth): Promise<MemberIcon> {
  const member = await findMemberById(deps.db, auth.memberId);
  if (!member) throw new AuthError('not_logged_in');
  return { iconUrl: member.icon_url };
}
