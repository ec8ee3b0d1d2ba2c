import type {
  MemberActionBody,
  MemberActionValue,
  MemberPasswordResetValue,
  MemberProfile,
  MemberSearchPage,
  MemberSearchQuery,
  OpsMember,
} from '@banca/contract';
import { isTrialType } from '@banca/contract';
import type { Db } from '../../database.ts';
import type { OperatorActor, OpsAccess } from '../../ops-access.ts';
import type { EmailProvider, SmsProvider } from '../../platform/providers/providers.ts';
import { recentMemberBets } from '../games/index.ts';
import {
  findMemberById,
  issueTemporaryPassword,
  memberWithFamily,
  searchMembers,
  setMemberStatus,
  type MemberStatus,
  type MemberView,
} from '../member/index.ts';
import { memberSessionHistory, revokeMemberSessions } from '../session/index.ts';
import type { MerchantSettingsSource } from '../system/index.ts';
import { memberMoneyOverview } from '../wallet/index.ts';
import { MemberDeskError } from './member-desk.errors.ts';

/*
 * The back office's member desk (issue 23 item 4). It owns no table: the profile is composed from
 * each module's face (member, session, wallet, games), and the actions go through them too (the
 * member's status, the session module's revocation, the member's temporary password). Every action
 * is audited with before and after and the operator's reason, in the transaction that makes it.
 */

export interface MemberDeskDeps {
  db: Db;
  merchantCode: string;
  ops: Pick<OpsAccess, 'audit'>;
  sms: SmsProvider;
  email: EmailProvider;
  settings: MerchantSettingsSource;
  clock: () => Date;
}

const toOps = (m: MemberView): OpsMember => ({
  id: m.id,
  account: m.account,
  type: m.type,
  status: m.status,
  mobile: m.mobile,
  email: m.email,
  nickname: m.nickname,
  vipLevel: m.vip_level,
  parentId: m.parent_id,
  registeredAt: m.created_at.toISOString(),
});

const FIELDS = {
  any: ['account', 'id', 'mobile', 'email'],
  account: ['account'],
  id: ['id'],
  mobile: ['mobile'],
  email: ['email'],
} as const;

