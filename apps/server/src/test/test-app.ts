import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { Db } from '../database.ts';
import { Secret, TOTP } from 'otpauth';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789';

export interface RunningApp {
  app: FastifyInstance;
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** Apps started without a socket, by the origin their RunningApp.url names: getJson injects there. */
const injectedApps = new Map<string, FastifyInstance>();
let injectedCount = 0;

/**
 * The real app configured through the same loadConfig as main: on a real port (127.0.0.1, random
 * unless given), or with `socket: false` on none. Without a socket, `url` is a made-up origin that
 * getJson (and every client built on it) serves with Fastify's inject: the same routes, hooks and
 * serialisation without TCP, for tests where no socket behaviour is under test. The app must then
 * not call itself over HTTP (the house vendor's wallet client does: its tests keep the socket).
 */
export async function startApp(
  db: Db,
  env: Record<string, string> = {},
  options: {
    port?: number;
    authLimits?: AppDeps['authLimits'];
    live?: AppDeps['live'];
    socket?: boolean;
  } = {},
): Promise<RunningApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    BACKOFFICE_DIST: '/nonexistent-backoffice-dist',
    ...env,
  });
  const app = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    authLimits: options.authLimits,
    ...(options.live ? { live: options.live } : {}),
  });
  if (options.socket === false) {
    await app.ready();
    injectedCount += 1;
    const url = `http://inject-${injectedCount}.invalid`;
    injectedApps.set(url, app);
    return {
      app,
      url,
      config,
      close: async () => {
        injectedApps.delete(url);
        await app.close();
      },
    };
  }
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}`, config, close: () => app.close() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON and assert on it
type Json = any;

/** A request to an app started with `socket: false`, answered through inject as fetch would answer. */
async function injectFetch(app: FastifyInstance, url: URL, init: RequestInit = {}): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  if (typeof init.body !== 'string' && init.body !== undefined && init.body !== null)
    throw new Error('an injected request takes a string body');
  const res = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: url.pathname + url.search,
    headers,
    ...(init.body !== undefined && init.body !== null ? { payload: init.body } : {}),
  });
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
  }
  const nullBody = res.statusCode === 204 || res.statusCode === 304;
  return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers: out });
}

export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Json; headers: Headers }> {
  const parsed = new URL(url);
  const injected = injectedApps.get(parsed.origin);
  const res = injected ? await injectFetch(injected, parsed, init) : await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

export const operatorHeaders = (token = OPERATOR_TOKEN) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});

/** One named operator per gateway URL and role, created with the bootstrap token and logged in. */
const namedOperators = new Map<string, Promise<string>>();

/**
 * The bearer token of a named operator of `role` on the gateway at `url`. OPERATOR_TOKEN only
 * bootstraps operators (and the system settings routes); money routes need a named operator.
 */
export function namedOperatorToken(
  url: string,
  role: 'admin' | 'finance' | 'support' | 'content' | 'risk' = 'finance',
): Promise<string> {
  const key = `${url} ${role}`;
  let token = namedOperators.get(key);
  if (!token) {
    token = (async () => {
      const username = `${role.slice(0, 3)}${randomBytes(4).toString('hex')}`;
      const password = 'named-operator-0123';
      const created = await getJson(`${url}/ops/operators`, {
        method: 'POST',
        headers: operatorHeaders(),
        body: JSON.stringify({ username, password, role }),
      });
      if (created.status !== 200) throw new Error(`creating a ${role} operator: ${created.status}`);
      const ip = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
      const login = await getJson(`${url}/ops/session/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username, password }),
      });
      if (login.status !== 200) throw new Error(`logging in a ${role} operator: ${login.status}`);
      // Every operator logs in with a TOTP code: this first login enrols the secret it was given.
      const { challenge, enrolment } = (
        login.body as { value: { challenge: string; enrolment: { secret: string } } }
      ).value;
      const code = new TOTP({
        secret: Secret.fromBase32(enrolment.secret),
        digits: 6,
        period: 30,
      }).generate();
      const session = await getJson(`${url}/ops/session/totp`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ challenge, code, session: 'bearer' }),
      });
      if (session.status !== 200) throw new Error(`second step of a ${role} operator: ${session.status}`);
      return (session.body as { value: { token: string } }).value.token;
    })();
    namedOperators.set(key, token);
  }
  return token;
}

/** JSON headers of a named finance operator on the gateway at `url`. */
export const financeHeaders = async (url: string) =>
  operatorHeaders(await namedOperatorToken(url, 'finance'));

/** A port free right now on 127.0.0.1, for a server whose own URL must be known before it starts
 *  (e.g. PUBLIC_URL in redirect URIs). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no address');
  return address.port;
}
