import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigation } from 'react-router';
import { uiStore } from '@/state';
import type { RouteHandle } from './guard';

/** The name of the deepest matched route that has one. */
export const routeNameOf = (matches: ReturnType<typeof useMatches>): string | undefined => {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
};

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
 * After each navigation (spec section 2): the loading cover is hidden, the page scrolls to top when
 * the route name changes, and a URL hash scrolls to that element. A navigation that takes a moment
 * (a lazily loaded page) shows the cover meanwhile. The phone drawer closes.
 */
export function NavigationEffects() {
  const navigation = useNavigation();
  const location = useLocation();
  const matches = useMatches();
  const name = routeNameOf(matches);
  const lastName = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (navigation.state === 'idle') {
      uiStore.set({ loadingCover: false });
      return;
    }
    const timer = setTimeout(() => uiStore.set({ loadingCover: true }), 150);
    return () => clearTimeout(timer);
  }, [navigation.state]);

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
