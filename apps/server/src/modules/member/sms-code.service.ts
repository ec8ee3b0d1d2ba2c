import { SMS_COUNTDOWN_DEFAULT_MINUTES, type SmsCodeBody, type SmsCodeValue } from '@banca/contract';
import { AuthError } from '../../platform/http/auth-error.ts';
import type { RequestContext } from '../../platform/http/request-context.ts';
import { issueCode, toE164 } from '../verification/index.ts';
import type { MemberDeps } from './member.deps.ts';
import { findMemberByMobile } from './member.repository.ts';
import { checkRegistrationAllowed } from './registration.service.ts';

const smsText = (site: string, code: string, lang: 'PT' | 'EN' = 'PT'): string =>
  lang === 'EN'
    ? `${site}: your verification code is ${code}. It expires in 5 minutes. Never share it.`
    : `${site}: seu código de verificação é ${code}. Ele expira em 5 minutos. Não compartilhe.`;

/** Applies the SMS limits (per IP, then per number) and throws too_many_requests on the first refusal. */
async function consumeSmsLimits(
  deps: Pick<MemberDeps, 'limits'>,
  ctx: RequestContext,
  recipient: string,
): Promise<void> {
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

/**
 * POST /wps/verification/sms/register and /noLogin. Here, in the member module, because whether a
 * code goes out depends on member rows: for noLogin the code is sent only when the number belongs to
 * a member who may log in, yet the answer is the same either way: it reveals nothing and nobody can
 * pump SMS to arbitrary numbers through it. The code itself is the verification module's.
 */
export async function sendSmsCode(
  deps: Pick<MemberDeps, 'db' | 'limits' | 'settings' | 'clock' | 'sms'>,
  ctx: RequestContext,
  body: SmsCodeBody,
  purpose: 'register' | 'no_login',
): Promise<SmsCodeValue> {
  const flags = await deps.settings.flags(ctx.merchantCode);
  const enabled = purpose === 'register' ? flags.REGMOBVERF3 : flags.MOBCODELOGIN3 || flags.CHNGPASSVERIF3;
  if (!enabled) throw new AuthError('feature_disabled');

  // A code for a registration the address may not make now would be sent for nothing.
  if (purpose === 'register') await checkRegistrationAllowed(deps, ctx);
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
