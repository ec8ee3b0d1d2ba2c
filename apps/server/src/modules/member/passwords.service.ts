import {
  checkPasswordRule,
  isTrialType,
  type ChangePasswordBody,
  type ForgotPasswordEmailBody,
  type LoginValue,
  type ResetPasswordByPhoneBody,
} from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/crypto/password.ts';
import { AuthError, requireRealAccount } from '../../platform/http/auth-error.ts';
import type { RequestContext } from '../../platform/http/request-context.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { accountLimitKey } from '../../platform/rate-limit/auth-limits.ts';
import { toE164, verifyCode } from '../verification/index.ts';
import { memberView, type MemberView } from './member-view.ts';
import type { MemberDeps } from './member.deps.ts';
import {
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  updateMember,
} from './member.repository.ts';
import { generateTempPassword } from './temp-password.ts';

/*
 * Members' login passwords: checking one (the session module's login, the wallet's confirmation of a
 * money setting), changing it, and the two ways back in (a temporary password by e-mail, a reset by
 * SMS code). The hashes never leave this module: other modules get a verdict and a MemberView.
 */

/** A temporary password from "forgot by e-mail" works for this long, once. */
export const TEMP_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The password check of a login by account name: the member (when the account exists) and whether
 * `password` is its login password or its live temporary one. The same argon2 work is done whether
 * or not the account exists or has a password, so timing tells nothing.
 */
export async function checkLoginPassword(
  db: DbOrTrx,
  args: { merchantCode: string; account: string; password: string; now: Date },
): Promise<{ member: MemberView | undefined; verdict: 'password' | 'temp_password' | 'wrong' }> {
  const row = await findMemberByAccount(db, args.merchantCode, args.account);
  const member = row ? memberView(row) : undefined;
  if (row?.password_hash) {
    if (await verifyPassword(row.password_hash, args.password)) return { member, verdict: 'password' };
  } else {
    await verifyAgainstDummy(args.password);
  }
  if (row?.temp_password_hash && row.temp_password_expires_at && row.temp_password_expires_at > args.now) {
    if (await verifyPassword(row.temp_password_hash, args.password))
      return { member, verdict: 'temp_password' };
  }
  return { member, verdict: 'wrong' };
}

/**
 * A check of the member's login password: reads the hash now, answers later whether `plain` is the
 * password (false when it has none: the caller asks only of a member whose view says
 * has_login_password, e.g. the wallet before a money setting changes). Read first and checked later
 * because the wallet checks inside its own transaction (its lock row), where a second read through
 * the root db would wait for the one connection PGlite has. The hash stays in the closure.
 */
export async function memberPasswordVerifier(
  db: DbOrTrx,
  memberId: number,
): Promise<(plain: string) => Promise<boolean>> {
  const hash = (await findMemberById(db, memberId))?.password_hash ?? null;
  return async (plain) => {
    if (!hash) {
      await verifyAgainstDummy(plain);
      return false;
    }
    return verifyPassword(hash, plain);
  };
}

/** A temporary password works once: spent, and the member must choose a new password. */
export async function spendTempPassword(db: DbOrTrx, member: MemberView): Promise<MemberView> {
  const patch = { temp_password_hash: null, temp_password_expires_at: null, must_change_password: true };
  await updateMember(db, member.id, patch);
  return { ...member, must_change_password: true };
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
