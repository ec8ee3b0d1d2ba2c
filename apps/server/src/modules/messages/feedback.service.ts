import {
  FEEDBACK_PER_HOUR,
  type FeedbackBody,
  type OpsFeedback,
  type OpsFeedbackList,
  type ReplyFeedbackBody,
} from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import type { OperatorActor } from '../../ops-access.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sanitizeMessageText } from '../../platform/html/rich-text.ts';
import { membersByIds } from '../member/index.ts';
import * as repo from './feedback.repository.ts';
import { MessagesError } from './messages.errors.ts';
import { insertMessage } from './messages.repository.ts';
import type { MessagesDeps, MessagesOpsDeps } from './messages.service.ts';

const HOUR_MS = 3_600_000;

/** A member's feedback; at most FEEDBACK_PER_HOUR an hour (then too_many_requests, nothing written). */
export const sendFeedback = (deps: MessagesDeps, memberId: number, body: FeedbackBody) =>
  inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    await repo.lockMemberFeedback(trx, memberId);
    if ((await repo.countSince(trx, memberId, new Date(now.getTime() - HOUR_MS))) >= FEEDBACK_PER_HOUR)
      throw new AppError('too_many_requests');
    const id = await repo.insertFeedback(trx, {
      member_id: memberId,
      question_type: body.questionType,
      content: body.content,
      created_at: now,
    });
    return { id };
  });

async function toOpsFeedback(db: DbOrTrx, rows: readonly repo.FeedbackRow[]): Promise<OpsFeedback[]> {
  const members =
    rows.length > 0 ? await membersByIds(db, [...new Set(rows.map((r) => r.member_id))]) : new Map();
  return rows.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    username: members.get(row.member_id)?.account ?? null,
    questionType: row.question_type,
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
    status: row.answered_at ? 'answered' : 'open',
    reply: row.reply,
    answeredBy: row.answered_by,
    answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
  }));
}

export async function listFeedback(
  deps: MessagesOpsDeps,
  query: { status?: 'open' | 'answered' | undefined; pageNo: number; pageSize: number },
): Promise<OpsFeedbackList> {
  const [total, open, rows] = await Promise.all([
    repo.countFeedback(deps.db, query.status),
    repo.countFeedback(deps.db, 'open'),
    repo.listFeedback(deps.db, {
      status: query.status,
      offset: (query.pageNo - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  return {
    list: await toOpsFeedback(deps.db, rows),
    total,
    totalPages: Math.ceil(total / query.pageSize),
    open,
  };
}

/** Plain text as HTML paragraphs (the member's and the operator's words are never markup). */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map(
      (p) =>
        `<p>${p
          .replaceAll('&', '&amp;')
          .replaceAll('<', '&lt;')
          .replaceAll('>', '&gt;')
          .replaceAll('\n', '<br>')}</p>`,
    )
    .join('');

/**
 * Answers feedback once: the answer reaches the member's inbox as a message (titled in both
 * languages, the answer and then what they wrote), in the same transaction as the audit.
 */
export async function replyFeedback(
  deps: MessagesOpsDeps,
  actor: OperatorActor,
  id: number,
  body: ReplyFeedbackBody,
  requestId: string,
): Promise<OpsFeedback> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.findFeedbackForUpdate(trx, id);
    if (!row) throw new MessagesError('feedback_not_found');
    if (row.answered_at) throw new MessagesError('feedback_answered');
    const [before] = await toOpsFeedback(trx, [row]);
    const now = deps.clock();
    const content = (wrote: string) =>
      sanitizeMessageText(`${paragraphs(body.reply)}<p><em>${wrote}</em></p>${paragraphs(row.content)}`);
    const message = await insertMessage(trx, {
      audience: 'member',
      member_id: row.member_id,
      merchant_code: null,
      kind: 'operator',
      title_pt: 'Resposta ao seu feedback',
      title_en: 'Reply to your feedback',
      content_pt: content('Você escreveu:'),
      content_en: content('You wrote:'),
      sent_by: actor.username,
      source: `feedback:${row.id}`,
      created_at: now,
    });
    await repo.setAnswer(trx, id, {
      reply: body.reply,
      answered_by: actor.username,
      answered_at: now,
      reply_message_id: message!.id,
    });
    const [after] = await toOpsFeedback(trx, [(await repo.findFeedback(trx, id))!]);
    await deps.ops.audit(trx, {
      actor,
      action: 'members.feedback.reply',
      subjectType: 'feedback',
      subjectId: String(id),
      before,
      after,
      reason: null,
      requestId,
    });
    return after!;
  });
}
