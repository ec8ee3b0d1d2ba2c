import { redirect } from 'react-router';
import { hasToken } from '@/api';
import { paths } from '@/config/paths';

/**
 * Navigation guard (spec section 2): a route that needs login, reached without a session token,
 * goes to /login (home with the login popup open). Runs as the route's loader, so it decides before
 * any lazily loaded page code is fetched.
 */
export const requireLogin = () => (hasToken() ? null : redirect(paths.login));

/** The agent centre sends visitors without a session to the agent landing and its login form. */
export const requireAgentSession = () => (hasToken() ? null : redirect(paths.agent));

/** What the shell needs to know about a route, kept in its `handle`. */
export interface RouteHandle {
  /** Scroll to top happens when this changes between navigations. */
  name: string;
  /** Lottery and seamless pages have no footer. */
  footer?: boolean;
  requiresLogin?: boolean;
}
