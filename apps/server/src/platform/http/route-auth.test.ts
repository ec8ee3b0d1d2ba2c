import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineRoute } from '@banca/contract';
import { AppError } from './app-error.ts';
import { registerRoute } from './contract-route.ts';
import { installErrorHandling } from './error-handler.ts';
import { installRouteAuth, type RouteAuth } from './route-auth.ts';

/** Tokens of this fake session store: "member", "trial", "agent"; "old" is expired. */
const SESSIONS: Record<string, number> = { member: 0, trial: 4, agent: 1 };
const authenticate = async (token: string | undefined): Promise<RouteAuth> => {
  if (token === 'old') throw new AppError('token_expired');
  if (token === undefined || !(token in SESSIONS)) throw new AppError('not_logged_in');
  return {
    memberId: 7,
    merchantCode: 'm',
    type: SESSIONS[token]!,
    tokenHash: `h-${token}`,
    loginType: 'password',
  };
};

const def = (path: string, auth: 'token' | 'optional') =>
  defineRoute({
    id: `test.${path}`,
    method: 'GET',
    path: `/wps/test/${path}`,
    auth,
    enc: false,
    summary: 'test',
    tags: ['test'],
    response: z.object({ type: z.number().nullable() }),
  });

async function build() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installRouteAuth(app, authenticate);
  registerRoute(app, def('token', 'token'), async ({ auth }) => ({ type: auth.type }));
  registerRoute(app, def('optional', 'optional'), async ({ maybeAuth }) => ({
    type: maybeAuth?.type ?? null,
  }));
  registerRoute(app, def('real', 'token'), async ({ auth }) => ({ type: auth.type }), {
    requireRealAccount: true,
  });
  registerRoute(app, def('agent', 'token'), async ({ auth }) => ({ type: auth.type }), {
    requireAgent: true,
  });
  await app.ready();
  return app;
}

const get = async (app: Awaited<ReturnType<typeof build>>, path: string, token?: string) => {
  const res = await app.inject({
    url: `/wps/test/${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = res.json();
  return [res.statusCode, body.success ? body.value.type : body.code] as const;
};

describe('auth at the edge (registerRoute)', () => {
  it("'token' needs a valid session: 401 not_logged_in or token_expired otherwise", async () => {
    const app = await build();
    expect(await get(app, 'token', 'member')).toEqual([200, 0]);
    expect(await get(app, 'token')).toEqual([401, 'not_logged_in']);
    expect(await get(app, 'token', 'nope')).toEqual([401, 'not_logged_in']);
    expect(await get(app, 'token', 'old')).toEqual([401, 'token_expired']);
  });

  it("'optional' treats a missing, unknown or expired token as anonymous", async () => {
    const app = await build();
    expect(await get(app, 'optional', 'trial')).toEqual([200, 4]);
    expect(await get(app, 'optional')).toEqual([200, null]);
    expect(await get(app, 'optional', 'old')).toEqual([200, null]);
  });

  it('requireRealAccount refuses trial accounts with 403 in_need_true_account', async () => {
    const app = await build();
    expect(await get(app, 'real', 'member')).toEqual([200, 0]);
    expect(await get(app, 'real', 'trial')).toEqual([403, 'in_need_true_account']);
    expect(await get(app, 'real')).toEqual([401, 'not_logged_in']);
  });

  it('requireAgent refuses members and trials with 403 forbidden', async () => {
    const app = await build();
    expect(await get(app, 'agent', 'agent')).toEqual([200, 1]);
    expect(await get(app, 'agent', 'member')).toEqual([403, 'forbidden']);
    expect(await get(app, 'agent', 'trial')).toEqual([403, 'forbidden']);
  });

  it('refuses to register role requirements on a public call, or token calls without an authenticator', async () => {
    const app = Fastify();
    expect(() => registerRoute(app, def('x', 'token'), async () => ({ type: null }))).toThrow(
      /installRouteAuth/,
    );
    const pub = { ...def('y', 'token'), auth: 'none' as const };
    expect(() => registerRoute(app, pub, async () => ({ type: null }), { requireRealAccount: true })).toThrow(
      /role requirements/,
    );
  });
});
