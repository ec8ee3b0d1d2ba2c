import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSocialProvider, SOCIAL_ERROR_PARAM, socialRoutes, type SocialProvider } from '@banca/contract';
import { AppError } from '../../platform/http/app-error.ts';
import { registerRedirectRoute } from '../../platform/http/contract-route.ts';
import { requestContext } from '../../platform/http/request-context.ts';
import type { AuthRouteDeps } from './session.routes.ts';
import {
  completeSocialLogin,
  SOCIAL_STATE_TTL_MS,
  SocialLoginError,
  startSocialLogin,
  type SocialLoginDeps,
} from './social-login.service.ts';

/** Binds a sign-in to the browser that started it (against login CSRF: someone else's callback URL). */
export const SOCIAL_COOKIE = 'banca_social';
const COOKIE_PATH = '/wps/session/social';

export interface SocialRouteDeps extends AuthRouteDeps {
  social: Omit<SocialLoginDeps, 'auth'>;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

function setCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  // SameSite=Lax: sent on the provider's top-level redirect back to us, not on cross-site subrequests.
  reply.header(
    'set-cookie',
    `${SOCIAL_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

const providerOf = (name: string): SocialProvider => {
  // An unknown provider is an unknown page: the 404 envelope, like any other missing path.
  if (!isSocialProvider(name)) throw new AppError('not_found');
  return name;
};

/** Every failure goes back to the site with a code it can show; a fault of ours is also logged. */
function failureLocation(request: FastifyRequest, err: unknown): string {
  if (err instanceof SocialLoginError) {
    if (err.code === 'server_error') request.log.error({ err: err.reason ?? err }, 'social sign-in failed');
    else request.log.info({ code: err.code, reason: String(err.reason ?? '') }, 'social sign-in refused');
    return `/?${SOCIAL_ERROR_PARAM}=${err.code}`;
  }
  request.log.error({ err }, 'social sign-in failed');
  return `/?${SOCIAL_ERROR_PARAM}=server_error`;
}

/**
 * Social sign-in (Google, Facebook): browser navigations answering 302 (see the contract's
 * socialRoutes). Registered by app.ts next to the other session routes.
 */
export function registerSocialLoginRoutes(app: FastifyInstance, deps: SocialRouteDeps): void {
  const social: SocialLoginDeps = { ...deps.social, auth: deps.auth };
  const secure = social.publicUrl.startsWith('https:');

  registerRedirectRoute(app, socialRoutes.socialStart, async ({ params, query, request, reply }) => {
    const provider = providerOf(params.provider);
    try {
      const start = await startSocialLogin(social, requestContext(deps, request), provider, query.returnTo);
      setCookie(reply, start.browserSecret, SOCIAL_STATE_TTL_MS / 1000, secure);
      return start.location;
    } catch (err) {
      return failureLocation(request, err);
    }
  });

  registerRedirectRoute(app, socialRoutes.socialCallback, async ({ params, query, request, reply }) => {
    const provider = providerOf(params.provider);
    const raw = request.raw.url ?? '';
    const q = raw.indexOf('?');
    try {
      return await completeSocialLogin(social, requestContext(deps, request), provider, {
        search: q === -1 ? '' : raw.slice(q + 1),
        state: query.state,
        error: query.error,
        browserSecret: readCookie(request, SOCIAL_COOKIE),
      });
    } catch (err) {
      return failureLocation(request, err);
    } finally {
      setCookie(reply, '', 0, secure);
    }
  });
}
