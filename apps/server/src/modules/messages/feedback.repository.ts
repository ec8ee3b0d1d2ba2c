import { sql, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { MemberFeedbackTable } from './messages.table.ts';

/** The feedback's SQL (member_feedback). */

export type FeedbackRow = Selectable<MemberFeedbackTable>;

/** Serialises one member's feedback writes, so the hourly limit holds under concurrent calls. */
export async function lockMemberFeedback(db: DbOrTrx, memberId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('banca.member_feedback:' || ${String(memberId)}, 0))`.execute(
    db,
  );
}

export async function countSince(db: DbOrTrx, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('member_feedback')
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertFeedback(
  db: DbOrTrx,
  row: { member_id: number; question_type: FeedbackRow['question_type']; content: string; created_at: Date },
): Promise<number> {
  const { id } = await db.insertInto('member_feedback').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function countFeedback(db: DbOrTrx, status?: 'open' | 'answered'): Promise<number> {
  let query = db.selectFrom('member_feedback').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) query = query.where('answered_at', status === 'open' ? 'is' : 'is not', null);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Open feedback first (oldest waiting longest last: newest first within each), then answered. */
export async function listFeedback(
  db: DbOrTrx,
  page: { status?: 'open' | 'answered' | undefined; offset: number; limit: number },
): Promise<FeedbackRow[]> {
  let query = db.selectFrom('member_feedback').selectAll();
  if (page.status) query = query.where('answered_at', page.status === 'open' ? 'is' : 'is not', null);
  return query
    .orderBy(sql`answered_at is not null`)
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function findFeedbackForUpdate(db: DbOrTrx, id: number): Promise<FeedbackRow | undefined> {
  return db.selectFrom('member_feedback').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findFeedback(db: DbOrTrx, id: number): Promise<FeedbackRow | undefined> {
  return db.selectFrom('member_feedback').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setAnswer(
  db: DbOrTrx,
  id: number,
  answer: { reply: string; answered_by: string; answered_at: Date; reply_message_id: number },
): Promise<void> {
  await db.updateTable('member_feedback').set(answer).where('id', '=', id).execute();
}
