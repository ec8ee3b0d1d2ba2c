import {
  isTrialType,
  type Language,
  type MemberMessage,
  type MessageList,
  type MessageListBody,
  type OpsMessage,
  type OpsMessageList,
  type ReadMessagesBody,
  type SendMessageBody,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../database.ts';
import type { OperatorActor, OpsAccess } from '../../ops-access.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sanitizeMessageText } from '../../platform/html/rich-text.ts';
import { findMemberByAccount, membersByIds } from '../member/index.ts';
import { MessagesError } from './messages.errors.ts';
import * as repo from './messages.repository.ts';

export interface MessagesDeps {
  db: Db;
  clock: () => Date;
}

const contentOf = (html: string | null) => (html === null ? null : sanitizeMessageText(html));

const toMemberMessage = (row: repo.MessageRow & { read: boolean }, language: Language): MemberMessage => ({
  id: row.id,
  kind: row.kind,
  title: language === 'EN' ? row.title_en : row.title_pt,
  // Sanitised on save and again here: a row written another way is never served as stored.
  content: contentOf(language === 'EN' ? row.content_en : row.content_pt),
  amount: row.amount,
  currency: row.currency,
  read: row.read,
  createdAt: new Date(row.created_at).toISOString(),
});

export const unreadCount = async (deps: MessagesDeps, inbox: repo.Inbox): Promise<{ count: number }> => ({
  count: await repo.countUnread(deps.db, inbox),
});

export async function listMessages(
  deps: MessagesDeps,
  inbox: repo.Inbox,
  body: MessageListBody,
  language: Language,
): Promise<MessageList> {
  const [total, unread, rows] = await Promise.all([
    repo.countInbox(deps.db, inbox, body.unreadOnly),
    repo.countUnread(deps.db, inbox),
    repo.listInbox(deps.db, inbox, {
      offset: (body.pageNo - 1) * body.pageSize,
      limit: body.pageSize,
      unreadOnly: body.unreadOnly,
    }),
  ]);
  return {
    list: rows.map((row) => toMemberMessage(row, language)),
    total,
    totalPages: Math.ceil(total / body.pageSize),
    unread,
  };
}

/** Every listed id must be in the inbox: otherwise nothing changes and the call is refused. */
async function ownIds(trx: DbOrTrx, inbox: repo.Inbox, ids: readonly number[]): Promise<readonly number[]> {
  const found = new Set(await repo.inboxIds(trx, inbox, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new MessagesError('message_not_found', { ids: missing });
  return ids;
}

export const readMessages = (deps: MessagesDeps, inbox: repo.Inbox, body: ReadMessagesBody) =>
  inTransaction(deps.db, async (trx) => {
    const ids = body.ids ? await ownIds(trx, inbox, body.ids) : await repo.unreadIds(trx, inbox);
    await repo.markMessages(trx, inbox.memberId, ids, { at: deps.clock(), deleted: false });
    return { unread: await repo.countUnread(trx, inbox) };
  });

export const deleteMessages = (deps: MessagesDeps, inbox: repo.Inbox, ids: readonly number[]) =>
  inTransaction(deps.db, async (trx) => {
    await repo.markMessages(trx, inbox.memberId, await ownIds(trx, inbox, ids), {
      at: deps.clock(),
      deleted: true,
    });
    return { unread: await repo.countUnread(trx, inbox) };
  });

// --- back office ---

export interface MessagesOpsDeps extends MessagesDeps {
  merchantCode: string;
  ops: OpsAccess;
}

async function toOpsMessages(
  db: DbOrTrx,
  rows: readonly (repo.MessageRow & { read_count: number })[],
): Promise<OpsMessage[]> {
  const recipients = rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id]));
  const members = recipients.length > 0 ? await membersByIds(db, recipients) : new Map();
  return rows.map((row) => ({
    id: row.id,
    audience: row.audience,
    memberId: row.member_id,
    username: row.member_id === null ? null : (members.get(row.member_id)?.account ?? null),
    titlePT: row.title_pt ?? '',
    titleEN: row.title_en ?? '',
    contentPT: row.content_pt ?? '',
    contentEN: row.content_en ?? '',
    sentBy: row.sent_by ?? '',
    sentAt: new Date(row.created_at).toISOString(),
    withdrawnAt: row.withdrawn_at ? new Date(row.withdrawn_at).toISOString() : null,
    readCount: row.read_count,
  }));
}

