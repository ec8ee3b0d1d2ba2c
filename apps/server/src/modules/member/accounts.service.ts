import { MEMBER_TYPE, TRIAL_TYPE } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import {
  registeredMembersPage,
  findMemberByAccount as findRowByAccount,
  findMemberById as findRowById,
  findMemberByMobile as findRowByMobile,
  findMemberBySocialIdentity,
  insertMember,
  insertSocialIdentity,
  listChildren,
  markFirstLogin,
  memberAccessColumns,
  touchSocialIdentity,
} from './member.repository.ts';
import { memberView, type MemberView } from './member-view.ts';
import type { MemberRow } from './member.table.ts';

/*
 * Member accounts as other modules read and create them: look-ups answer a MemberView (never a
 * password hash), and the accounts other flows open (free play's trial, social sign-in, the dev
 * sandbox). The member module owns the member, affiliate and member_social_identity rows; the
 * session module logs members in through these (passwords through passwords.service.ts).
 */

export { markFirstLogin, memberAccessColumns };

const viewOf = (row: MemberRow | undefined): MemberView | undefined => (row ? memberView(row) : undefined);

export const findMemberById = async (db: DbOrTrx, id: number): Promise<MemberView | undefined> =>
  viewOf(await findRowById(db, id));

/** Account names compare case-insensitively. */
export const findMemberByAccount = async (
  db: DbOrTrx,
  merchantCode: string,
  account: string,
): Promise<MemberView | undefined> => viewOf(await findRowByAccount(db, merchantCode, account));

export const findMemberByMobile = async (
  db: DbOrTrx,
  merchantCode: string,
  mobile: string,
): Promise<MemberView | undefined> => viewOf(await findRowByMobile(db, merchantCode, mobile));

/** An agent's direct downline: id, account, type and status (oldest first, at most `limit`). */
export const listDirectDownline = (
  db: DbOrTrx,
  args: { merchantCode: string; agentId: number; limit: number },
): Promise<{ id: number; account: string; type: number; status: MemberRow['status'] }[]> =>
  listChildren(db, args.merchantCode, args.agentId, args.limit);

/** A new trial account (free play): type 4, no password. */
export const createTrialMember = async (
  db: DbOrTrx,
  args: { merchantCode: string; account: string; ip: string },
): Promise<MemberView> =>
  memberView(
    await insertMember(db, {
      merchant_code: args.merchantCode,
      account: args.account,
      type: MEMBER_TYPE.TRIAL,
      register_ip: args.ip,
      register_method: 'FREEPLAY',
    }),
  );

/**
 * DEVELOPMENT AND TESTS ONLY (the dev module's vendor sandbox): a real member with no password, for
 * scripts that play the vendor wallet API. Never reachable in production (the dev module is not).
 */
export const createSandboxMember = async (
  db: DbOrTrx,
  args: { merchantCode: string; account: string; ip: string },
): Promise<MemberView> =>
  memberView(
    await insertMember(db, {
      merchant_code: args.merchantCode,
      account: args.account,
      type: MEMBER_TYPE.MEMBER,
      register_ip: args.ip,
      register_method: 'SANDBOX',
    }),
  );

/** The member linked to a provider identity (social sign-in). */
export const findMemberBySocialLogin = async (
  db: DbOrTrx,
  merchantCode: string,
  provider: string,
  subject: string,
): Promise<MemberView | undefined> =>
  viewOf(await findMemberBySocialIdentity(db, merchantCode, provider, subject));

/**
 * A new member linked to a provider identity: type member, no password, e-mail only as the provider
 * vouches for it. Both rows in the caller's transaction; a unique violation (account name taken, or
 * the identity linked by a parallel callback) is the caller's to handle.
 */
export async function createSocialMember(
  trx: DbOrTrx,
  args: {
    merchantCode: string;
    provider: string;
    subject: string;
    account: string;
    email: string | null;
    nickname: string | null;
    ip: string;
  },
): Promise<MemberView> {
  const row = await insertMember(trx, {
    merchant_code: args.merchantCode,
    account: args.account,
    type: MEMBER_TYPE.MEMBER,
    email: args.email,
    nickname: args.nickname,
    register_ip: args.ip,
    register_method: `SOCIAL_${args.provider.toUpperCase()}`,
  });
  await insertSocialIdentity(trx, {
    merchantCode: args.merchantCode,
    provider: args.provider,
    subject: args.subject,
    memberId: row.id,
    email: args.email,
  });
  return memberView(row);
}

export const touchSocialLogin = (
  db: DbOrTrx,
  merchantCode: string,
  provider: string,
  subject: string,
  now: Date,
): Promise<unknown> => touchSocialIdentity(db, merchantCode, provider, subject, now);

/** A page of the merchant's registered (non-trial) members by id: id and created_at (reports' rebuild). */
export async function registeredMembers(
  db: DbOrTrx,
  merchantCode: string,
  afterId: number,
  limit: number,
): Promise<{ memberId: number; createdAt: Date }[]> {
  const rows = await registeredMembersPage(db, merchantCode, TRIAL_TYPE, afterId, limit);
  return rows.map((r) => ({ memberId: r.id, createdAt: r.created_at }));
}
