import { sql, type Kysely } from 'kysely';

/**
 * member_tree.joined_at: the descendant's registration time on each of its tree rows (modules/member,
 * docs/agent-centre.md), so "joined my team since" is a range on the agent's own rows, like "my whole
 * team", instead of a join of every team member's account row (a 10,000-member team took tens of ms a
 * count). Every writer of the tree sets it; rows written before are filled here. Left nullable: the
 * parent-link backfill (202611271410) predates the column and a row it writes is filled by the next
 * writer of the member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_tree add column joined_at timestamptz`.execute(db);
  await sql`update member_tree t set joined_at = m.created_at from member m where m.id = t.descendant_id`.execute(
    db,
  );
  await sql`create index member_tree_joined on member_tree (ancestor_id, joined_at, depth)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_tree_joined`.execute(db);
  await sql`alter table member_tree drop column joined_at`.execute(db);
}
