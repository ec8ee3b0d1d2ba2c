import { Outlet } from 'react-router';
import { Header } from './Header';

/** Game pages (/seamless, /lottert, /vnlottery, /sealottery): no side menu and no footer. */
export function GameLayout() {
  return (
    <div className="shell shell--game">
      <Header withSideMenu={false} />
      <main id="main" className="shell__main shell__main--game" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
