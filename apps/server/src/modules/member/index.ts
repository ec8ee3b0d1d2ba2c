import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerMemberRoutes, type MemberRouteDeps } from './member.routes.ts';

/**
 * The member module: registration, profile, passwords, SMS codes for them. Owns the member, affiliate
 * and member_social_identity rows; other modules read and write members only through what is
 * exported here. Its repository and table files are private.
 */
export { checkLoginPassword, spendTempPassword, memberPasswordVerifier } from './passwords.service.ts';
export {
  createSandboxMember,
  createSocialMember,
  createTrialMember,
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  findMemberBySocialLogin,
  listDirectDownline,
  markFirstLogin,
  registeredMembers,
  memberAccessColumns,
  touchSocialLogin,
} from './accounts.service.ts';
export {
  issueTemporaryPassword,
  memberMayPlay,
  memberWithFamily,
  searchMembers,
  setMemberStatus,
  type MemberStatus,
} from './member-desk.service.ts';
export {
  addToDownlineTree,
  countMemberTeam,
  createInvitationCode,
  directDownline,
  findInTree,
  invitationCodes,
  isInTree,
  membersByIds,
  moveMember,
  promoteChildToAgent,
  registerDownline,
  team,
  teamIds,
  uplinePaths,
  uplinesOf,
  uplineAccountOf,
  type TeamMember,
} from './downline.service.ts';
export { sendSmsCode } from './sms-code.service.ts';
export { register } from './registration.service.ts';
export { memberRegistered } from './member.events.ts';
export type { MemberDeps, MemberPaymentPasswords, MemberSessions } from './member.deps.ts';
export type { MemberView } from './member-view.ts';

export const memberModule: ServerModule<MemberRouteDeps> = {
  name: 'member',
  register: registerMemberRoutes,
};
