import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HomePage } from '@/features/lobby';
import { paths } from '@/config/paths';
import { closeModalsOfKind, openModal } from '@/state';

type Kind = 'login' | 'register' | 'help';

/**
 * /login, /register and /help (spec section 2): the home view with a modal open. Closing the modal
 * returns to /. On /help the URL hash selects the article (/help#term).
 */
export function HomeWithModal({ kind }: { kind: Kind }) {
  const navigate = useNavigate();
  const { hash, pathname } = useLocation();
  const slug = kind === 'help' && hash ? decodeURIComponent(hash.slice(1)) : undefined;

  useEffect(() => {
    const props = kind === 'help' ? (slug ? { slug } : {}) : {};
    openModal(kind, props as never, () => {
      if (window.location.pathname === pathname) void navigate(paths.home, { replace: true });
    });
  }, [kind, slug, pathname, navigate]);

  // Leaving the route by other means (back button) closes its modal.
  useEffect(() => () => closeModalsOfKind(kind), [kind]);

  return <HomePage />;
}
