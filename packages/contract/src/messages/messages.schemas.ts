import { z } from 'zod';
import { queryId, queryInteger } from '../query-number.ts';

/**
 * Platform messages (member centre messageV2, the header bell, the back office's messages page).
 *
 * An operator writes a message once, in Portuguese and English, to one member or to every member;
 * the gateway also writes some itself, after the fact, from other modules' events (a welcome on
 * registration, a deposit credited, a withdrawal paid, a bonus credited). The member reads each in
 * the page's language: operator messages carry their title and (sanitised) content; the gateway's own
 * kinds carry only their figures, and the site words them (so they follow a language change at once).
 */
export const MESSAGE_KINDS = [
  'operator',
  'welcome',
  'deposit-credited',
  'withdrawal-paid',
  'bonus-credited',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_AUDIENCES = ['member', 'all'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_CONTENT_MAX = 5_000;
export const MESSAGE_PAGE_SIZE_MAX = 50;
/** Ids per read or delete call. */
export const MESSAGE_IDS_MAX = 100;

export const memberMessageSchema = z.strictObject({
  id: z.number().int().positive(),
  kind: z.enum(MESSAGE_KINDS),
  /** Operator messages: in the request's language. The gateway's own kinds: null. */
  title: z.string().nullable(),
  /** Operator messages: sanitised HTML (p, br, strong, em, lists, links; no headings). The gateway's own kinds: null. */
  content: z.string().nullable(),
  /** The gateway's own kinds: the amount (minor units) and its currency; else null. */
  amount: z.number().int().nonnegative().nullable(),
  currency: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string().datetime(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

export const unreadCountSchema = z.strictObject({ count: z.number().int().nonnegative() });

export const messageListBodySchema = z.strictObject({
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(MESSAGE_PAGE_SIZE_MAX).default(10),
  unreadOnly: z.boolean().default(false),
});
export type MessageListBody = z.infer<typeof messageListBodySchema>;

export const messageListSchema = z.strictObject({
  list: z.array(memberMessageSchema),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type MessageList = z.infer<typeof messageListSchema>;

const messageIds = z
  .array(z.number().int().positive())
  .min(1)
  .max(MESSAGE_IDS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'an id listed twice' });

/** Mark read: the listed messages, or every message in the inbox (`all: true`). */
export const readMessagesBodySchema = z
  .strictObject({ ids: messageIds.optional(), all: z.literal(true).optional() })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
    message: 'either ids or all',
    path: ['ids'],
  });
export type ReadMessagesBody = z.infer<typeof readMessagesBodySchema>;

export const deleteMessagesBodySchema = z.strictObject({ ids: messageIds });
export type DeleteMessagesBody = z.infer<typeof deleteMessagesBodySchema>;

/** What a read or a delete leaves unread. */
export const messagesChangedSchema = z.strictObject({ unread: z.number().int().nonnegative() });

// --- back office (`members.messages`) ---

export const opsMessageSchema = z.strictObject({
  id: z.number().int().positive(),
  audience: z.enum(MESSAGE_AUDIENCES),
  /** The recipient of a message to one member; null for every member. */
  memberId: z.number().int().positive().nullable(),
  username: z.string().nullable(),
  titlePT: z.string(),
  titleEN: z.string(),
  /** Sanitised HTML. */
  contentPT: z.string(),
  contentEN: z.string(),
  sentBy: z.string(),
  sentAt: z.string().datetime(),
  withdrawnAt: z.string().datetime().nullable(),
  /** Members who opened it. */
  readCount: z.number().int().nonnegative(),
});
export type OpsMessage = z.infer<typeof opsMessageSchema>;

export const opsMessageListQuerySchema = z.strictObject({
  pageNo: queryInteger(1, 100_000).default(1),
  pageSize: queryInteger(1, 100).default(20),
});
export const opsMessageListSchema = z.strictObject({
  list: z.array(opsMessageSchema),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});
export type OpsMessageList = z.infer<typeof opsMessageListSchema>;

const title = z.string().trim().min(1).max(MESSAGE_TITLE_MAX);
const content = z.string().trim().min(1).max(MESSAGE_CONTENT_MAX);
const reason = z.string().trim().min(3).max(500);

/** To one member (by username) or to every member; audited with its reason. */
export const sendMessageBodySchema = z
  .strictObject({
    audience: z.enum(MESSAGE_AUDIENCES),
    username: z.string().trim().min(1).max(64).optional(),
    titlePT: title,
    titleEN: title,
    contentPT: content,
    contentEN: content,
    reason,
  })
  .refine((b) => (b.audience === 'member') === (b.username !== undefined), {
    message: 'a username for one member, none for every member',
    path: ['username'],
  });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const messageIdParamsSchema = z.strictObject({ id: queryId() });
export const withdrawMessageBodySchema = z.strictObject({ reason });
export type WithdrawMessageBody = z.infer<typeof withdrawMessageBodySchema>;

// --- feedback: the member writes, an operator answers in the member's inbox ---

export const FEEDBACK_TYPES = ['suggestion', 'payment', 'game', 'account', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
/** Spec sections 5 and 9: feedback text is limited to 140 characters. */
export const FEEDBACK_CONTENT_MIN = 5;
export const FEEDBACK_CONTENT_MAX = 140;
export const FEEDBACK_REPLY_MAX = 2_000;
/** Feedback a member may send in an hour (more is too_many_requests). */
export const FEEDBACK_PER_HOUR = 5;

export const feedbackBodySchema = z.strictObject({
  questionType: z.enum(FEEDBACK_TYPES),
  content: z.string().trim().min(FEEDBACK_CONTENT_MIN).max(FEEDBACK_CONTENT_MAX),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;
export const feedbackSentSchema = z.strictObject({ id: z.number().int().positive() });

export const FEEDBACK_STATUSES = ['open', 'answered'] as const;

export const opsFeedbackSchema = z.strictObject({
  id: z.number().int().positive(),
  memberId: z.number().int().positive(),
  username: z.string().nullable(),
  questionType: z.enum(FEEDBACK_TYPES),
  /** As the member wrote it (plain text). */
  content: z.string(),
  createdAt: z.string().datetime(),
  status: z.enum(FEEDBACK_STATUSES),
  /** The answer (plain text), who gave it and when; null while open. */
  reply: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredAt: z.string().datetime().nullable(),
});
export type OpsFeedback = z.infer<typeof opsFeedbackSchema>;

export const opsFeedbackListQuerySchema = z.strictObject({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  pageNo: queryInteger(1, 100_000).default(1),
  pageSize: queryInteger(1, 100).default(20),
});
export const opsFeedbackListSchema = z.strictObject({
  list: z.array(opsFeedbackSchema),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  /** Open feedback in all (the navigation's count). */
  open: z.number().int().nonnegative(),
});
export type OpsFeedbackList = z.infer<typeof opsFeedbackListSchema>;

/** The answer reaches the member as a message in their inbox (both languages' titles, this text). */
export const replyFeedbackBodySchema = z.strictObject({
  reply: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX),
});
export type ReplyFeedbackBody = z.infer<typeof replyFeedbackBodySchema>;
