/** Test-only helpers for deposits and the live stream: a gateway with options, a member, an SSE reader. */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { depositRoutes, loginValueSchema } from '@banca/contract';
import { buildApp } from '../../../app.ts';
import type { Db } from '../../../database.ts';
import { loadConfig } from '../../../platform/config.ts';
import {
  authClient,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  type AuthClient,
} from '../../../test/auth-client.ts';
import type { RunningApp } from '../../../test/test-app.ts';
import { OPERATOR_TOKEN } from '../../../test/test-app.ts';

export async function startDepositApp(
  db: Db,
  env: Record<string, string> = {},
  options: { streamRecheckMs?: number; liveChannelName?: string } = {},
): Promise<RunningApp & { client: AuthClient }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    TRUST_PROXY: 'true',
    OPERATOR_TOKEN,
    ...env,
  });
  const app = await buildApp({ config, db, logger: pino({ level: 'silent' }), ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  return { app, url, config, close: () => app.close(), client: await authClient(url) };
}

/** A real (cash) member logged in through the gateway. */
export async function loginMember(
  db: Db,
  client: AuthClient,
  type = 0,
): Promise<{ token: string; memberId: number }> {
  const ip = freshIp();
  const account = freshUsername('dep');
  const [memberId] = await insertAccounts(db, [{ account, knownIps: [ip], type }]);
  const res = await client.login(account, FAST_PASSWORD, {}, { ip });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return { token: loginValueSchema.parse(res.body.value).token, memberId: memberId! };
}

export const newIdempotencyKey = (): string => randomBytes(12).toString('hex');

export interface SseFrame {
  event: string;
  data: unknown;
}

/** Reads a server-sent-event stream: waits for frames by event name; closes on demand. */
export interface StreamReader {
  status: number;
  next(event: string, predicate?: (data: unknown) => boolean): Promise<SseFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(baseUrl: string, token: string): Promise<StreamReader> {
  const ticketRes = await fetch(baseUrl + depositRoutes.eventsTicket.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const ticket = ((await ticketRes.json()) as { value: { ticket: string } }).value.ticket;
  return openStreamWithTicket(baseUrl, ticket);
}

export async function openStreamWithTicket(baseUrl: string, ticket: string): Promise<StreamReader> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}${depositRoutes.events.path}?ticket=${encodeURIComponent(ticket)}`, {
    signal: abort.signal,
  });
  const frames: SseFrame[] = [];
  const waiters: (() => void)[] = [];
  let endedResolve!: () => void;
  const ended = new Promise<void>((r) => (endedResolve = r));
  if (res.status === 200 && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data !== undefined) {
              frames.push({ event, data: JSON.parse(data) });
              for (const w of waiters.splice(0)) w();
            }
          }
        }
      } catch {
        // aborted
      }
      endedResolve();
      for (const w of waiters.splice(0)) w();
    })();
  } else endedResolve();
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: res.status,
    ended,
    async next(event, predicate = () => true) {
      for (;;) {
        const i = frames.findIndex((f) => f.event === event && predicate(f.data));
        if (i >= 0) return frames.splice(i, 1)[0]!;
        if (done) throw new Error(`stream ended before a ${event} event`);
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    close: () => abort.abort(),
  };
}
