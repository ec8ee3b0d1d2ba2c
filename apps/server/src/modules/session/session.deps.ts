import type { Db } from '../../database.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import type { EmailProvider, SmsProvider } from '../../platform/providers/providers.ts';
import type { AuthLimits } from '../../platform/rate-limit/auth-limits.ts';
import type { MerchantSettingsSource } from '../system/index.ts';

export type { RequestContext } from '../../platform/http/request-context.ts';
export type { AuthFlags, MerchantSettingsSource } from '../system/index.ts';

/** Everything the session services need, passed in so tests can use a real database and fakes. */
export interface AuthDeps {
  db: Db;
  limits: AuthLimits;
  sms: SmsProvider;
  email: EmailProvider;
  settings: MerchantSettingsSource;
  clock: () => Date;
}

/** A valid session, as `authenticate` returns it for token calls; the edge's RouteAuth. */
export type AuthContext = RouteAuth;
