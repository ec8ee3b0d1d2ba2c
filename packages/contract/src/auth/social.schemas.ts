/**
 * Social sign-in (issue 3 item 7): OpenID Connect authorization-code flow with PKCE against Google
 * and Facebook. These calls are browser navigations: they answer redirects, and failures the member
 * should see come back to the site as `/?socialError=<code>` (SOCIAL_ERROR_CODES), never as a page
 * of JSON. Only an unknown provider answers the 404 envelope.
 */
import { z } from 'zod';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const isSocialProvider = (value: string): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(value);

/** The query key the site reads after a failed social sign-in (`/?socialError=access_denied`). */
export const SOCIAL_ERROR_PARAM = 'socialError';

export const SOCIAL_ERROR_CODES = [
  /** The provider is not configured on the server or switched off for this merchant. */
  'provider_disabled',
  /** The provider could not be reached (discovery or token exchange failed on the network). */
  'provider_unavailable',
  /** The member declined on the provider's page. */
  'access_denied',
  /** Unknown, forged, replayed or foreign state (or the browser that started is not this one). */
  'state_invalid',
  /** The sign-in took longer than the state's lifetime (10 minutes). */
  'expired',
  /** The provider answered an error, or its answer failed validation (id token, nonce, PKCE). */
  'provider_error',
  /** The linked account is disabled or may not sign in this way. */
  'account_refused',
  /** Too many sign-ins started from this address; retry later. */
  'too_many_requests',
  /** Anything unexpected on our side (logged with the request id). */
  'server_error',
] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

/** Where the member returns after signing in: a same-site path; anything else is replaced by '/'. */
export const SOCIAL_RETURN_TO_MAX = 512;

/** `:provider` of the social calls; an unknown name answers 404 (not 400), like an unknown path. */
export const socialProviderParamsSchema = z.strictObject({
  provider: z.string().max(32),
});

/** GET /wps/session/social/:provider/start. returnTo is sanitised by the server, not refused. */
export const socialStartQuerySchema = z.strictObject({
  returnTo: z.string().max(4096).optional(),
});
export type SocialStartQuery = z.infer<typeof socialStartQuerySchema>;

/**
 * GET /wps/session/social/:provider/callback: the provider's authorization response (RFC 6749 4.1.2,
 * RFC 9207 iss). Providers add their own keys (Google: scope, authuser, prompt, hd), so unknown keys
 * pass; the OpenID client library checks the whole response.
 */
export const socialCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
export type SocialCallbackQuery = z.infer<typeof socialCallbackQuerySchema>;
