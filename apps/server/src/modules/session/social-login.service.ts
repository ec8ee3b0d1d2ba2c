import { randomBytes, randomInt } from 'node:crypto';
import * as oidc from 'openid-client';
import {
  isTrialType,
  SOCIAL_RETURN_TO_MAX,
  socialCallbackPath,
  type SocialErrorCode,
  type SocialProvider,
} from '@banca/contract';
import { sha256Hex } from '../../platform/crypto/token.ts';
import type { OidcClients } from '../../platform/oidc/oidc-clients.ts';
import {
  createSocialMember,
  findMemberBySocialLogin,
  touchSocialLogin,
  type MemberView,
} from '../member/index.ts';
import type { AuthDeps, RequestContext } from './session.deps.ts';
import { logIn, recordAudit } from './session.service.ts';
import {
  deleteExpiredSocialLoginStates,
  insertSocialLoginState,
  takeSocialLoginState,
} from './social-login.repository.ts';

/** A sign-in must come back from the provider within this time. */
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;
/** Scopes asked of every provider: the id token's subject, plus e-mail and name for a new account. */
export const SOCIAL_SCOPE = 'openid email profile';

/** A failed social sign-in, as the code the site shows (`/?socialError=<code>`). */
export class SocialLoginError extends Error {
  override name = 'SocialLoginError';
  constructor(
    readonly code: SocialErrorCode,
    /** For the log only (never shown to the member). */
    readonly reason?: unknown,
  ) {
    super(code);
  }
}

export interface SocialLoginDeps {
  auth: AuthDeps;
  oidc: OidcClients;
  /** The site's external base URL, without trailing slash (PUBLIC_URL). */
  publicUrl: string;
}

export const socialRedirectUri = (publicUrl: string, provider: SocialProvider): string =>
  `${publicUrl}${socialCallbackPath(provider)}`;

const PLACEHOLDER_ORIGIN = 'http://return-to.invalid';

/** Backslashes and control characters (tab, newline, DEL, ...). */
const unsafeInPath = (c: string): boolean => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * Where to go after signing in: a same-site absolute path ('/wallet?tab=1'), never another site
 * ('//evil.example', 'https://...', '/\\evil.example', 'javascript:'); anything else becomes '/'.
 */
