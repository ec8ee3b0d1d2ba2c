import type { RegisterFieldSetting, Whitelabel } from '@banca/contract';
import type { EmailProvider, SmsProvider } from '../../platform/providers/providers.ts';
import type { AuthLimits } from '../../platform/rate-limit/auth-limits.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import type { AccountDb } from './account-db.ts';

/** The white-label flags accounts and sessions obey (owned by the system module). */
export type AuthFlags = Pick<
  Whitelabel,
  | 'siteName'
  | 'USERNAMEREG3'
  | 'MOBILENUMREG3'
  | 'REGMOBVERF3'
  | 'MOBREGPASS3'
  | 'FREEPLAY3'
  | 'CHNGPASSVERIF3'
  | 'MOBCODELOGIN3'
  | 'PWDEXPIRY3'
  | 'vip'
  | 'socialLogin'
>;

/** Read through the system module's service, never its tables. */
export interface MerchantSettingsSource {
  flags(merchantCode: string): Promise<AuthFlags>;
  registerSettings(merchantCode: string): Promise<RegisterFieldSetting[]>;
}

/** Everything the account services need, passed in so tests can use a real PGlite and fakes. */
export interface AuthDeps {
  db: AccountDb;
  limits: AuthLimits;
  sms: SmsProvider;
  email: EmailProvider;
  settings: MerchantSettingsSource;
  clock: () => Date;
  /** Non-production only: told each captcha's answer, so the dev page and e2e tests can solve it. */
  captchaIssued?: (captchaId: string, answer: string) => void;
}

/** Who is asking, as the HTTP layer sees it. */
export interface RequestContext {
  merchantCode: string;
  ip: string;
  userAgent: string | null;
  language?: 'PT' | 'EN';
}

/** A valid session, as `authenticate` returns it for token calls; the edge's RouteAuth. */
export type AuthContext = RouteAuth;
