import { Suspense, lazy } from 'react';

// The lobby's code (and with it its calls) starts loading as soon as the shell runs, beside the
// start-up calls, so the first route's chunk carries only this frame (bench/web-size).
const lobby = import('./HomeLobby');
const HomeLobby = lazy(() => lobby);

/**
 * Home lobby (spec section 2): the body is HomeLobby; until its code is in, the placeholder keeps the
 * banner, notice and menu boxes, so nothing shifts.
 */
export function HomePage() {
  return (
    <Suspense
      fallback={
        <div className="home" aria-busy="true">
          <div className="banner__frame" />
          <div className="notice-bar notice-bar--placeholder" />
          <div className="category-menu category-menu--placeholder" />
        </div>
      }
    >
      <HomeLobby />
    </Suspense>
  );
}
