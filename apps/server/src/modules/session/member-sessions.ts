import type { MemberSessions } from '../member/index.ts';
import { logIn, recordAudit, revokeMemberSessions } from './session.service.ts';

/**
 * The session service as the member module needs it (registration and the phone reset log in,
 * password changes end sessions, member flows write the auth audit). The app passes this to member's
 * services: member cannot import session, which imports member.
 */
export const sessionsForMembers: MemberSessions = { logIn, revokeMemberSessions, recordAudit };
