import { sql } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { executePreparedSql } from '../../platform/db/prepared.ts';
import type { MemberStatus } from './member.table.ts';

/*
 * The downline tree (closure table member_tree: ancestor, descendant, depth >= 1). Written with the
 * parent link in the same transaction; every team read is one indexed query on it.
 */

/** The new member's paths: its parent at depth 1 and each of the parent's uplines one deeper. */
export const insertTreePaths = (db: DbOrTrx, memberId: number, parentId: number) =>
  sql`
    insert into member_tree (ancestor_id, descendant_id, depth, joined_at)
    select p.ancestor_id, ${memberId}::int, p.depth, (select created_at from member where id = ${memberId})
    from (select ${parentId}::int as ancestor_id, 1 as depth
          union all
          select ancestor_id, depth + 1 from member_tree where descendant_id = ${parentId}) p
    on conflict do nothing`.execute(db);

/** Whether `descendantId` lies below `ancestorId` (at any depth): one primary-key probe. */
export async function treeLinkExists(
  db: DbOrTrx,
  ancestorId: number,
  descendantId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('member_tree')
    .select('depth')
    .where('ancestor_id', '=', ancestorId)
    .where('descendant_id', '=', descendantId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves `memberId` (with its own downline) below `parentId`: the subtree's links to its old uplines
 * go, links to the new parent's uplines come, the parent link changes. Refuses (false) a move below
 * the member itself or its own downline. The caller audits (an operator action).
 */
export async function moveSubtree(db: DbOrTrx, memberId: number, parentId: number | null): Promise<boolean> {
  if (parentId === memberId) return false;
  if (parentId !== null && (await treeLinkExists(db, memberId, parentId))) return false;
  await sql`
    delete from member_tree
    where descendant_id in (select descendant_id from member_tree where ancestor_id = ${memberId}
                            union all select ${memberId}::int)
      and ancestor_id not in (select descendant_id from member_tree where ancestor_id = ${memberId}
                              union all select ${memberId}::int)`.execute(db);
  if (parentId !== null) {
    await sql`
      insert into member_tree (ancestor_id, descendant_id, depth, joined_at)
      select up.ancestor_id, down.descendant_id, up.depth + down.depth + 1, m.created_at
      from (select ancestor_id, depth from member_tree where descendant_id = ${parentId}
            union all select ${parentId}::int, 0) up
      cross join (select descendant_id, depth from member_tree where ancestor_id = ${memberId}
                  union all select ${memberId}::int, 0) down
      join member m on m.id = down.descendant_id`.execute(db);
  }
  await db.updateTable('member').set({ parent_id: parentId }).where('id', '=', memberId).execute();
  return true;
}

/** Every id below `agentId` (the team figures name them to the reports). */
export const teamIdRows = (db: DbOrTrx, agentId: number) =>
  db.selectFrom('member_tree').select('descendant_id').where('ancestor_id', '=', agentId).execute();

/**
 * Head counts below `agentId`: all, direct, direct agents, joined since `since`. The first, second and
 * last read the agent's own tree rows (index member_tree_joined); only the direct rows join accounts.
 */
export async function teamCounts(
  db: DbOrTrx,
  args: { agentId: number; agentTypes: readonly number[]; since: Date },
): Promise<{ total: number; direct: number; directAgents: number; since: number }> {
  const row = (
    await executePreparedSql(
      db,
      sql<{ total: number; direct: number; since: number; direct_agents: number }>`select
        count(*)::int as total,
        (count(*) filter (where depth = 1))::int as direct,
        (count(*) filter (where joined_at >= ${args.since}))::int as since,
        (select count(*)::int from member_tree d join member m on m.id = d.descendant_id
         where d.ancestor_id = ${args.agentId}::int and d.depth = 1
           and m.type = any(${[...args.agentTypes]}::int[])) as direct_agents
      from member_tree where ancestor_id = ${args.agentId}::int`,
    )
  ).rows[0]!;
  return { total: row.total, direct: row.direct, directAgents: row.direct_agents, since: row.since };
}

export interface TeamRowFilter {
  agentId: number;
  /** 1 for the direct downline; undefined for the whole team. */
  depth?: number | undefined;
  /** Account prefix, case-insensitive. */
  account?: string | undefined;
  /** Types to keep (members, or agents); undefined for all. */
  types?: readonly number[] | undefined;
  excludeTypes?: readonly number[] | undefined;
  status?: MemberStatus | undefined;
  /** Keyset: ids below this one (newest first). */
  beforeId?: number | undefined;
  limit: number;
}

/** A page of the team, newest first: the member's columns a list shows and its depth. */
export function teamRows(db: DbOrTrx, f: TeamRowFilter) {
  let q = db
    .selectFrom('member_tree as t')
    .innerJoin('member as m', 'm.id', 't.descendant_id')
    .select([
      'm.id',
      'm.account',
      'm.nickname',
      'm.type',
      'm.status',
      'm.parent_id',
      'm.created_at',
      'm.first_login_at',
      't.depth',
    ])
    .where('t.ancestor_id', '=', f.agentId);
  if (f.depth !== undefined) q = q.where('t.depth', '=', f.depth);
  if (f.account) {
    const escaped = f.account.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    q = q.where(sql<string>`lower(m.account)`, 'like', `${escaped}%`);
  }
  if (f.types) q = q.where('m.type', 'in', f.types);
  if (f.excludeTypes) q = q.where('m.type', 'not in', f.excludeTypes);
  if (f.status) q = q.where('m.status', '=', f.status);
  if (f.beforeId !== undefined) q = q.where('m.id', '<', f.beforeId);
  return q.orderBy('m.id', 'desc').limit(f.limit).execute();
}

/** The uplines of each named member strictly below `agentId` (the path from the agent down), by depth. */
export const uplinesBelow = (db: DbOrTrx, agentId: number, memberIds: readonly number[]) =>
  memberIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('member_tree as t')
        .innerJoin('member_tree as a', (j) =>
          j.onRef('a.descendant_id', '=', 't.ancestor_id').on('a.ancestor_id', '=', agentId),
        )
        .innerJoin('member as m', 'm.id', 't.ancestor_id')
        .select(['t.descendant_id', 't.depth', 'm.account'])
        .where('t.descendant_id', 'in', memberIds)
        .orderBy('t.descendant_id')
        .orderBy('t.depth', 'desc')
        .execute();

/** The direct upline's account of a member (null at the top). */
export const parentAccount = (db: DbOrTrx, memberId: number) =>
  db
    .selectFrom('member as c')
    .innerJoin('member as p', 'p.id', 'c.parent_id')
    .select('p.account')
    .where('c.id', '=', memberId)
    .executeTakeFirst();

/** An agent's invitation codes with how many accounts registered through each, newest first. */
export const affiliateCodesOf = (db: DbOrTrx, merchantCode: string, memberId: number) =>
  db
    .selectFrom('affiliate as a')
    .select([
      'a.code',
      'a.enabled',
      'a.domain',
      'a.created_at',
      (eb) =>
        eb
          .selectFrom('member as m')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('m.merchant_code', '=', merchantCode)
          .whereRef('m.affiliate_code', '=', 'a.code')
          .as('registrations'),
    ])
    .where('a.merchant_code', '=', merchantCode)
    .where('a.member_id', '=', memberId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.code')
    .execute();

/** Each named member's uplines (every member above it, any depth): (member, upline) pairs. */
export const uplineRows = (db: DbOrTrx, memberIds: readonly number[]) =>
  memberIds.length === 0
    ? Promise.resolve([])
    : executePreparedSql(
        db,
        sql<{ member_id: number; upline_id: number }>`select descendant_id as member_id,
          ancestor_id as upline_id
        from member_tree where descendant_id = any(${[...memberIds]}::integer[])
        order by descendant_id, ancestor_id`,
      ).then((r) => r.rows);

/** The accounts of the named members (one array parameter, whatever the count). */
export const accountsByIds = (db: DbOrTrx, memberIds: readonly number[]) =>
  memberIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('member')
        .select(['id', 'account', 'type', 'parent_id'])
        .where(sql<boolean>`id = any(${sql.val([...memberIds])}::int8[])`)
        .execute();

/** Sets a direct child's type from `fromType` to `toType`; the number of rows changed (0 or 1). */
export async function retypeChild(
  db: DbOrTrx,
  r: { parentId: number; memberId: number; fromType: number; toType: number },
): Promise<number> {
  const res = await db
    .updateTable('member')
    .set({ type: r.toType })
    .where('id', '=', r.memberId)
    .where('parent_id', '=', r.parentId)
    .where('type', '=', r.fromType)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
