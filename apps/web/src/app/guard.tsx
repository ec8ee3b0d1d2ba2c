import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasToken } from '@/api';
import { NEXT_PARAM, paths } from '@/config/paths';

/**
 * Navigation guard (spec section 2): a route that needs login, reached without a session token,
 * goes to `to` (/login, home with the login popup open; the agent landing for the agent centre).
 * /login carries the page asked for (`?next=`), where the member lands after logging in.
 * It wraps the route's element, so it decides before any lazily loaded page code is fetched.
 */
export function RequireSession({ to, children }: { to: string; children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  if (hasToken()) return children;
  const next = to === paths.login ? `?${NEXT_PARAM}=${encodeURIComponent(pathname + search + hash)}` : '';
  return <Navigate to={`${to}${next}`} replace />;
}

/** What the shell needs to know about a route, kept in its `handle`. */
export interface RouteHandle {
  /** Scroll to top happens when this changes between navigations. */
  name: string;
  /** Lottery and seamless pages have no footer. */
  footer?: boolean;
  requiresLogin?: boolean;
}