async function opsMessage(db: DbOrTrx, id: number): Promise<OpsMessage> {
  const row = await repo.findOperatorMessage(db, id);
  if (!row) throw new MessagesError('message_not_found');
  const [message] = await toOpsMessages(db, [row]);
  return message!;
}

export async function listSentMessages(
  deps: MessagesOpsDeps,
  page: { pageNo: number; pageSize: number },
): Promise<OpsMessageList> {
  const [total, rows] = await Promise.all([
    repo.countOperatorMessages(deps.db),
    repo.listOperatorMessages(deps.db, { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize }),
  ]);
  return { list: await toOpsMessages(deps.db, rows), total, totalPages: Math.ceil(total / page.pageSize) };
}

export async function sendMessage(
  deps: MessagesOpsDeps,
  actor: OperatorActor,
  body: SendMessageBody,
  requestId: string,
): Promise<OpsMessage> {
  const contentPT = sanitizeMessageText(body.contentPT);
  const contentEN = sanitizeMessageText(body.contentEN);
  const empty = { ...(contentPT === '' ? { contentPT: 'empty_after_sanitising' } : {}) };
  if (contentEN === '') Object.assign(empty, { contentEN: 'empty_after_sanitising' });
  if (Object.keys(empty).length > 0) throw new AppError('invalid_input', { fields: empty });
  return inTransaction(deps.db, async (trx) => {
    let memberId: number | null = null;
    if (body.audience === 'member') {
      const member = await findMemberByAccount(trx, deps.merchantCode, body.username ?? '');
      // Trial accounts have no inbox (the member centre is closed to them).
      if (!member || isTrialType(member.type)) throw new MessagesError('message_recipient_not_found');
      memberId = member.id;
    }
    const row = await repo.insertMessage(trx, {
      audience: body.audience,
      member_id: memberId,
      merchant_code: body.audience === 'all' ? deps.merchantCode : null,
      kind: 'operator',
      title_pt: body.titlePT,
      title_en: body.titleEN,
      content_pt: contentPT,
      content_en: contentEN,
      sent_by: actor.username,
      created_at: deps.clock(),
    });
    const after = await opsMessage(trx, row!.id);
    await deps.ops.audit(trx, {
      actor,
      action: 'members.message.send',
      subjectType: 'message',
      subjectId: String(after.id),
      before: null,
      after,
      reason: body.reason,
      requestId,
    });
    return after;
  });
}

export async function withdrawMessage(
  deps: MessagesOpsDeps,
  actor: OperatorActor,
  id: number,
  reason: string,
  requestId: string,
): Promise<OpsMessage> {
  return inTransaction(deps.db, async (trx) => {
    if ((await repo.lockOperatorMessage(trx, id)) === undefined) throw new MessagesError('message_not_found');
    const before = await opsMessage(trx, id);
    if (before.withdrawnAt !== null) throw new MessagesError('message_withdrawn');
    await repo.setWithdrawn(trx, id, deps.clock());
    const after = await opsMessage(trx, id);
    await deps.ops.audit(trx, {
      actor,
      action: 'members.message.withdraw',
      subjectType: 'message',
      subjectId: String(id),
      before,
      after,
      reason,
      requestId,
    });
    return after;
  });
}

/**
 * The demo's messages (`npm start` with the demo seed): a welcome for each demo account and one
 * broadcast from the operators. Idempotent (each has a source), so every start may call it.
 */
export async function seedDemoMessages(
  db: Db,
  merchantCode: string,
  accounts: readonly string[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const account of accounts) {
      const member = await findMemberByAccount(trx, merchantCode, account);
      if (!member || isTrialType(member.type)) continue;
      await repo.insertMessage(trx, {
        audience: 'member',
        member_id: member.id,
        merchant_code: null,
        kind: 'welcome',
        source: `welcome:${member.id}`,
      });
    }
    await repo.insertMessage(trx, {
      audience: 'all',
      member_id: null,
      merchant_code: merchantCode,
      kind: 'operator',
      title_pt: 'Novidades da semana',
      title_en: "This week's news",
      content_pt: sanitizeMessageText(
        '<p>Agora você recebe aqui as <strong>mensagens da plataforma</strong>: confirmações de depósito, saques pagos, bônus e avisos da equipe.</p><p>Boa sorte!</p>',
      ),
      content_en: sanitizeMessageText(
        '<p>Your <strong>platform messages</strong> now arrive here: deposit confirmations, paid withdrawals, bonuses and notices from the team.</p><p>Good luck!</p>',
      ),
      sent_by: 'banca',
      source: `demo:news:${merchantCode}`,
    });
  });
}
