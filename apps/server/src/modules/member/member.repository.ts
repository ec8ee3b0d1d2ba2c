import { sql } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { MemberUpdate, NewMember } from './member.table.ts';

export const findMemberById = (db: DbOrTrx, id: number) =>
  db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();

/** The two fields every token call checks (account type and status). */
export const findMemberAccess = (db: DbOrTrx, id: number) =>
  db.selectFrom('member').select(['type', 'status']).where('id', '=', id).executeTakeFirst();

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

export const insertMember = (db: DbOrTrx, row: NewMember) =>
  db.insertInto('member').values(row).returningAll().executeTakeFirstOrThrow();

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
