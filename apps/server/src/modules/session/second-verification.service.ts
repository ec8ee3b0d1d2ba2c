import type { SecondVerificationValue, VerificationChannel } from '@banca/contract';
import { generateId } from '../../platform/crypto/token.ts';
import type { MemberView } from '../member/index.ts';
import { CODE_TTL_MS, issueCode, maskEmail, maskMobile } from '../verification/index.ts';
import type { AuthDeps, AuthFlags, RequestContext } from './session.deps.ts';
import { insertChallenge } from './session.repository.ts';
import { recordAudit } from './session.service.ts';

/** A second-verification challenge lives as long as its codes and allows this many wrong tries. */
export const CHALLENGE_TTL_MS = CODE_TTL_MS;
export const MAX_CHALLENGE_ATTEMPTS = 5;

/**
 * A login from an IP this member has not used asks a second step when there is somewhere to send
 * codes: one by SMS to the bound mobile and one by e-mail to the bound address.
 */
export async function issueSecondVerification(
  deps: AuthDeps,
  ctx: RequestContext,
  member: MemberView,
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
