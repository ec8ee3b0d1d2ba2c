import type { CaptchaValue } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { captchaAnswerMatches, renderCaptcha } from '../../platform/captcha/captcha.ts';
import { AuthError } from '../../platform/http/auth-error.ts';
import type { RequestContext } from '../../platform/http/request-context.ts';
import type { VerificationDeps } from './verification.deps.ts';
import { deleteExpiredCaptchas, insertCaptcha, takeCaptcha } from './verification.repository.ts';

/** GET /wps/captcha: a new image; only the hash of its answer is stored. */
export async function issueCaptcha(deps: VerificationDeps, ctx: RequestContext): Promise<CaptchaValue> {
  const d = await deps.limits.captchaImagesPerIp.consume(ctx.ip);
  if (!d.allowed) throw new AuthError('too_many_requests', { retryAfterSeconds: d.retryAfterSeconds });
  const now = deps.clock();
  const c = renderCaptcha(now);
  await insertCaptcha(deps.db, { id: c.id, answerHash: c.answerHash, now, expiresAt: c.expiresAt });
  deps.captchaIssued?.(c.id, c.answer);
  // Keeps the table small without a job: expired rows are useless an hour later.
  if (Math.random() < 0.01) await deleteExpiredCaptchas(deps.db, new Date(now.getTime() - 3600_000));
  return { captchaId: c.id, image: c.image };
}

/** One attempt per captcha: it is spent whether the answer is right or not. */
export async function checkCaptcha(
  db: DbOrTrx,
  captchaId: string | undefined,
  answer: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!captchaId || !answer) return false;
  const hash = await takeCaptcha(db, captchaId, now);
  return hash !== undefined && captchaAnswerMatches(captchaId, answer, hash);
}
