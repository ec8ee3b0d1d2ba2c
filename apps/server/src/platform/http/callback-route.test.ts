import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { defineCallback, defineRoute } from '@banca/contract';
import { isGuardedPath } from './api-paths.ts';
import { AppError } from './app-error.ts';
import { hmacSignature, hmacSha256Verifier, registerCallbackRoute } from './callback-route.ts';
import { registerRoute } from './contract-route.ts';
import { installErrorHandling } from './error-handler.ts';
import { installRouteAuth } from './route-auth.ts';

/** A test-only callback: a payment provider reporting a paid order in its own JSON dialect. */
const paid = defineCallback({
  id: 'test.paid',
  method: 'POST',
  path: '/callback/test/paid',
  caller: 'test-psp',
  summary: 'test: an order was paid',
  tags: ['test'],
  body: z.object({ orderId: z.string(), amount: z.number().int() }),
});
/** The same provider's other notice, whose body the handler reads itself (form-encoded). */
const refunded = defineCallback({
  id: 'test.refunded',
  method: 'POST',
  path: '/callback/test/refunded',
  caller: 'test-psp',
  summary: 'test: an order was refunded',
  tags: ['test'],
});
const memberCall = defineRoute({
  id: 'test.member',
  method: 'GET',
  path: '/wps/test/member',
  auth: 'none',
  enc: false,
  summary: 'test',
  tags: ['test'],
  response: z.null(),
});

const SECRETS: Record<string, string> = { 'psp-1': 'secret-one', 'psp-2': 'secret-two' };
const NOW = Date.UTC(2026, 0, 1, 12) / 1000;
const MAX_SKEW = 300;

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function build(options: { maintenance?: boolean; failing?: boolean } = {}) {
  const received: { callerId: string; raw: string; body: unknown }[] = [];
  const tokenChecks: (string | undefined)[] = [];
  const app = Fastify();
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // The gateway's own parsers and member auth are installed, as in app.ts: callbacks must bypass both.
  await app.register(formbody);
  installRouteAuth(app, async (token) => {
    tokenChecks.push(token);
    throw new AppError('not_logged_in');
  });
  // The system guard (modules/system/system.guard.ts) refuses exactly the paths isGuardedPath names;
  // platform tests import no module code, so its rule stands here in one line.
  app.addHook('onRequest', async (request) => {
    if (options.maintenance && isGuardedPath(request.url)) throw new AppError('system_maintenance');
  });
  registerRoute(app, memberCall, async () => null);
  const callbackOptions = {
    verifier: hmacSha256Verifier({
      callerHeader: 'x-psp-merchant',
      timestampHeader: 'x-psp-timestamp',
      signatureHeader: 'x-psp-signature',
      maxSkewSeconds: MAX_SKEW,
      secretOf: async (callerId: string) => SECRETS[callerId],
      now: () => NOW * 1000,
    }),
    // The provider's dialect: { code, msg }, 0 meaning received.
    refusal: (reason: string, status: number) => ({ code: status, msg: reason }),
  };
  registerCallbackRoute(
    app,
    paid,
    async ({ callerId, rawBody, body }) => {
      if (options.failing) throw new Error('database down');
      received.push({ callerId, raw: rawBody.toString('utf8'), body });
      return { code: 0, msg: 'success' };
    },
    callbackOptions,
  );
  registerCallbackRoute(
    app,
    refunded,
    async ({ callerId, rawBody, body, reply }) => {
      received.push({ callerId, raw: rawBody.toString('utf8'), body });
      return reply.type('text/plain').send('OK');
    },
    callbackOptions,
  );
  await app.ready();
  return { app, received, tokenChecks };
}

interface Signed {
  caller?: string;
  secret?: string;
  timestamp?: number;
  body?: string;
  contentType?: string;
  path?: string;
  headers?: Record<string, string>;
}

const send = (app: FastifyInstance, signed: Signed = {}) => {
  const caller = signed.caller ?? 'psp-1';
  const body = signed.body ?? '{"orderId":"A-1",  "amount": 500}';
  const timestamp = String(signed.timestamp ?? NOW);
  const secret = signed.secret ?? SECRETS[caller] ?? 'whatever';
  return app.inject({
    method: 'POST',
    url: signed.path ?? paid.path,
    headers: {
      'content-type': signed.contentType ?? 'application/json',
      'x-psp-merchant': caller,
      'x-psp-timestamp': timestamp,
      'x-psp-signature': hmacSignature(secret, timestamp, Buffer.from(body)),
      ...signed.headers,
    },
    payload: body,
  });
};

