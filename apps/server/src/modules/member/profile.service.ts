import { isAgentType, isTrialType, type MemberIcon, type MemberInfo } from '@banca/contract';
import { AuthError } from '../../platform/http/auth-error.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { maskEmail, maskMobile } from '../verification/index.ts';
import type { MemberDeps } from './member.deps.ts';
import { uplineAccountOf } from './downline.service.ts';
import { findMemberById } from './member.repository.ts';

/** GET /wps/member/info. Open to trial accounts too: the client needs their type to show prompts. */
export async function getMemberInfo(deps: MemberDeps, auth: RouteAuth): Promise<MemberInfo> {
  const member = await findMemberById(deps.db, auth.memberId);
  if (!member) throw new AuthError('not_logged_in');
  const flags = await deps.settings.flags(member.merchant_code);
  return {
    id: member.id,
    account: member.account,
    nickname: member.nickname,
    type: member.type,
    isAgent: isAgentType(member.type),
    isTrial: isTrialType(member.type),
    vipLevel: member.vip_level,
    vipLabel: flags.vip.enabled ? flags.vip.labelName : null,
    mobileNum: member.mobile ? maskMobile(member.mobile) : null,
    email: member.email ? maskEmail(member.email) : null,
    createdAt: member.created_at.toISOString(),
    uplineAccount: await uplineAccountOf(deps.db, member.id),
  };
}

/** GET /wps/member/info/icon */
export async function getMemberIcon(deps: Pick<MemberDeps, 'db'>, auth: RouteAuth): Promise<MemberIcon> {
  const member = await findMemberById(deps.db, auth.memberId);
  if (!member) throw new AuthError('not_logged_in');
  return { iconUrl: member.icon_url };
}
