import type { Database } from '../../database.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import { authCleanupJob } from './session.jobs.ts';
import { registerSessionRoutes } from './session.routes.ts';
import { registerSocialLoginRoutes, type SocialRouteDeps } from './social-login.routes.ts';

/**
 * The session module: login (password, SMS code, social), throttles, free play, second verification
 * for new IPs, logout, tokens. Owns the session, member_known_ip, login_challenge, auth_audit and
 * social_login_state tables; members are read and written through the member module's service,
 * captchas and codes through the verification module's. Its repository and table files are private.
 */
export {
  authenticate,
  lastLogins,
  listAuthAudit,
  memberSessionHistory,
  rememberKnownIp,
  revokeMemberSessions,
} from './session.service.ts';
export { login } from './login.service.ts';
export { freePlay } from './free-play.service.ts';
export { sessionsForMembers } from './member-sessions.ts';
export type { AuthDeps } from './session.deps.ts';

export type SessionModuleDeps = SocialRouteDeps;

export const sessionModule: ServerModule<SessionModuleDeps, Database> = {
  name: 'session',
  jobs: () => [authCleanupJob],
  register: (app, deps) => {
    registerSessionRoutes(app, deps);
    registerSocialLoginRoutes(app, deps);
  },
};
