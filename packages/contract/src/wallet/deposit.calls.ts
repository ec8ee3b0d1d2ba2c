import type { RouteEntry } from '../route-entry.ts';

/**
 * Deposit calls and the member's live event stream: wire facts only (no zod). Schemas:
 * deposit.routes.ts. The stream (`events`) is not an envelope call: it answers `text/event-stream`
 * (server-sent events) and, since EventSource cannot send headers, takes a one-time `ticket` from
 * `eventsTicket` in its query instead of the bearer token.
 */
export const depositCalls = {
  options: {
    id: 'deposit.options',
    method: 'GET',
    path: '/wps/v2/deposits/options',
    auth: 'token',
    enc: false,
  },
  create: { id: 'deposit.create', method: 'POST', path: '/wps/v2/deposits', auth: 'token', enc: false },
  list: { id: 'deposit.list', method: 'GET', path: '/wps/v2/deposits', auth: 'token', enc: false },
  status: {
    id: 'deposit.status',
    method: 'GET',
    path: '/wps/v2/deposits/:depositId',
    auth: 'token',
    enc: false,
  },
  eventsTicket: {
    id: 'deposit.eventsTicket',
    method: 'POST',
    path: '/wps/member/events/ticket',
    auth: 'token',
    enc: false,
  },
  events: { id: 'deposit.events', method: 'GET', path: '/wps/member/events', auth: 'none', enc: false },
  opsList: {
    id: 'deposit.opsList',
    method: 'GET',
    path: '/ops/wallet/deposits',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
