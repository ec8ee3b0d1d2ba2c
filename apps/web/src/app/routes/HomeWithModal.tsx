import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HomePage } from '@/features/lobby';
import { NEXT_PARAM, paths, safeAppPath } from '@/config/paths';
import { closeModalsOfKind, openModal } from '@/state';

type Kind = 'login' | 'register' | 'help';

/**
 * /login, /register and /help (spec section 2): the home view with a modal open. Closing the modal
 * returns to /. On /help the URL hash selects the article (/help#term); on /login, `?next=` names
 * the page to open after logging in (same-origin app paths only: safeAppPath).
 */
export function HomeWithModal({ kind }: { kind: Kind }) {
  const navigate = useNavigate();
  const { hash, pathname, search } = useLocation();
  const slug = kind === 'help' && hash ? decodeURIComponent(hash.slice(1)) : undefined;
  // /login?next=: the page a logged-out member asked for, where the login goes on to.
  const next = kind === 'login' ? safeAppPath(new URLSearchParams(search).get(NEXT_PARAM)) : null;

  useEffect(() => {
    const props = kind === 'help' ? (slug ? { slug } : {}) : kind === 'login' && next ? { next } : {};
    openModal(kind, props as never, () => {
      if (window.location.pathname === pathname) void navigate(paths.home, { replace: true });
    });
  }, [kind, slug, next, pathname, navigate]);

  // Leaving the route by other means (back button) closes its modal.
  useEffect(() => () => closeModalsOfKind(kind), [kind]);

  return <HomePage />;
}
