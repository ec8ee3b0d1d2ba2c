import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerMemberRoutes, type MemberRouteDeps } from './member.routes.ts';

/**
 * The member module: registration, profile, passwords, SMS codes for them. Owns the member, affiliate
 * and member_social_identity rows; other modules read and write members only through what is
 * exported here. Its repository and table files are private.
 */
export { checkAffiliate, register } from './registration.service.ts';
export {
  changePassword,
  checkLoginPassword,
  forgotPasswordByEmail,
  resetPasswordByPhone,
  spendTempPassword,
  TEMP_PASSWORD_TTL_MS,
  verifyMemberPassword,
} from './passwords.service.ts';
export { getMemberIcon, getMemberInfo } from './profile.service.ts';
export {
  countMemberTeam,
  createSandboxMember,
  createSocialMember,
  createTrialMember,
  findMemberAccess,
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  findMemberBySocialLogin,
  listDirectDownline,
  markFirstLogin,
  memberAccessColumns,
  setPaymentPasswordHash,
  touchSocialLogin,
} from './accounts.service.ts';
export { sendSmsCode } from './sms-code.service.ts';
export { memberRegistered } from './member.events.ts';
export type { MemberAuditEvent, MemberDeps, MemberSessions } from './member.deps.ts';
export type { MemberView } from './member-view.ts';
export type { MemberStatus } from './member.table.ts';

export const memberModule: ServerModule<MemberRouteDeps> = {
  name: 'member',
  register: registerMemberRoutes,
};
