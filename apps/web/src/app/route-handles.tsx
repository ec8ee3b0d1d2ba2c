import { createContext, lazy, Suspense, useContext, useEffect, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { uiStore } from '@/state';
import type { RouteHandle } from './guard';

/** The handles of the matched routes, outermost first (what a data router's useMatches gives). */
const RouteHandlesContext = createContext<readonly (RouteHandle | undefined)[]>([]);
export const useRouteHandles = () => useContext(RouteHandlesContext);

/** The name of the deepest matched route that has one. */
export const routeNameOf = (handles: readonly (RouteHandle | undefined)[]): string | undefined => {
  for (let i = handles.length - 1; i >= 0; i--) {
    const name = handles[i]?.name;
    if (name) return name;
  }
  return undefined;
};

/**
 * The route table rendered for the current location, with the matched handles beside it. A declarative
 * router (no data router: its loaders, fetchers and navigation state machine cost the first visit ~18
 * KB gzip the app does not use); route guards are elements (guard.tsx), pages load with React.lazy.
 */
export function RouteTable({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const handles = (matchRoutes(routes, location) ?? []).map((m) => m.route.handle as RouteHandle | undefined);
  return <RouteHandlesContext.Provider value={handles}>{element}</RouteHandlesContext.Provider>;
}

/**
 * Shown while a lazily loaded page's code arrives: after 150 ms the loading cover (spec section 2),
 * hidden again once the page renders.
 */
function PendingCover() {
  useEffect(() => {
    const timer = setTimeout(() => uiStore.set({ loadingCover: true }), 150);
    return () => {
      clearTimeout(timer);
      uiStore.set({ loadingCover: false });
    };
  }, []);
  return null;
}

const lazyComponents = new Map<() => Promise<unknown>, ComponentType>();

/**
 * The element of a page whose module loads on demand: one React.lazy per loader (routes that share a
 * page share it), in a Suspense boundary of its own keyed by `key`, so a navigation to another page
 * shows the pending cover instead of keeping the previous page as a transition would.
 */
export function lazyElement(key: string, load: () => Promise<{ default: ComponentType }>) {
  let Page = lazyComponents.get(load);
  if (!Page) {
    Page = lazy(load);
    lazyComponents.set(load, Page);
  }
  return (
    <Suspense key={key} fallback={<PendingCover />}>
      <Page />
    </Suspense>
  );
}
