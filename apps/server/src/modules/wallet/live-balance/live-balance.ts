import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { depositRoutes, streamQuerySchema } from '@banca/contract';
import type { Db } from '../../../database.ts';
import { defineConsumer, on } from '../../../platform/events/event-catalogue.ts';
import type { Consumer } from '../../../platform/events/event-catalogue.ts';
import type { Database } from '../../../database.ts';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import { readBearer, type RouteAuth } from '../../../platform/http/route-auth.ts';
import { sealText, unsealText } from '../../../platform/crypto/sealed-text.ts';
import type { LiveChannel, LiveMessage } from '../../../platform/live/live-channel.ts';
import { DepositError } from '../deposits/deposit.errors.ts';
import { walletBalanceChanged } from '../wallet.events.ts';
import { deleteStreamTicket, insertStreamTicket } from './stream-ticket.repository.ts';

/*
 * Live balance (issue 9 item 9). transfer() records wallet.balance_changed for every member wallet it
 * touches; this consumer publishes each on the live channel (memory, or Redis pub/sub across nodes);
 * every node writes it to that member's open server-sent-event streams. So deposits, payouts, returns
 * and adjustments all reach the open pages with nothing done by their authors.
 *
 * EventSource cannot send an Authorization header, and a token in a URL ends up in logs and history.
 * So the page first asks POST /wps/member/events/ticket (bearer token) for a one-time ticket valid for
 * TICKET_TTL_MS, and opens GET /wps/member/events?ticket=... with it. The ticket row holds the session
 * token sealed (AES-256-GCM, key derived from the server key), so any node can open the stream and
 * re-check the session every `recheckMs`: a logged-out or revoked token's stream ends.
 */
export const TICKET_TTL_MS = 60_000;

/**
 * How often an open stream re-checks its session by default. A logged-out or revoked session's stream
 * ends at the next re-check: within STREAM_RECHECK_MS plus one session query, well inside the 10 s
 * the issue allows (half of it, so a slow query under load still fits).
 */
export const STREAM_RECHECK_MS = 5_000;

export const liveBalanceConsumer = (live: LiveChannel): Consumer<Database> =>
  defineConsumer<Database>(
    'wallet.live-balance',
    [
      on(walletBalanceChanged, async (event) => {
        const { memberId, balance, currency, wallet, kind, transferId } = event.payload;
        await live.publish(memberId, {
          event: 'balance',
          data: { balance, currency, wallet, kind, transferId },
        });
      }),
    ],
    { writes: false },
  );

export interface LiveStreamDeps {
  db: Db;
  live: LiveChannel;
  /** 32 bytes: seals the session token inside the ticket row. */
  ticketKey: Buffer;
  /** How often an open stream re-checks its session (and sends a keep-alive comment);
   *  STREAM_RECHECK_MS unless given (tests shorten it). */
  recheckMs?: number;
  clock?: () => Date;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

async function issueTicket(deps: LiveStreamDeps, auth: RouteAuth, token: string) {
  const ticket = randomBytes(32).toString('base64url');
  const now = deps.clock?.() ?? new Date();
  // Expired tickets of this member go as a new one is issued: the table stays small without a job.
  await insertStreamTicket(
    deps.db,
    {
      ticket_hash: sha256(ticket),
      member_id: auth.memberId,
      token_sealed: sealText(deps.ticketKey, token),
      expires_at: new Date(now.getTime() + TICKET_TTL_MS),
    },
    now,
  );
  return { ticket, expiresInSeconds: TICKET_TTL_MS / 1000 };
}

/** Spends a ticket (once, on any node): the session token it carries, or undefined. */
async function spendTicket(deps: LiveStreamDeps, ticket: string): Promise<string | undefined> {
  const now = deps.clock?.() ?? new Date();
  const row = await deleteStreamTicket(deps.db, sha256(ticket));
  if (!row || row.expires_at <= now) return undefined;
  return unsealText(deps.ticketKey, row.token_sealed);
}

const frame = (message: LiveMessage): string =>
  `event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`;

export function registerLiveStreamRoutes(app: FastifyInstance, deps: LiveStreamDeps): void {
  const recheckMs = deps.recheckMs ?? STREAM_RECHECK_MS;
  // Open streams end before the server stops listening (preClose): a hijacked stream is never idle,
  // so close() would otherwise wait for every page to go away.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  registerRoute(app, depositRoutes.eventsTicket, async ({ auth, request }) => {
    const token = readBearer(request.headers.authorization);
    if (!token) throw new DepositError('stream_ticket_invalid');
    return issueTicket(deps, auth, token);
  });

  // Not registerRoute: the answer is a stream, not the envelope. Refusals before the stream opens are
  // envelopes like any call (the error handler), so the page can tell "ask for a new ticket".
  app.get(
    depositRoutes.events.path,
    {
      schema: {
        operationId: depositRoutes.events.id,
        summary: depositRoutes.events.summary,
        tags: ['wallet'],
      },
    },
    async (request: FastifyRequest, reply) => {
      const parsed = streamQuerySchema.safeParse(request.query);
      if (!parsed.success) throw new DepositError('stream_ticket_invalid');
      const token = await spendTicket(deps, parsed.data.ticket);
      if (!token) throw new DepositError('stream_ticket_invalid');
      const auth = await request.server.routeAuthenticate(token);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies buffer responses unless told not to.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // The browser reconnects after this long if the connection drops (the page then gets a new
      // ticket: this one is spent).
      res.write(`retry: 5000\n\n`);
      res.write(frame({ event: 'ready', data: { memberId: auth.memberId } }));

      let closed = false;
      const unsubscribe = deps.live.subscribe(auth.memberId, (message) => {
        if (!closed) res.write(frame(message));
      });
      const end = () => {
        if (closed) return;
        closed = true;
        open.delete(end);
        clearInterval(timer);
        unsubscribe();
        res.end();
      };
      open.add(end);
      let checking = false;
      const recheck = async () => {
        // One check at a time: under load a slow check is not overtaken by the next tick.
        if (checking || closed) return;
        checking = true;
        let ok: boolean;
        try {
          ok = (await request.server.routeAuthenticate(token)).memberId === auth.memberId;
        } catch {
          ok = false;
        } finally {
          checking = false;
        }
        if (closed) return;
        if (ok) {
          res.write(': keep-alive\n\n');
          return;
        }
        res.write(frame({ event: 'revoked', data: null }));
        end();
      };
      const timer = setInterval(() => void recheck(), recheckMs);
      timer.unref();
      request.raw.on('close', end);
    },
  );
}
