import { sql, type Kysely } from 'kysely';

/**
 * The member module's downline tree as a closure table (modules/member, docs/agent-centre.md): one
 * row per (ancestor, descendant) pair at depth >= 1, written in the transaction that links a member
 * to its upline. "My whole team" is `ancestor_id = ?`, "my direct downline" `ancestor_id = ? and
 * depth = 1`, "is X in my tree" one primary-key probe, "X's upline path" `descendant_id = ?`.
 * Backfilled here from the parent links; a parent cycle (only a bad manual write could make one)
 * stops the walk where it would come back to the member, and the depth is bounded as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_tree (
      ancestor_id integer not null references member (id),
      descendant_id integer not null references member (id),
      depth smallint not null check (depth > 0),
      primary key (ancestor_id, descendant_id)
    )`.execute(db);
  await sql`create index member_tree_by_depth on member_tree (ancestor_id, depth, descendant_id)`.execute(db);
  await sql`create index member_tree_upline on member_tree (descendant_id, depth)`.execute(db);
  await sql`create index member_affiliate_code on member (merchant_code, affiliate_code)
    where affiliate_code is not null`.execute(db);
  await backfillMemberTree(db);
}

/** The tree rows the parent links imply (idempotent; a test checks it against live maintenance). */
export async function backfillMemberTree(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into member_tree (ancestor_id, descendant_id, depth)
    with recursive up (ancestor_id, descendant_id, depth) as (
      select parent_id, id, 1 from member where parent_id is not null and parent_id <> id
      union all
      select p.parent_id, up.descendant_id, up.depth + 1
      from up join member p on p.id = up.ancestor_id
      where p.parent_id is not null and p.parent_id <> up.descendant_id and up.depth < 50
    )
    select ancestor_id, descendant_id, min(depth) from up group by ancestor_id, descendant_id
    on conflict do nothing`.execute(db);
}
