import { z } from 'zod';
import { defineRoute } from '../route.ts';
import {
  socialCallbackQuerySchema,
  socialProviderParamsSchema,
  socialStartQuerySchema,
} from './social.schemas.ts';

const tags = ['session'];

/**
 * Social sign-in (Google, Facebook) as browser navigations. Both answer 302: start goes to the
 * provider's authorization endpoint; callback goes to `returnTo?token=<session token>` on success and
 * to `/?socialError=<SocialErrorCode>` on any failure. An unknown provider answers the 404 envelope.
 */
export const socialRoutes = {
  socialStart: defineRoute({
    id: 'session.socialStart',
    method: 'GET',
    path: '/wps/session/social/:provider/start',
    auth: 'none',
    enc: false,
    redirect: true,
    summary:
      'Social sign-in: 302 to the provider (OpenID Connect code flow with PKCE); returnTo is a same-site path',
    tags,
    params: socialProviderParamsSchema,
    query: socialStartQuerySchema,
    response: z.null(),
  }),
  socialCallback: defineRoute({
    id: 'session.socialCallback',
    method: 'GET',
    path: '/wps/session/social/:provider/callback',
    auth: 'none',
    enc: false,
    redirect: true,
    summary:
      'Social sign-in return: 302 to returnTo?token=<token>, or to /?socialError=<code> when it failed',
    tags,
    params: socialProviderParamsSchema,
    query: socialCallbackQuerySchema,
    response: z.null(),
  }),
} as const;

/** The provider's redirect URI for a provider: PUBLIC_URL + this path. */
export const socialCallbackPath = (provider: string): string =>
  socialRoutes.socialCallback.path.replace(':provider', encodeURIComponent(provider));

export const socialStartPath = (provider: string): string =>
  socialRoutes.socialStart.path.replace(':provider', encodeURIComponent(provider));
