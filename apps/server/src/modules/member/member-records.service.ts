import { AGENT_TYPES, MEMBER_TYPE } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import {
  countTeam,
  findMemberAccess,
  memberAccessColumns,
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  findMemberBySocialIdentity,
  insertMember,
  insertSocialIdentity,
  listChildren,
  markFirstLogin,
  touchSocialIdentity,
  updateMember,
} from './member.repository.ts';
import type { MemberRow } from './member.table.ts';

/*
 * What other modules may read and write of members. The member module owns the member,
 * affiliate and member_social_identity rows; the session module logs members in through these.
 */

export {
  findMemberAccess,
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  markFirstLogin,
  memberAccessColumns,
};

/** Head counts of an agent's downline (parent links, at any depth); `since` bounds newThisMonth.
 *  The agent module shows these; the rows stay the member module's. */
export const countMemberTeam = (db: DbOrTrx, args: { merchantCode: string; agentId: number; since: Date }) =>
  countTeam(db, { ...args, agentTypes: AGENT_TYPES });

/** An agent's direct downline: id, account, type and status (oldest first, at most `limit`). */
export const listDirectDownline = (
  db: DbOrTrx,
  args: { merchantCode: string; agentId: number; limit: number },
): Promise<{ id: number; account: string; type: number; status: MemberRow['status'] }[]> =>
  listChildren(db, args.merchantCode, args.agentId, args.limit);

/** A new trial account (free play): type 4, no password. */
export const createTrialMember = (
  db: DbOrTrx,
  args: { merchantCode: string; account: string; ip: string },
): Promise<MemberRow> =>
  insertMember(db, {
    merchant_code: args.merchantCode,
    account: args.account,
    type: MEMBER_TYPE.TRIAL,
    register_ip: args.ip,
    register_method: 'FREEPLAY',
  });

/**
 * DEVELOPMENT AND TESTS ONLY (the dev module's vendor sandbox): a real member with no password, for
 * scripts that play the vendor wallet API. Never reachable in production (the dev module is not).
 */
export const createSandboxMember = (
  db: DbOrTrx,
  args: { merchantCode: string; account: string; ip: string },
): Promise<MemberRow> =>
  insertMember(db, {
    merchant_code: args.merchantCode,
    account: args.account,
    type: MEMBER_TYPE.MEMBER,
    register_ip: args.ip,
    register_method: 'SANDBOX',
  });

/** A temporary password works once: spent, and the member must choose a new password. */
export async function spendTempPassword(db: DbOrTrx, member: MemberRow): Promise<MemberRow> {
  const patch = { temp_password_hash: null, temp_password_expires_at: null, must_change_password: true };
  await updateMember(db, member.id, patch);
  return { ...member, ...patch };
}

/** The member linked to a provider identity (social sign-in). */
export const findMemberBySocialLogin = (
  db: DbOrTrx,
  merchantCode: string,
  provider: string,
  subject: string,
): Promise<MemberRow | undefined> => findMemberBySocialIdentity(db, merchantCode, provider, subject);

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
): Promise<MemberRow> {
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
  return row;
}

export const touchSocialLogin = (
  db: DbOrTrx,
  merchantCode: string,
  provider: string,
  subject: string,
  now: Date,
): Promise<unknown> => touchSocialIdentity(db, merchantCode, provider, subject, now);
