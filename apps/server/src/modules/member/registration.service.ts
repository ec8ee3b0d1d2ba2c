import {
  MEMBER_TYPE,
  mobileNumSchema,
  validateRegisterFields,
  type LoginValue,
  type RegisterBody,
  type RegisterField,
  type RegisterMode,
} from '@banca/contract';
import { hashPassword } from '../../platform/crypto/password.ts';
import { AuthError } from '../../platform/http/auth-error.ts';
import type { RequestContext } from '../../platform/http/request-context.ts';
import { checkCaptcha, toE164, verifyCode } from '../verification/index.ts';
import type { MemberDeps } from './member.deps.ts';
import { findAffiliate, findMemberByAccount, findMemberByMobile, insertMember } from './member.repository.ts';
import { recordEvent } from '../../platform/events/event-catalogue.ts';
import { memberRegistered } from './member.events.ts';

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
 * GET /wps/member/register/check: whether this address may register now, asked when the form opens,
 * so the limit is told before the captcha is solved or an SMS code sent. Counts nothing (register
 * counts); throws too_many_requests (value.retryAfterSeconds) when the limit is reached.
 */
export async function checkRegistrationAllowed(
  deps: Pick<MemberDeps, 'limits'>,
  ctx: Pick<RequestContext, 'ip'>,
): Promise<{ allowed: true }> {
  const limit = await deps.limits.registrationsPerIp.check(ctx.ip);
  if (!limit.allowed)
    throw new AuthError('too_many_requests', { retryAfterSeconds: limit.retryAfterSeconds });
  return { allowed: true };
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
