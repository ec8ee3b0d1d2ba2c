import { z } from 'zod';
import { defineCallback } from '../callback.ts';
import { defineRoute } from '../route.ts';
import { depositCalls } from './deposit.calls.ts';
import {
  depositCreateBodySchema,
  depositIdParamsSchema,
  depositListQuerySchema,
  depositListSchema,
  depositOptionsSchema,
  depositViewSchema,
  opsDepositListSchema,
  opsDepositQuerySchema,
  pixWebhookBodySchema,
  streamQuerySchema,
  streamTicketSchema,
} from './deposit.schemas.ts';

const tags = ['wallet'];

/** Deposits (PIX through a payment provider) and the member's live event stream. Real accounts only. */
export const depositRoutes = {
  options: defineRoute(depositCalls.options, {
    summary: 'Deposit channels with their min and max (minor units), from the merchant wallet settings',
    tags,
    response: depositOptionsSchema,
  }),
  create: defineRoute(depositCalls.create, {
    summary:
      'Creates a deposit: a provider charge with the PIX copy-and-paste text, its QR code and expiry. The same idempotencyKey returns the same deposit',
    tags,
    body: depositCreateBodySchema,
    response: depositViewSchema,
  }),
  list: defineRoute(depositCalls.list, {
    summary: "The member's recent deposits, newest first",
    tags,
    query: depositListQuerySchema,
    response: depositListSchema,
  }),
  status: defineRoute(depositCalls.status, {
    summary: "One of the member's deposits",
    tags,
    params: depositIdParamsSchema,
    response: depositViewSchema,
  }),
  eventsTicket: defineRoute(depositCalls.eventsTicket, {
    summary: 'A one-time ticket (valid 60 s) to open the live event stream GET /wps/member/events',
    tags,
    response: streamTicketSchema,
  }),
  events: defineRoute(depositCalls.events, {
    summary:
      'Server-sent events (text/event-stream, not the envelope): `balance` events {balance, currency, kind, transferId} when the wallet moves; ends when the session is revoked',
    tags,
    query: streamQuerySchema,
    response: z.null(),
  }),
  opsList: defineRoute(depositCalls.opsList, {
    summary: 'Operator (finance): deposits by member, status, date range or flag, newest first',
    tags: ['ops'],
    query: opsDepositQuerySchema,
    response: opsDepositListSchema,
  }),
} as const;

/** Signed server-to-server calls of payment providers (platform/http/callback-route.ts). */
export const depositCallbacks = {
  sandboxPix: defineCallback({
    id: 'deposit.sandboxPixWebhook',
    method: 'POST',
    path: '/callback/payments/sandbox-pix',
    caller: 'sandbox-pix',
    summary:
      'SANDBOX payment provider: a PIX charge was paid (HMAC-SHA256 over timestamp + "." + raw body). Credits the deposit exactly once',
    tags: ['callbacks'],
    body: pixWebhookBodySchema,
  }),
} as const;
