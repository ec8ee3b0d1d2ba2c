import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { Db } from '../database.ts';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789';

export interface RunningApp {
  app: FastifyInstance;
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real port (127.0.0.1, random unless given), configured through the same
 *  loadConfig as main. */
export async function startApp(
  db: Db,
  env: Record<string, string> = {},
  options: { port?: number; authLimits?: AppDeps['authLimits'] } = {},
): Promise<RunningApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  const app = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    authLimits: options.authLimits,
  });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}`, config, close: () => app.close() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON and assert on it
type Json = any;

export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(url, init);
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