export function safeReturnTo(raw: string | undefined): string {
  if (!raw || raw.length > SOCIAL_RETURN_TO_MAX) return '/';
  // Browsers treat '\' as '/' and drop tabs and newlines inside URLs: refuse rather than normalise.
  if (!raw.startsWith('/') || raw.startsWith('//') || [...raw].some(unsafeInPath)) return '/';
  try {
    const url = new URL(raw, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
    // A token from an earlier sign-in must not ride along.
    url.searchParams.delete('token');
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** returnTo with `?token=` added (before any #fragment), which the site moves into session storage. */
export function withToken(returnTo: string, token: string): string {
  const url = new URL(returnTo, PLACEHOLDER_ORIGIN);
  url.searchParams.set('token', token);
  return `${url.pathname}${url.search}${url.hash}`;
}

async function providerEnabled(deps: SocialLoginDeps, ctx: RequestContext, provider: SocialProvider) {
  // The white-label flags already fold in "configured on this server" (SystemService.whitelabel).
  const flags = await deps.auth.settings.flags(ctx.merchantCode);
  return flags.socialLogin[provider] && deps.oidc.configured(provider);
}

async function clientFor(deps: SocialLoginDeps, provider: SocialProvider): Promise<oidc.Configuration> {
  try {
    return await deps.oidc.get(provider);
  } catch (err) {
    throw new SocialLoginError('provider_unavailable', err);
  }
}

export interface SocialStart {
  /** The provider's authorization URL with state, nonce and the PKCE challenge. */
  location: string;
  /** Goes into an HttpOnly cookie; the callback must present it (binds the sign-in to this browser). */
  browserSecret: string;
}

/**
 * GET /wps/session/social/:provider/start. The PKCE verifier, state and nonce stay server-side in a
 * single-use row keyed by the state's hash. Throws SocialLoginError (provider_disabled,
 * provider_unavailable).
 */
export async function startSocialLogin(
  deps: SocialLoginDeps,
  ctx: RequestContext,
  provider: SocialProvider,
  returnTo: string | undefined,
): Promise<SocialStart> {
  if (!(await providerEnabled(deps, ctx, provider))) throw new SocialLoginError('provider_disabled');
  const allowance = await deps.auth.limits.socialStartsPerIp.consume(ctx.ip);
  if (!allowance.allowed) throw new SocialLoginError('too_many_requests');
  const config = await clientFor(deps, provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const browserSecret = randomBytes(32).toString('base64url');
  const now = deps.auth.clock();
  await deleteExpiredSocialLoginStates(deps.auth.db, now);
  await insertSocialLoginState(deps.auth.db, {
    state_hash: sha256Hex(state),
    merchant_code: ctx.merchantCode,
    provider,
    code_verifier: codeVerifier,
    nonce,
    browser_hash: sha256Hex(browserSecret),
    return_to: safeReturnTo(returnTo),
    ip: ctx.ip,
    created_at: now,
    expires_at: new Date(now.getTime() + SOCIAL_STATE_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: socialRedirectUri(deps.publicUrl, provider),
    scope: SOCIAL_SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: url.href, browserSecret };
}

// --- the member behind a provider identity --------------------------------------------------------

const isUniqueViolation = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === '23505';

const stringClaim = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;

/** "maria.silva@gmail.com" → "mariasilva4821": recognisable, unique enough, retried on a clash. */
function socialAccountName(provider: SocialProvider, email: string | null, name: string | null): string {
  const source = email?.slice(0, email.indexOf('@')) || name || provider;
  let base = source
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 12);
  if (!/^[a-z]/.test(base)) base = `${provider}${base}`.slice(0, 12);
  return `${base}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * The member linked to (provider, subject), or a new one: type member, no password (it can only sign
 * in this way until one is set through "forgot password"), e-mail only when the provider vouches for
 * it. Never linked to an existing account by e-mail: whoever controls a provider account with the
 * same address would otherwise take over the member.
 */
async function findOrCreateMember(
  deps: SocialLoginDeps,
  ctx: RequestContext,
  provider: SocialProvider,
  claims: oidc.IDToken,
  /** E-mail and name when the id token has none (the UserInfo endpoint); asked only for a new member. */
  moreClaims: () => Promise<Record<string, unknown>>,
): Promise<{ member: MemberView; created: boolean }> {
  const { db } = deps.auth;
  const existing = await findMemberBySocialLogin(db, ctx.merchantCode, provider, claims.sub);
  if (existing) return { member: existing, created: false };

  const profile: Record<string, unknown> =
    claims.email === undefined ? { ...(await moreClaims()), ...claims } : claims;
  const email = profile.email_verified === true ? stringClaim(profile.email, 254) : null;
  const name = stringClaim(profile.name, 64);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const member = await db.transaction().execute(async (trx) => {
        const row = await createSocialMember(trx, {
          merchantCode: ctx.merchantCode,
          provider,
          subject: claims.sub,
          account: socialAccountName(provider, email, name),
          email,
          nickname: name,
          ip: ctx.ip,
        });
        await recordAudit(trx, ctx, 'register', {
          memberId: row.id,
          account: row.account,
          detail: `social:${provider}`,
        });
        return row;
      });
      return { member, created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Either the generated account name was taken (try another) or a parallel callback of the same
      // person linked the identity first (use that member).
      const raced = await findMemberBySocialLogin(db, ctx.merchantCode, provider, claims.sub);
      if (raced) return { member: raced, created: false };
    }
  }
  throw new SocialLoginError('server_error', new Error('no free account name after 5 tries'));
}

// --- the callback -------------------------------------------------------------------------------

export interface SocialCallbackInput {
  /** The raw query string of the callback request (without '?'), exactly as the provider sent it. */
  search: string;
  state: string | undefined;
  error: string | undefined;
  /** The cookie value set by start, if the browser sent it. */
  browserSecret: string | undefined;
}

/**
 * GET /wps/session/social/:provider/callback. Spends the state, lets openid-client check the
 * response (state, iss, PKCE, id token signature, audience, expiry and nonce), then finds or creates
 * the member and starts a session. Returns where to send the browser (returnTo with ?token=).
 * Throws SocialLoginError; every failure after the state lookup is audited.
 */
export async function completeSocialLogin(
  deps: SocialLoginDeps,
  ctx: RequestContext,
  provider: SocialProvider,
  input: SocialCallbackInput,
): Promise<string> {
  try {
    return await callback(deps, ctx, provider, input);
  } catch (err) {
    const code = err instanceof SocialLoginError ? err.code : 'server_error';
    await recordAudit(deps.auth.db, ctx, 'social_login_failed', { detail: `${provider}:${code}` });
    throw err;
  }
}

async function callback(
  deps: SocialLoginDeps,
  ctx: RequestContext,
  provider: SocialProvider,
  input: SocialCallbackInput,
): Promise<string> {
  const now = deps.auth.clock();
  if (!input.state) throw new SocialLoginError('state_invalid');
  const row = await takeSocialLoginState(deps.auth.db, sha256Hex(input.state), now);
  if (!row || row.merchant_code !== ctx.merchantCode || row.provider !== provider) {
    throw new SocialLoginError('state_invalid');
  }
  if (!input.browserSecret || sha256Hex(input.browserSecret) !== row.browser_hash) {
    throw new SocialLoginError('state_invalid');
  }
  if (row.expires_at <= now) throw new SocialLoginError('expired');
  if (!(await providerEnabled(deps, ctx, provider))) throw new SocialLoginError('provider_disabled');
  if (input.error) {
    throw new SocialLoginError(
      input.error === 'access_denied' ? 'access_denied' : 'provider_error',
      input.error,
    );
  }

  const config = await clientFor(deps, provider);
  // The redirect URI we registered, with the provider's parameters: also what the token request
  // sends as redirect_uri, whatever host or proxy the request came through.
  const currentUrl = new URL(socialRedirectUri(deps.publicUrl, provider));
  currentUrl.search = input.search;
  let claims: oidc.IDToken | undefined;
  let accessToken = '';
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: row.code_verifier,
      expectedState: input.state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    accessToken = tokens.access_token;
  } catch (err) {
    // A network failure is the provider being unreachable; anything else is an answer we refuse.
    const network = err instanceof TypeError || (err as { name?: string } | null)?.name === 'TimeoutError';
    throw new SocialLoginError(network ? 'provider_unavailable' : 'provider_error', err);
  }
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 255) {
    throw new SocialLoginError('provider_error', new Error('id token without a usable sub'));
  }

  const sub = claims.sub;
  const userInfo = async (): Promise<Record<string, unknown>> => {
    if (!config.serverMetadata().userinfo_endpoint) return {};
    try {
      // Checked against the id token's subject by the library.
      return await oidc.fetchUserInfo(config, accessToken, sub);
    } catch {
      return {}; // the account is still created, just without e-mail or name
    }
  };
  const { member } = await findOrCreateMember(deps, ctx, provider, claims, userInfo);
  if (member.status !== 'ACTIVE' || isTrialType(member.type)) {
    await recordAudit(deps.auth.db, ctx, 'login_refused', {
      memberId: member.id,
      account: member.account,
      detail: `social:${provider}`,
    });
    throw new SocialLoginError('account_refused');
  }
  const { token } = await logIn(deps.auth.db, ctx, {
    member,
    loginType: 'social',
    now: deps.auth.clock(),
    audit: { event: 'login', detail: `social:${provider}` },
  });
  await touchSocialLogin(deps.auth.db, ctx.merchantCode, provider, claims.sub, now);
  return withToken(row.return_to, token);
}
