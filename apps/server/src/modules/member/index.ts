import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerMemberRoutes, type MemberRouteDeps } from './member.routes.ts';

/**
 * The member module: registration, profile, passwords, SMS codes for them. Owns the member, affiliate
 * and member_social_identity rows; other modules read and write members only through what is
 * exported here. Its repository and table files are private.
 */
export {
  changePassword,
  checkAffiliate,
  forgotPasswordByEmail,
  getMemberIcon,
  getMemberInfo,
  register,
  resetPasswordByPhone,
  TEMP_PASSWORD_TTL_MS,
} from './member.service.ts';
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
  spendTempPassword,
  touchSocialLogin,
} from './member-records.service.ts';
export { sendSmsCode } from './sms-code.service.ts';
export { memberRegistered } from './member.events.ts';
export type { MemberAuditEvent, MemberDeps, MemberPaymentPasswords, MemberSessions } from './member.deps.ts';
export type { MemberRow, MemberStatus } from './member.table.ts';

export const memberModule: ServerModule<MemberRouteDeps> = {
  name: 'member',
  register: registerMemberRoutes,
};
