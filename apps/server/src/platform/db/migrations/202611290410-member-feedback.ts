import { sql, type Kysely } from 'kysely';

/**
 * Members' feedback (PUT /wps/feedback: a question type and up to 140 characters) and its answer by
 * an operator, which reaches the member as a platform message (reply_message_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table member_feedback (
    id bigint generated always as identity primary key,
    member_id bigint not null references member (id) on delete cascade,
    question_type text not null check (question_type in ('suggestion', 'payment', 'game', 'account', 'other')),
    content text not null check (char_length(content) between 1 and 140),
    created_at timestamptz not null default now(),
    reply text,
    answered_by text,
    answered_at timestamptz,
    reply_message_id bigint references member_message (id),
    check ((reply is null) = (answered_at is null) and (reply is null) = (answered_by is null))
  )`.execute(db);
  await sql`create index member_feedback_member on member_feedback (member_id, created_at desc)`.execute(db);
  await sql`create index member_feedback_open on member_feedback (id desc) where answered_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_feedback`.execute(db);
}