/** GET /ops/members */
export async function searchMemberDesk(
  deps: MemberDeskDeps,
  query: MemberSearchQuery,
): Promise<MemberSearchPage> {
  const rows = await searchMembers(deps.db, {
    merchantCode: deps.merchantCode,
    ...(query.q !== undefined ? { q: query.q } : {}),
    fields: FIELDS[query.by],
    ...(query.status ? { status: query.status } : {}),
    ...(query.after !== undefined ? { afterId: query.after } : {}),
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit).map(toOps);
  return { items, nextCursor: rows.length > query.limit ? items[items.length - 1]!.id : null };
}

/** A member of this merchant that is not a trial account; member_not_found / member_is_trial. */
async function realMember(deps: MemberDeskDeps, memberId: number): Promise<MemberView> {
  const member = await findMemberById(deps.db, memberId);
  if (!member || member.merchant_code !== deps.merchantCode) throw new MemberDeskError('member_not_found');
  if (isTrialType(member.type)) throw new MemberDeskError('member_is_trial');
  return member;
}

/** GET /ops/members/:id */
export async function memberProfile(deps: MemberDeskDeps, memberId: number): Promise<MemberProfile> {
  const family = await memberWithFamily(deps.db, memberId);
  if (!family || family.member.merchant_code !== deps.merchantCode)
    throw new MemberDeskError('member_not_found');
  const [money, bets, sessions] = await Promise.all([
    memberMoneyOverview(deps.db, memberId),
    recentMemberBets(deps.db, memberId),
    memberSessionHistory(deps.db, memberId, deps.clock()),
  ]);
  const m = family.member;
  return {
    member: {
      ...toOps(m),
      registerIp: m.register_ip,
      registerMethod: m.register_method,
      registerDomain: m.register_domain,
      firstLoginAt: m.first_login_at?.toISOString() ?? null,
      mustChangePassword: m.must_change_password,
    },
    upline: family.upline,
    directDownline: family.directDownline,
    ...money,
    bets,
    sessions,
  };
}

/**
 * POST /ops/members/:id/lock and /unlock. A lock sets the status DISABLED and ends the member's
 * sessions in one transaction: the token check reads the status on every call, so every node refuses
 * the member's token at once, and the vendor wallet refuses their debits (player_locked).
 */
export async function changeMemberStatus(
  deps: MemberDeskDeps,
  actor: OperatorActor,
  memberId: number,
  to: MemberStatus,
  body: MemberActionBody,
  requestId: string,
): Promise<MemberActionValue> {
  const before = await realMember(deps, memberId);
  if (before.status === to) throw new MemberDeskError('member_status_unchanged', { status: to });
  const now = deps.clock();
  const sessionsEnded = await deps.db.transaction().execute(async (trx) => {
    await setMemberStatus(trx, memberId, to);
    const ended = to === 'DISABLED' ? await revokeMemberSessions(trx, memberId, now, 'member_locked') : 0;
    await deps.ops.audit(trx, {
      actor,
      action: to === 'DISABLED' ? 'member.lock' : 'member.unlock',
      subjectType: 'member',
      subjectId: String(memberId),
      before: { status: before.status },
      after: { status: to, sessionsEnded: ended },
      reason: body.reason,
      requestId,
    });
    return ended;
  });
  return { member: toOps({ ...before, status: to }), sessionsEnded };
}

/** POST /ops/members/:id/force-logout: every live session ends (the account stays open). */
export async function forceLogoutMember(
  deps: MemberDeskDeps,
  actor: OperatorActor,
  memberId: number,
  body: MemberActionBody,
  requestId: string,
): Promise<MemberActionValue> {
  const member = await realMember(deps, memberId);
  const now = deps.clock();
  const sessionsEnded = await deps.db.transaction().execute(async (trx) => {
    const ended = await revokeMemberSessions(trx, memberId, now, 'operator_logout');
    await deps.ops.audit(trx, {
      actor,
      action: 'member.force_logout',
      subjectType: 'member',
      subjectId: String(memberId),
      before: null,
      after: { sessionsEnded: ended },
      reason: body.reason,
      requestId,
    });
    return ended;
  });
  return { member: toOps(member), sessionsEnded };
}

/**
 * POST /ops/members/:id/reset-password: a one-time temporary password by the member's own channel
 * (SMS to the mobile, else e-mail); logging in with it forces a new password. The member's sessions
 * end. The operator never sees the password; the audit keeps the channel and the masked address.
 */
export async function resetMemberPassword(
  deps: MemberDeskDeps,
  actor: OperatorActor,
  memberId: number,
  body: MemberActionBody,
  language: 'PT' | 'EN',
  requestId: string,
): Promise<MemberPasswordResetValue> {
  const member = await realMember(deps, memberId);
  if (!member.mobile && !member.email) throw new MemberDeskError('member_no_channel');
  const now = deps.clock();
  const done = await deps.db.transaction().execute(async (trx) => {
    const issued = await issueTemporaryPassword(trx, deps, {
      member,
      merchantCode: deps.merchantCode,
      language,
      now,
    });
    if (!issued) throw new MemberDeskError('member_no_channel');
    const ended = await revokeMemberSessions(trx, memberId, now, 'password_reset');
    await deps.ops.audit(trx, {
      actor,
      action: 'member.reset_password',
      subjectType: 'member',
      subjectId: String(memberId),
      before: null,
      after: {
        channel: issued.channel,
        sentTo: issued.sentTo,
        expiresAt: issued.expiresAt.toISOString(),
        sessionsEnded: ended,
      },
      reason: body.reason,
      requestId,
    });
    return { issued, ended };
  });
  // After the commit: the sandbox outbox writes through the root connection.
  await done.issued.send();
  return {
    member: toOps(member),
    channel: done.issued.channel,
    sentTo: done.issued.sentTo,
    expiresAt: done.issued.expiresAt.toISOString(),
    sessionsEnded: done.ended,
  };
}
