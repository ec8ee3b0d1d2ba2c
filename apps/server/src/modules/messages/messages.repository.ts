import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { MemberMessageTable } from './messages.table.ts';
import type { Insertable, Selectable } from 'kysely';

/** The messages module's SQL. Its tables: member_message, member_message_state, member_inbox. */

export type MessageRow = Selectable<MemberMessageTable>;
export type NewMessage = Insertable<MemberMessageTable>;

/** Whose inbox: the member and the merchant whose broadcasts reach them. */
export interface Inbox {
  memberId: number;
  merchantCode: string;
}

/**
 * The messages in a member's inbox (joined with the member's marks as `s`): their own, and the
 * merchant's broadcasts sent since they registered; not withdrawn, not deleted by them.
 */
function inboxRows(db: DbOrTrx, inbox: Inbox) {
  return db
    .selectFrom('member_message as m')
    .leftJoin('member_message_state as s', (join) =>
      join.onRef('s.message_id', '=', 'm.id').on('s.member_id', '=', inbox.memberId),
    )
    .where('m.withdrawn_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where(({ or, and, eb }) =>
      or([
        eb('m.member_id', '=', inbox.memberId),
        and([
          eb('m.audience', '=', 'all'),
          eb('m.merchant_code', '=', inbox.merchantCode),
          eb(
            'm.created_at',
            '>=',
            sql<Date>`coalesce((select since from member_inbox where member_id = ${inbox.memberId}), '-infinity')`,
          ),
        ]) as Expression<SqlBool>,
      ]),
    );
}

export async function countUnread(db: DbOrTrx, inbox: Inbox): Promise<number> {
  const row = await inboxRows(db, inbox)
    .where('s.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countInbox(db: DbOrTrx, inbox: Inbox, unreadOnly: boolean): Promise<number> {
  let query = inboxRows(db, inbox);
  if (unreadOnly) query = query.where('s.read_at', 'is', null);
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listInbox(
  db: DbOrTrx,
  inbox: Inbox,
  page: { offset: number; limit: number; unreadOnly: boolean },
): Promise<(MessageRow & { read: boolean })[]> {
  let query = inboxRows(db, inbox);
  if (page.unreadOnly) query = query.where('s.read_at', 'is', null);
  return query
    .selectAll('m')
    .select(sql<boolean>`s.read_at is not null`.as('read'))
    .orderBy('m.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Of `ids`, those in the member's inbox. */
export async function inboxIds(db: DbOrTrx, inbox: Inbox, ids: readonly number[]): Promise<number[]> {
  const rows = await inboxRows(db, inbox)
    .where('m.id', 'in', [...ids])
    .select('m.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of the unread messages in the member's inbox. */
export async function unreadIds(db: DbOrTrx, inbox: Inbox): Promise<number[]> {
  const rows = await inboxRows(db, inbox).where('s.read_at', 'is', null).select('m.id').execute();
  return rows.map((r) => r.id);
}

/**
 * Marks the messages read, or deleted (a deleted message counts as read); a mark, once set, keeps
 * its first time.
 */
export async function markMessages(
  db: DbOrTrx,
  memberId: number,
  ids: readonly number[],
  mark: { at: Date; deleted: boolean },
): Promise<void> {
  if (ids.length === 0) return;
  const deletedAt = mark.deleted ? mark.at : null;
  await db
    .insertInto('member_message_state')
    .values(
      ids.map((id) => ({ member_id: memberId, message_id: id, read_at: mark.at, deleted_at: deletedAt })),
    )
    .onConflict((oc) =>
      oc.columns(['member_id', 'message_id']).doUpdateSet({
        read_at: sql`coalesce(member_message_state.read_at, excluded.read_at)`,
        deleted_at: sql`coalesce(member_message_state.deleted_at, excluded.deleted_at)`,
      }),
    )
    .execute();
}

/** Writes a message; one made from a source already written (a second delivery) adds nothing. */
export async function insertMessage(db: DbOrTrx, message: NewMessage): Promise<MessageRow | undefined> {
  return db
    .insertInto('member_message')
    .values(message)
    .onConflict((oc) => oc.column('source').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function openInbox(db: DbOrTrx, memberId: number, since: Date): Promise<void> {
  await db
    .insertInto('member_inbox')
    .values({ member_id: memberId, since })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

// --- back office ---

type OperatorMessageRow = MessageRow & { read_count: number };

/** Operator messages with how many members opened each. */
const operatorMessages = (db: DbOrTrx) =>
  db
    .selectFrom('member_message as m')
    .where('m.kind', '=', 'operator')
    .selectAll('m')
    .select((eb) =>
      eb
        .selectFrom('member_message_state as s')
        .whereRef('s.message_id', '=', 'm.id')
        .where('s.read_at', 'is not', null)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('read_count'),
    );

export async function countOperatorMessages(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('member_message')
    .where('kind', '=', 'operator')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listOperatorMessages(
  db: DbOrTrx,
  page: { offset: number; limit: number },
): Promise<OperatorMessageRow[]> {
  const rows = await operatorMessages(db)
    .orderBy('m.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({ ...r, read_count: Number(r.read_count ?? 0) }));
}

export async function findOperatorMessage(db: DbOrTrx, id: number): Promise<OperatorMessageRow | undefined> {
  const row = await operatorMessages(db).where('m.id', '=', id).executeTakeFirst();
  return row && { ...row, read_count: Number(row.read_count ?? 0) };
}

/** Locks an operator message's row for a change (undefined: no such message). */
export async function lockOperatorMessage(db: DbOrTrx, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('member_message')
    .where('id', '=', id)
    .where('kind', '=', 'operator')
    .select('id')
    .forUpdate()
    .executeTakeFirst();
  return row?.id;
}

export async function setWithdrawn(db: DbOrTrx, id: number, at: Date): Promise<void> {
  await db.updateTable('member_message').set({ withdrawn_at: at }).where('id', '=', id).execute();
}
