import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerVerificationRoutes, type VerificationRouteDeps } from './verification.routes.ts';

/**
 * The verification module: captchas and one-time codes (SMS, e-mail), below member and session, which
 * both check them. Owns the `captcha` and `verification_code` tables; its repository is private.
 */
export { checkCaptcha, issueCaptcha } from './captcha.service.ts';
export {
  checkCode,
  CODE_TTL_MS,
  deleteExpiredVerifications,
  findChallengeCode,
  issueCode,
  spendCheckedCode,
  verifyCode,
  type CodeRow,
} from './verification.service.ts';
export { maskEmail, maskMobile, toE164 } from './recipients.ts';
export type { VerificationDeps } from './verification.deps.ts';

export const verificationModule: ServerModule<VerificationRouteDeps> = {
  name: 'verification',
  register: registerVerificationRoutes,
};
