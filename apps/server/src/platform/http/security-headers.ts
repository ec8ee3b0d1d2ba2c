import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's response headers, worked out once. @fastify/helmet built a new helmet middleware on every
 * request (re-parsing the CSP directives each time: 3.4 % of the gateway's CPU under the balance-read
 * benchmark). Our options are static (no nonces, no per-request directives), so the headers are the
 * same for every response: run helmet once against a recording response and keep what it set.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  // helmet's middleware is synchronous; if a version ever is not, fail at start-up, not per request.
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}

/** Every response (routes, 404s, errors) carries the headers; a route may still override one. */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
