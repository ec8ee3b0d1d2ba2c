import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { hasKey, t as translate, useT } from '@/i18n';
import { uiStore } from '@/state';
import { pageTitle } from './page-title';
import { routeNameOf, useRouteHandles } from './route-handles';

/** The site's name as the served page titles it (white-label), read once. */
let siteName: string | undefined;

/** Scrolls to the element whose id is the URL hash, once it is rendered. */
export const scrollToHash = (hash: string): boolean => {
  if (!hash || hash === '#') return false;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep the raw id
  }
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ block: 'start' });
  return true;
};

/**
 * After each navigation (spec section 2): the page scrolls to top when the route name changes, and a
 * URL hash scrolls to that element. The phone drawer closes. (A navigation that takes a moment, a
 * lazily loaded page, shows the loading cover meanwhile: route-handles.tsx.)
 */
export function NavigationEffects() {
  const location = useLocation();
  const name = routeNameOf(useRouteHandles());
  const lastName = useRef<string | undefined>(undefined);
  const { language, t } = useT();

  // Each route its own document title, in the page's language (again once lazy messages arrive).
  useEffect(() => {
    siteName ??= document.title || 'Banca';
    document.title = pageTitle(location.pathname, location.search, name, siteName, (key) =>
      hasKey(key) ? translate(key) : undefined,
    );
  }, [location.pathname, location.search, name, language, t]);

  useEffect(() => {
    if (lastName.current !== undefined && lastName.current !== name) window.scrollTo(0, 0);
    lastName.current = name;
  }, [name, location.key]);

  useEffect(() => {
    uiStore.set({ showSideMenu: false });
    if (!location.hash) return;
    // The target may render a frame later (lazy content, data): try now, then once more.
    if (scrollToHash(location.hash)) return;
    const frame = requestAnimationFrame(() => {
      if (!scrollToHash(location.hash)) setTimeout(() => scrollToHash(location.hash), 300);
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash]);

  return null;
}