describe('callback routes', () => {
  it('hand a correctly signed body to the handler byte for byte and answer in the caller’s format', async () => {
    const { app, received, tokenChecks } = await build();
    const res = await send(app, { headers: { authorization: 'Bearer not-a-member-token' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success' });
    expect(received).toEqual([
      {
        callerId: 'psp-1',
        raw: '{"orderId":"A-1",  "amount": 500}',
        body: { orderId: 'A-1', amount: 500 },
      },
    ]);
    // Member-token auth never looked at the request, Bearer header or not.
    expect(tokenChecks).toEqual([]);
  });

  it('keep any content type raw, even one the gateway parses for its own calls', async () => {
    const { app, received } = await build();
    const body = 'order_id=A-1&amount=500&note=a+b%20c';
    const res = await send(app, {
      path: refunded.path,
      body,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(received).toEqual([{ callerId: 'psp-1', raw: body, body: undefined }]);
  });

  it('refuse a bad signature with 401, before the handler runs', async () => {
    const { app, received } = await build();
    const forged = await send(app, { secret: 'guessed' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: 401, msg: 'bad_signature' });
    // Another caller's valid secret does not sign for this caller.
    const crossed = await send(app, { caller: 'psp-1', secret: SECRETS['psp-2'] });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual({ code: 401, msg: 'bad_signature' });
    // A body changed after signing.
    const timestamp = String(NOW);
    const tampered = await app.inject({
      method: 'POST',
      url: paid.path,
      headers: {
        'content-type': 'application/json',
        'x-psp-merchant': 'psp-1',
        'x-psp-timestamp': timestamp,
        'x-psp-signature': hmacSignature(
          'secret-one',
          timestamp,
          Buffer.from('{"orderId":"A-1","amount":5}'),
        ),
      },
      payload: '{"orderId":"A-1","amount":500}',
    });
    expect(tampered.json()).toEqual({ code: 401, msg: 'bad_signature' });
    expect(received).toEqual([]);
  });

  it('refuse a timestamp outside the clock window, either way, even when signed', async () => {
    const { app, received } = await build();
    const stale = await send(app, { timestamp: NOW - MAX_SKEW - 1 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ code: 401, msg: 'stale_timestamp' });
    const future = await send(app, { timestamp: NOW + MAX_SKEW + 1 });
    expect(future.json()).toEqual({ code: 401, msg: 'stale_timestamp' });
    expect(received).toEqual([]);
    expect((await send(app, { timestamp: NOW - MAX_SKEW })).statusCode).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('accept a replay of the same signed body again: idempotency is the handler’s job', async () => {
    const { app, received } = await build();
    const first = await send(app);
    const again = await send(app);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual(received[0]);
  });

  it('refuse an unknown caller and an unsigned request with 401', async () => {
    const { app, received } = await build();
    const unknown = await send(app, { caller: 'psp-9', secret: 'anything' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: 401, msg: 'unknown_caller' });
    const unsigned = await app.inject({
      method: 'POST',
      url: paid.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"orderId":"A-1","amount":500}',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ code: 401, msg: 'unsigned' });
    const badHex = await send(app, { headers: { 'x-psp-signature': 'zz' } });
    expect(badHex.json()).toEqual({ code: 401, msg: 'unsigned' });
    expect(received).toEqual([]);
  });

  it('refuse a signed body its schema rejects with 400, in the caller’s format', async () => {
    const { app, received } = await build();
    const wrong = await send(app, { body: '{"orderId":"A-1","amount":"500"}' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, msg: 'invalid_body' });
    const notJson = await send(app, { body: 'orderId=A-1' });
    expect(notJson.json()).toEqual({ code: 400, msg: 'invalid_body' });
    expect(received).toEqual([]);
  });

  it('answer a failing handler with 500 in the caller’s format, never the envelope', async () => {
    const { app } = await build({ failing: true });
    const res = await send(app);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: 'failed' });
  });

  it('stay open during maintenance, while member calls answer 503', async () => {
    const { app, received } = await build({ maintenance: true });
    const member = await app.inject({ url: memberCall.path });
    expect(member.statusCode).toBe(503);
    expect(member.json()).toMatchObject({ success: false, code: 'system_maintenance' });
    const res = await send(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success' });
    expect(received).toHaveLength(1);
  });

  it('are registered only as callbacks and only under the callback prefix', () => {
    const app = Fastify();
    apps.push(app);
    const options = {
      verifier: hmacSha256Verifier({ ...headerNames, secretOf: () => undefined }),
      refusal: () => '',
    };
    expect(() =>
      registerCallbackRoute(
        app,
        { ...paid, path: '/wps/test/paid' as '/callback/x' },
        async () => null,
        options,
      ),
    ).toThrow(/callback paths live under \/callback\//);
    expect(() =>
      registerCallbackRoute(app, { ...paid, kind: 'call' as 'callback' }, async () => null, options),
    ).toThrow(/not a callback/);
  });
});

const headerNames = {
  callerHeader: 'x-c',
  timestampHeader: 'x-t',
  signatureHeader: 'x-s',
  maxSkewSeconds: 60,
};
