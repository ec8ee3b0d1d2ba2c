import type { RouteObject } from 'react-router';
import { loadAgentCentrePage, loadAgentLandingPage } from '@/features/agent-centre';
import { loadPromotionsPage } from '@/features/content';
import { loadPointMallPage, loadVipPage } from '@/features/engagement';
import { loadLotteryPage, loadSeamlessPage } from '@/features/games';
import { loadHouseLotteryPage, loadHousePlayPage, loadSandboxPlayPage } from '@/features/house';
import { HomePage, loadAccountListPage, loadGameCentrePage, loadGameListPage } from '@/features/lobby';
import { loadMemberCentrePage } from '@/features/member-centre';
import { loadSupportPage } from '@/features/system';
import { paths } from '@/config/paths';
import { withMessages } from '@/i18n';
import { RequireSession, type RouteHandle } from './guard';
import { MainLayout } from './layouts/MainLayout';
import { RootLayout } from './layouts/RootLayout';
import { lazyElement } from './route-handles';

/** A route whose page module (default export) loads on demand. */
const page = (
  path: string,
  name: string,
  load: () => Promise<{ default: React.ComponentType }>,
  options: { login?: boolean; footer?: boolean } = {},
): RouteObject => ({
  path,
  caseSensitive: true,
  handle: { name, footer: options.footer, requiresLogin: options.login } satisfies RouteHandle,
  element: options.login ? (
    <RequireSession to={paths.login}>{lazyElement(path, load)}</RequireSession>
  ) : (
    lazyElement(path, load)
  ),
});

const home = (path: string): RouteObject => ({
  path,
  caseSensitive: true,
  handle: { name: 'home' } satisfies RouteHandle,
  Component: HomePage,
});

/** /login, /register, /help: the home view with that modal open. */
const withModal = (path: string, kind: 'login' | 'register' | 'help'): RouteObject => ({
  path,
  caseSensitive: true,
  handle: { name: 'home' } satisfies RouteHandle,
  element: lazyElement(path, loadModalRoutes[kind]),
});

const modalRoute = (kind: 'login' | 'register' | 'help') => async () => {
  const { HomeWithModal } = await import('./routes/HomeWithModal');
  return { default: () => <HomeWithModal kind={kind} /> };
};
const loadModalRoutes = {
  login: modalRoute('login'),
  register: modalRoute('register'),
  help: modalRoute('help'),
};

const loadNotFound = async () => ({
  default: (await withMessages(() => import('./routes/NotFound'))()).NotFound,
});
const loadGameLayout = async () => ({ default: (await import('./layouts/GameLayout')).GameLayout });
const loadAgentLayout = async () => ({ default: (await import('./layouts/AgentLayout')).AgentLayout });

/** Every route of spec section 2 with its aliases. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      {
        Component: MainLayout,
        children: [
          home(paths.home),
          ...paths.homeAliases.map(home),
          withModal(paths.login, 'login'),
          withModal(paths.register, 'register'),
          withModal(paths.help, 'help'),
          page(paths.sports, 'gameCentre', loadGameCentrePage),
          page(paths.esports, 'gameCentre', loadGameCentrePage),
          page(paths.lott, 'gameCentre', loadGameCentrePage),
          page(paths.elott, 'gameCentre', loadGameCentrePage),
          page(paths.cockfight, 'gameCentre', loadGameCentrePage),
          page(paths.live, 'gameList', loadGameListPage),
          page(paths.fish, 'gameList', loadGameListPage),
          page(paths.rng, 'gameList', loadGameListPage),
          page(paths.pvp, 'gameList', loadGameListPage),
          page(paths.favorite, 'accountList', loadAccountListPage, { login: true }),
          page(paths.recent, 'accountList', loadAccountListPage, { login: true }),
          page(paths.hot, 'accountList', loadAccountListPage),
          page(paths.lottery, 'lottery', loadLotteryPage, { login: true, footer: false }),
          page(paths.seaLottery, 'lottery', loadLotteryPage, { login: true, footer: false }),
          page(paths.vnLottery, 'lottery', loadLotteryPage, { login: true, footer: false }),
          page(paths.member, 'member', loadMemberCentrePage, { login: true }),
          page(paths.promotions, 'promotions', loadPromotionsPage),
          page(paths.pointMall, 'pointMall', loadPointMallPage),
          page(paths.vip, 'vip', loadVipPage),
          {
            path: '*',
            handle: { name: 'notFound' } satisfies RouteHandle,
            element: lazyElement('*', loadNotFound),
          },
        ],
      },
      {
        element: lazyElement('game-layout', loadGameLayout),
        children: [
          page(paths.seamless, 'seamless', loadSeamlessPage, { footer: false }),
          page(paths.lottert, 'gamePage', loadLotteryPage, { footer: false }),
          page(paths.vnlottery, 'gamePage', loadLotteryPage, { footer: false }),
          page(paths.sealottery, 'gamePage', loadLotteryPage, { footer: false }),
        ],
      },
      // A page of its own (the customer-service window): no header, side menu or footer.
      page(paths.support, 'support', loadSupportPage),
      // The house vendor's game pages: a vendor's own frame, never the member site's chrome.
      page(paths.housePlay, 'house', loadHousePlayPage),
      page(paths.houseLottery, 'house', loadHouseLotteryPage),
      page(paths.sandboxPlay, 'house', loadSandboxPlayPage),
      {
        element: lazyElement('agent-layout', loadAgentLayout),
        children: [
          page(paths.agent, 'agent', loadAgentLandingPage),
          {
            path: paths.agentHome,
            caseSensitive: true,
            handle: { name: 'agentHome', requiresLogin: true } satisfies RouteHandle,
            element: (
              <RequireSession to={paths.agent}>
                {lazyElement(paths.agentHome, loadAgentCentrePage)}
              </RequireSession>
            ),
          },
        ],
      },
    ],
  },
];
