import type { RouteEntry } from '../route-entry.ts';

/** The relay prefix of the original gateway (spec section 7). */
const relay = (name: string) => `/wps/relay/${name}` as const;

/**
 * Platform messages: the member's inbox (member centre messageV2, the header bell, the menu badge)
 * and the back office's messages page. Wire facts only; schemas: messages.routes.ts.
 * `CSP_unreadCount` is the spec's (section 7); the inbox calls take its prefix.
 */
export const messagesCalls = {
  unreadCount: {
    id: 'messages.unreadCount',
    method: 'GET',
    path: relay('CSP_unreadCount'),
    auth: 'token',
    enc: false,
  },
  list: { id: 'messages.list', method: 'POST', path: relay('CSP_messageList'), auth: 'token', enc: false },
  read: { id: 'messages.read', method: 'POST', path: relay('CSP_readMessage'), auth: 'token', enc: false },
  remove: {
    id: 'messages.remove',
    method: 'POST',
    path: relay('CSP_deleteMessage'),
    auth: 'token',
    enc: false,
  },
  /** The member's feedback (spec section 7: PUT /wps/feedback; section 3: question type, content). */
  feedback: { id: 'messages.feedback', method: 'PUT', path: '/wps/feedback', auth: 'token', enc: false },
  /** Back office (`members.messages`). */
  opsList: { id: 'messages.ops.list', method: 'GET', path: '/ops/messages', auth: 'operator', enc: false },
  opsSend: { id: 'messages.ops.send', method: 'POST', path: '/ops/messages', auth: 'operator', enc: false },
  opsWithdraw: {
    id: 'messages.ops.withdraw',
    method: 'POST',
    path: '/ops/messages/:id/withdraw',
    auth: 'operator',
    enc: false,
  },
  opsFeedbackList: {
    id: 'messages.ops.feedbackList',
    method: 'GET',
    path: '/ops/feedback',
    auth: 'operator',
    enc: false,
  },
  opsFeedbackReply: {
    id: 'messages.ops.feedbackReply',
    method: 'POST',
    path: '/ops/feedback/:id/reply',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
