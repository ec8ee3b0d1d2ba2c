import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { useRouteHandles } from '../route-handles';
import { Header } from './Header';
import { RightBar } from './RightBar';
import { SideMenu } from './SideMenu';

/** The footer sits below the fold on every page: it loads right after first paint. */
const Footer = lazy(() => import('./Footer'));

/** Side menu, header, content and footer (spec section 2). Lottery pages drop the footer. */
export function MainLayout() {
  const handles = useRouteHandles();
  const footer = handles[handles.length - 1]?.footer !== false;
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
