import type { FastifyInstance } from 'fastify';
import { messagesRoutes } from '@banca/contract';
import { operatorOf } from '../../ops-access.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestLanguage } from '../../platform/http/language.ts';
import {
  deleteMessages,
  listMessages,
  listSentMessages,
  readMessages,
  sendMessage,
  unreadCount,
  withdrawMessage,
  type MessagesDeps,
  type MessagesOpsDeps,
} from './messages.service.ts';
import { listFeedback, replyFeedback, sendFeedback } from './feedback.service.ts';

/** The inbox of the caller's own account; trial accounts are refused at the edge (they have none). */
const real = { requireRealAccount: true } as const;
const inboxOf = (auth: { memberId: number; merchantCode: string }) => ({
  memberId: auth.memberId,
  merchantCode: auth.merchantCode,
});

export function registerMessagesRoutes(app: FastifyInstance, deps: MessagesDeps): void {
  registerRoute(app, messagesRoutes.unreadCount, ({ auth }) => unreadCount(deps, inboxOf(auth)), real);
  registerRoute(
    app,
    messagesRoutes.list,
    ({ auth, body, request }) => listMessages(deps, inboxOf(auth), body, requestLanguage(request)),
    real,
  );
  registerRoute(app, messagesRoutes.read, ({ auth, body }) => readMessages(deps, inboxOf(auth), body), real);
  registerRoute(
    app,
    messagesRoutes.remove,
    ({ auth, body }) => deleteMessages(deps, inboxOf(auth), body.ids),
    real,
  );
  registerRoute(
    app,
    messagesRoutes.feedback,
    ({ auth, body }) => sendFeedback(deps, auth.memberId, body),
    real,
  );
}

/** The back office's messages page (`members.messages`). */
export function registerMessagesOpsRoutes(app: FastifyInstance, deps: MessagesOpsDeps): void {
  const guard = { onRequest: deps.ops.allow('members.messages') };
  registerRoute(app, messagesRoutes.opsFeedbackList, ({ query }) => listFeedback(deps, query), guard);
  registerRoute(
    app,
    messagesRoutes.opsFeedbackReply,
    ({ params, body, request }) => replyFeedback(deps, operatorOf(request), params.id, body, request.id),
    guard,
  );
  registerRoute(app, messagesRoutes.opsList, ({ query }) => listSentMessages(deps, query), guard);
  registerRoute(
    app,
    messagesRoutes.opsSend,
    ({ body, request }) => sendMessage(deps, operatorOf(request), body, request.id),
    guard,
  );
  registerRoute(
    app,
    messagesRoutes.opsWithdraw,
    ({ params, body, request }) =>
      withdrawMessage(deps, operatorOf(request), params.id, body.reason, request.id),
    guard,
  );
}
