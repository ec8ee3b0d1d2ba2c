import { sql, type Kysely } from 'kysely';

/**
 * Platform messages (the messages module): what operators send to one member or to every member of a
 * merchant, and what the gateway writes itself from other modules' events (a welcome, a deposit
 * credited, a withdrawal paid, a bonus). Read and deleted state per member and message; a broadcast
 * reaches the members registered before it was sent and after (member_inbox.since: registration
 * time; members without a row, registered before this table, see every broadcast).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table member_message (
    id bigint generated always as identity primary key,
    audience text not null check (audience in ('member', 'all')),
    member_id bigint references member (id) on delete cascade,
    merchant_code text,
    kind text not null
      check (kind in ('operator', 'welcome', 'deposit-credited', 'withdrawal-paid', 'bonus-credited')),
    title_pt text,
    title_en text,
    content_pt text,
    content_en text,
    amount bigint check (amount >= 0),
    currency text,
    source text unique,
    sent_by text,
    created_at timestamptz not null default now(),
    withdrawn_at timestamptz,
    check ((audience = 'member') = (member_id is not null)),
    check ((audience = 'all') = (merchant_code is not null)),
    check ((kind = 'operator') = (title_pt is not null and title_en is not null
      and content_pt is not null and content_en is not null and sent_by is not null))
  )`.execute(db);
  await sql`create index member_message_member on member_message (member_id, id desc)
    where member_id is not null`.execute(db);
  await sql`create index member_message_all on member_message (merchant_code, id desc)
    where audience = 'all'`.execute(db);
  await sql`create index member_message_operator on member_message (id desc)
    where kind = 'operator'`.execute(db);
  await sql`create table member_message_state (
    member_id bigint not null references member (id) on delete cascade,
    message_id bigint not null references member_message (id) on delete cascade,
    read_at timestamptz,
    deleted_at timestamptz,
    primary key (member_id, message_id)
  )`.execute(db);
  await sql`create index member_message_state_message on member_message_state (message_id)
    where read_at is not null`.execute(db);
  await sql`create table member_inbox (
    member_id bigint primary key references member (id) on delete cascade,
    since timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_inbox`.execute(db);
  await sql`drop table member_message_state`.execute(db);
  await sql`drop table member_message`.execute(db);
}
