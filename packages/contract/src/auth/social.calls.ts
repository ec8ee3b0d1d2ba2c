import { fillPath, type RouteEntry } from '../route-entry.ts';

/** Social sign-in's wire facts (no zod): browser navigations answering 302. Schemas: social.routes.ts. */
export const socialCalls = {
  socialStart: {
    id: 'session.socialStart',
    method: 'GET',
    path: '/wps/session/social/:provider/start',
    auth: 'none',
    enc: false,
    redirect: true,
  },
  socialCallback: {
    id: 'session.socialCallback',
    method: 'GET',
    path: '/wps/session/social/:provider/callback',
    auth: 'none',
    enc: false,
    redirect: true,
  },
} as const satisfies Record<string, RouteEntry>;

/** The provider's redirect URI for a provider: PUBLIC_URL + this path. */
export const socialCallbackPath = (provider: string): string =>
  fillPath(socialCalls.socialCallback.path, { provider });

export const socialStartPath = (provider: string): string =>
  fillPath(socialCalls.socialStart.path, { provider });
