import { SMS_COUNTDOWN_DEFAULT_MINUTES, type SmsCodeBody, type SmsCodeValue } from '@banca/contract';
import { hexDigestsEqual, sha256Hex } from '../../platform/crypto/token.ts';
import { findMemberByMobile } from '../member/member.repository.ts';
import type { AccountDbOrTrx } from './account-db.ts';
import type { AuthDeps, RequestContext } from './session.deps.ts';
import { AuthError } from './session.errors.ts';
import { generateNumericCode, toE164 } from './session.helpers.ts';
import {
  findLiveCode,
  incrementCodeAttempts,
  insertVerificationCode,
  invalidateCodes,
  markCodeUsed,
} from './session.repository.ts';
import type { VerificationPurpose } from './session.table.ts';

/** A code stays valid this long; the client's resend countdown (expiredMinutes) is shorter. */
export const CODE_TTL_MS = 5 * 60 * 1000;
/** Wrong guesses allowed per code before it is dead: 5 in a million is no brute-force. */
export const MAX_CODE_ATTEMPTS = 5;

export const hashCode = (purpose: string, recipient: string, code: string): string =>
  sha256Hex(`${purpose}:${recipient}:${code}`);

const smsText = (site: string, code: string, lang: 'PT' | 'EN' = 'PT'): string =>
  lang === 'EN'
    ? `${site}: your verification code is ${code}. It expires in 5 minutes. Never share it.`
    : `${site}: seu código de verificação é ${code}. Ele expira em 5 minutos. Não compartilhe.`;

/** Applies the SMS limits (per IP, then per number) and throws too_many_requests on the first refusal. */
async function consumeSmsLimits(deps: AuthDeps, ctx: RequestContext, recipient: string): Promise<void> {
  const checks = [
    () => deps.limits.smsPerIpHour.consume(ctx.ip),
    () => deps.limits.smsPerNumberMinute.consume(recipient),
    () => deps.limits.smsPerNumberHour.consume(recipient),
  ];
  for (const check of checks) {
    const d = await check();
    if (!d.allowed) throw new AuthError('too_many_requests', { retryAfterSeconds: d.retryAfterSeconds });
  }
}

/** Stores a fresh code (replacing older ones) and returns it in clear for sending. */
export async function issueCode(
  db: AccountDbOrTrx,
  args: {
    merchantCode: string;
    purpose: VerificationPurpose;
    channel: 'sms' | 'email';
    recipient: string;
    challengeId?: string;
    now: Date;
  },
): Promise<string> {
  const code = generateNumericCode();
  if (!args.challengeId) await invalidateCodes(db, args.merchantCode, args.purpose, args.recipient, args.now);
  await insertVerificationCode(db, {
    merchant_code: args.merchantCode,
    purpose: args.purpose,
    channel: args.channel,
    recipient: args.recipient,
    challenge_id: args.challengeId ?? null,
    code_hash: hashCode(args.purpose, args.recipient, code),
    created_at: args.now,
    expires_at: new Date(args.now.getTime() + CODE_TTL_MS),
  });
  return code;
}

type CodeRow = { id: number; purpose: string; recipient: string; code_hash: string; attempts: number };

/** Checks a code row without spending it; a wrong guess is counted. */
export async function checkCode(
  db: AccountDbOrTrx,
  row: CodeRow | undefined,
  code: string,
): Promise<boolean> {
  if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return false;
  if (!hexDigestsEqual(hashCode(row.purpose, row.recipient, code), row.code_hash)) {
    await incrementCodeAttempts(db, row.id);
    return false;
  }
  return true;
}

/** Checks a code row and spends it: counts a wrong guess, and succeeds at most once. */
export async function spendCode(
  db: AccountDbOrTrx,
  row: CodeRow | undefined,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!(await checkCode(db, row, code))) return false;
  return markCodeUsed(db, row!.id, now);
}

export async function verifyCode(
  db: AccountDbOrTrx,
  args: { merchantCode: string; purpose: VerificationPurpose; recipient: string; code: string; now: Date },
): Promise<boolean> {
  const row = await findLiveCode(db, args.merchantCode, args.purpose, args.recipient, args.now);
  return spendCode(db, row, args.code, args.now);
}

/**
 * POST /wps/verification/sms/register and /noLogin. For noLogin the code is sent only when the number
 * belongs to a member who may log in, yet the answer is the same either way: it reveals nothing and
 * nobody can pump SMS to arbitrary numbers through it.
 */
export async function sendSmsCode(
  deps: AuthDeps,
  ctx: RequestContext,
  body: SmsCodeBody,
  purpose: 'register' | 'no_login',
): Promise<SmsCodeValue> {
  const flags = await deps.settings.flags(ctx.merchantCode);
  const enabled = purpose === 'register' ? flags.REGMOBVERF3 : flags.MOBCODELOGIN3 || flags.CHNGPASSVERIF3;
  if (!enabled) throw new AuthError('feature_disabled');

  const recipient = toE164(body.countryDialingCode, body.mobileNum);
  await consumeSmsLimits(deps, ctx, recipient);
  const now = deps.clock();
  const member = await findMemberByMobile(deps.db, ctx.merchantCode, recipient);

  if (purpose === 'register') {
    // Registration would refuse the number anyway; do not spend an SMS on it.
    if (member) throw new AuthError('mobile_exists', { fields: { mobileNum: 'mobile_exists' } });
  } else if (!member || member.status !== 'ACTIVE' || member.type === 4) {
    return { expiredMinutes: SMS_COUNTDOWN_DEFAULT_MINUTES };
  }

  const code = await issueCode(deps.db, {
    merchantCode: ctx.merchantCode,
    purpose,
    channel: 'sms',
    recipient,
    now,
  });
  await deps.sms.send({ to: recipient, body: smsText(flags.siteName, code, ctx.language) });
  return { expiredMinutes: SMS_COUNTDOWN_DEFAULT_MINUTES };
}
