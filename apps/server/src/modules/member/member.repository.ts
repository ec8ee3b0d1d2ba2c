import { sql } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { executePreparedSql } from '../../platform/db/prepared.ts';
import { insertTreePaths } from './downline.repository.ts';
import type { MemberStatus, MemberUpdate, NewMember } from './member.table.ts';

export const findMemberById = (db: DbOrTrx, id: number) =>
  db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The two fields every token call checks (account type and status) as two correlated sub-selects on
 * another module's member id column (e.g. `session.member_id`), for a caller that checks a token on
 * every request and must not pay a second round trip: the SQL on the member table stays here, the
 * caller only embeds it. null when no such member.
 */
export const memberAccessColumns = (memberIdColumn: string) => [
  sql<number | null>`(select m.type from member m where m.id = ${sql.ref(memberIdColumn)})`.as('member_type'),
  sql<MemberStatus | null>`(select m.status from member m where m.id = ${sql.ref(memberIdColumn)})`.as(
    'member_status',
  ),
];

/** Account names compare case-insensitively (the unique index is on lower(account)). */
export const findMemberByAccount = (db: DbOrTrx, merchantCode: string, account: string) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();

export const findMemberByMobile = (db: DbOrTrx, merchantCode: string, mobile: string) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('mobile', '=', mobile)
    .executeTakeFirst();

/** A new member and, when it has an upline, its rows in the downline tree (same unit of work). */
export async function insertMember(db: DbOrTrx, row: NewMember) {
  const member = await db.insertInto('member').values(row).returningAll().executeTakeFirstOrThrow();
  if (member.parent_id !== null) await insertTreePaths(db, member.id, member.parent_id);
  return member;
}

export const updateMember = (db: DbOrTrx, id: number, patch: MemberUpdate) =>
  db
    .updateTable('member')
    .set({ ...patch, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();

/** Sets first_login_at once; returns true when this was the first login. */
export async function markFirstLogin(db: DbOrTrx, id: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('member')
    .set({ first_login_at: now })
    .where('id', '=', id)
    .where('first_login_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const findAffiliate = (db: DbOrTrx, merchantCode: string, code: string) =>
  db
    .selectFrom('affiliate')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('code', '=', code)
    .executeTakeFirst();

export const insertAffiliate = (
  db: DbOrTrx,
  row: { merchantCode: string; code: string; memberId: number; domain?: string | null },
) =>
  db
    .insertInto('affiliate')
    .values({
      merchant_code: row.merchantCode,
      code: row.code,
      member_id: row.memberId,
      domain: row.domain ?? null,
    })
    .execute();

export const findMemberBySocialIdentity = (
  db: DbOrTrx,
  merchantCode: string,
  provider: string,
  subject: string,
) =>
  db
    .selectFrom('member_social_identity as i')
    .innerJoin('member as m', 'm.id', 'i.member_id')
    .selectAll('m')
    .where('i.merchant_code', '=', merchantCode)
    .where('i.provider', '=', provider)
    .where('i.subject', '=', subject)
    .executeTakeFirst();

export const insertSocialIdentity = (
  db: DbOrTrx,
  row: { merchantCode: string; provider: string; subject: string; memberId: number; email: string | null },
) =>
  db
    .insertInto('member_social_identity')
    .values({
      merchant_code: row.merchantCode,
      provider: row.provider,
      subject: row.subject,
      member_id: row.memberId,
      email: row.email,
    })
    .execute();

export const touchSocialIdentity = (
  db: DbOrTrx,
  merchantCode: string,
  provider: string,
  subject: string,
  now: Date,
) =>
  db
    .updateTable('member_social_identity')
    .set({ last_login_at: now })
    .where('merchant_code', '=', merchantCode)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .execute();

/** An agent's direct downline (parent link), oldest first: account names only. */
export const listChildren = (db: DbOrTrx, merchantCode: string, parentId: number, limit: number) =>
  db
    .selectFrom('member')
    .select(['id', 'account', 'type', 'status'])
    .where('merchant_code', '=', merchantCode)
    .where('parent_id', '=', parentId)
    .orderBy('id')
    .limit(limit)
    .execute();

/**
 * A page of a merchant's registered (non-trial) members by id, with when each was created: the
 * registrations the reports module's rebuild counts (member.registered carries the same facts).
 */
export const registeredMembersPage = (
  db: DbOrTrx,
  merchantCode: string,
  trialType: number,
  afterId: number,
  limit: number,
) =>
  db
    .selectFrom('member')
    .select(['id', 'created_at'])
    .where('merchant_code', '=', merchantCode)
    .where('type', '<>', trialType)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** The back office's member search (member-desk.service.ts): newest first, keyset by id. */
export interface MemberSearchFilter {
  merchantCode: string;
  /** Matched as the fields say: account and e-mail by prefix (case-insensitive), mobile by its
   *  trailing digits, id exactly. */
  q?: string;
  fields: readonly ('account' | 'id' | 'mobile' | 'email')[];
  status?: MemberStatus;
  excludeTypes: readonly number[];
  /** Only these types (the back office's agents list). */
  types?: readonly number[] | undefined;
  afterId?: number;
  limit: number;
}

const likePrefix = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%';

export function searchMemberRows(db: DbOrTrx, f: MemberSearchFilter) {
  let q = db.selectFrom('member').selectAll().where('merchant_code', '=', f.merchantCode);
  if (f.excludeTypes.length > 0) q = q.where('type', 'not in', f.excludeTypes);
  if (f.types) q = q.where('type', 'in', f.types);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.afterId !== undefined) q = q.where('id', '<', f.afterId);
  const text = f.q;
  if (text !== undefined) {
    const digits = text.replace(/\D/g, '');
    q = q.where((eb) => {
      const ors = [];
      if (f.fields.includes('account')) ors.push(eb(sql<string>`lower(account)`, 'like', likePrefix(text)));
      if (f.fields.includes('email')) ors.push(eb(sql<string>`lower(email)`, 'like', likePrefix(text)));
      if (f.fields.includes('id') && /^\d{1,9}$/.test(text)) ors.push(eb('id', '=', Number(text)));
      if (f.fields.includes('mobile') && digits.length >= 4) ors.push(eb('mobile', 'like', `%${digits}`));
      return ors.length > 0 ? eb.or(ors) : sql<boolean>`false`;
    });
  }
  return q.orderBy('id', 'desc').limit(f.limit).execute();
}

/** How many members name `memberId` as their parent (direct downline). */
export async function countChildren(db: DbOrTrx, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('parent_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the member may stake money now (sql/member_may_play.sql holds the rule): one prepared read. */
export const readMemberMayPlay = async (db: DbOrTrx, id: number): Promise<boolean> =>
  (await executePreparedSql(db, sql<{ ok: boolean }>`select member_may_play(${id}::integer) as ok`)).rows[0]
    ?.ok === true;
