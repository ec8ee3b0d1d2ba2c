import type { Db } from '../../database.ts';
import type { AuthLimits } from '../../platform/rate-limit/auth-limits.ts';

/** What the captcha call needs; the app passes its one account-services bag, which has all of it. */
export interface VerificationDeps {
  db: Db;
  limits: AuthLimits;
  clock: () => Date;
  /** Non-production only: told each captcha's answer, so the dev page and e2e tests can solve it. */
  captchaIssued?: (captchaId: string, answer: string) => void;
}
