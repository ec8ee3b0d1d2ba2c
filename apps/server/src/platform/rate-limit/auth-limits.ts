import {
  createRateLimiter,
  type RateLimiter,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limiter.ts';

/**
 * The named limits of accounts and sessions (issue 3, "Abuse limits"). Keys are chosen by the
 * services (account keys include the merchant). Each rule can be overridden, e.g. by tests.
 */
export const AUTH_LIMIT_RULES = {
  /** Failed logins per account: at most 100 an hour. */
  loginFailuresPerAccount: { points: 100, durationSeconds: 3600 },
  /** Failed logins per IP: at most 100 an hour. */
  loginFailuresPerIp: { points: 100, durationSeconds: 3600 },
  /** Failures counted for the captcha decision, per account; read with peek. */
  captchaFailuresPerAccount: { points: 1_000, durationSeconds: 3600 },
  /** Per IP too, so one address spraying many accounts meets the captcha; a higher threshold below
   *  because many people share an address behind NAT. */
  captchaFailuresPerIp: { points: 1_000, durationSeconds: 3600 },
  /** SMS codes: one a minute per number... */
  smsPerNumberMinute: { points: 1, durationSeconds: 60 },
  /** ...ten an hour per number... */
  smsPerNumberHour: { points: 10, durationSeconds: 3600 },
  /** ...and thirty an hour per IP (SMS pumping). */
  smsPerIpHour: { points: 30, durationSeconds: 3600 },
  /** Registrations per IP (bot mass-registration). */
  registrationsPerIp: { points: 10, durationSeconds: 3600 },
  /** Trial accounts per IP (each one is a row and play money). */
  freePlayPerIp: { points: 20, durationSeconds: 3600 },
  /** Forgot-password e-mails per IP and per account (mail bombing). */
  passwordEmailPerIp: { points: 10, durationSeconds: 3600 },
  passwordEmailPerAccount: { points: 3, durationSeconds: 3600 },
  /** Social sign-in starts per IP (each one writes a state row and calls the provider). */
  socialStartsPerIp: { points: 30, durationSeconds: 3600 },
  /** Failed operator (back-office) logins per name and per IP: tighter, operators hold money powers. */
  operatorLoginFailuresPerAccount: { points: 10, durationSeconds: 900 },
  operatorLoginFailuresPerIp: { points: 30, durationSeconds: 3600 },
  /** Captcha images per IP (rendering costs CPU). */
  captchaImagesPerIp: { points: 60, durationSeconds: 60 },
} as const satisfies Record<string, Omit<RateLimitRule, 'name'>>;

export type AuthLimitName = keyof typeof AUTH_LIMIT_RULES;
export type AuthLimits = Record<AuthLimitName, RateLimiter>;

/** The captcha appears from the third failure on (per account), or the twentieth per IP. */
export const CAPTCHA_THRESHOLDS = { perAccount: 3, perIp: 20 } as const;

export function createAuthLimits(
  store: RateLimitStore,
  overrides: Partial<Record<AuthLimitName, Partial<Omit<RateLimitRule, 'name'>>>> = {},
): AuthLimits {
  const entries = (Object.keys(AUTH_LIMIT_RULES) as AuthLimitName[]).map((name) => {
    const rule = { name, ...AUTH_LIMIT_RULES[name], ...overrides[name] };
    return [name, createRateLimiter(rule, store)] as const;
  });
  return Object.fromEntries(entries) as AuthLimits;
}

/** Limiter key of an account: per merchant, case-insensitive like the account itself. */
export const accountLimitKey = (merchantCode: string, identity: string): string =>
  `${merchantCode}:${identity.toLowerCase()}`;
