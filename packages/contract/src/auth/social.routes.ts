import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { socialCalls } from './social.calls.ts';
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
  socialStart: defineRoute(socialCalls.socialStart, {
    summary:
      'Social sign-in: 302 to the provider (OpenID Connect code flow with PKCE); returnTo is a same-site path',
    tags,
    params: socialProviderParamsSchema,
    query: socialStartQuerySchema,
    response: z.null(),
  }),
  socialCallback: defineRoute(socialCalls.socialCallback, {
    summary:
      'Social sign-in return: 302 to returnTo?token=<token>, or to /?socialError=<code> when it failed',
    tags,
    params: socialProviderParamsSchema,
    query: socialCallbackQuerySchema,
    response: z.null(),
  }),
} as const;
