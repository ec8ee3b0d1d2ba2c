import { Suspense, lazy } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../guard';
import { Header } from './Header';
import { RightBar } from './RightBar';
import { SideMenu } from './SideMenu';

/** The footer sits below the fold on every page: it loads right after first paint. */
const Footer = lazy(() => import('./Footer'));

/** Side menu, header, content and footer (spec section 2). Lottery pages drop the footer. */
export function MainLayout() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const footer = handle?.footer !== false;
  return (
    <div className="shell shell--main">
      <Header withSideMenu />
      <div className="shell__body">
        <SideMenu />
        <div className="shell__content">
          <main id="main" className="shell__main" tabIndex={-1}>
            <Outlet />
          </main>
          {footer && (
            <Suspense fallback={<div className="footer footer--placeholder" />}>
              <Footer />
            </Suspense>
          )}
        </div>
      </div>
      <RightBar />
    </div>
  );
}
