import { defineRoute } from '../route.ts';
import { messagesCalls } from './messages.calls.ts';
import {
  deleteMessagesBodySchema,
  feedbackBodySchema,
  feedbackSentSchema,
  opsFeedbackListQuerySchema,
  opsFeedbackListSchema,
  opsFeedbackSchema,
  replyFeedbackBodySchema,
  messageIdParamsSchema,
  messageListBodySchema,
  messageListSchema,
  messagesChangedSchema,
  opsMessageListQuerySchema,
  opsMessageListSchema,
  opsMessageSchema,
  readMessagesBodySchema,
  sendMessageBodySchema,
  unreadCountSchema,
  withdrawMessageBodySchema,
} from './messages.schemas.ts';

const tags = ['messages'];
const opsTags = ['operator', 'messages'];

export const messagesRoutes = {
  unreadCount: defineRoute(messagesCalls.unreadCount, {
    summary: "How many of the member's platform messages are unread (the bell and the menu badge)",
    tags,
    response: unreadCountSchema,
  }),
  list: defineRoute(messagesCalls.list, {
    summary: "A page of the member's platform messages, newest first, in the request's language",
    tags,
    body: messageListBodySchema,
    response: messageListSchema,
  }),
  read: defineRoute(messagesCalls.read, {
    summary: 'Marks messages of the inbox read (the listed ones, or all); answers what stays unread',
    tags,
    body: readMessagesBodySchema,
    response: messagesChangedSchema,
  }),
  remove: defineRoute(messagesCalls.remove, {
    summary: 'Deletes messages from the inbox (for this member only); answers what stays unread',
    tags,
    body: deleteMessagesBodySchema,
    response: messagesChangedSchema,
  }),
  feedback: defineRoute(messagesCalls.feedback, {
    summary: 'Sends feedback (question type, up to 140 characters); the answer arrives in the inbox',
    tags,
    body: feedbackBodySchema,
    response: feedbackSentSchema,
  }),
  opsFeedbackList: defineRoute(messagesCalls.opsFeedbackList, {
    summary: "Members' feedback, open first then newest, with the open count (members.messages)",
    tags: opsTags,
    query: opsFeedbackListQuerySchema,
    response: opsFeedbackListSchema,
  }),
  opsFeedbackReply: defineRoute(messagesCalls.opsFeedbackReply, {
    summary:
      "Answers feedback: the answer goes to the member's inbox as a message (members.messages; audited)",
    tags: opsTags,
    params: messageIdParamsSchema,
    body: replyFeedbackBodySchema,
    response: opsFeedbackSchema,
  }),
  opsList: defineRoute(messagesCalls.opsList, {
    summary: 'The messages operators sent, newest first, with how many members read each (members.messages)',
    tags: opsTags,
    query: opsMessageListQuerySchema,
    response: opsMessageListSchema,
  }),
  opsSend: defineRoute(messagesCalls.opsSend, {
    summary: 'Sends a message in PT and EN to one member or to every member (members.messages; audited)',
    tags: opsTags,
    body: sendMessageBodySchema,
    response: opsMessageSchema,
  }),
  opsWithdraw: defineRoute(messagesCalls.opsWithdraw, {
    summary: 'Withdraws a sent message from every inbox (members.messages; audited)',
    tags: opsTags,
    params: messageIdParamsSchema,
    body: withdrawMessageBodySchema,
    response: opsMessageSchema,
  }),
} as const;
