import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { BACKOFFICE_BASE } from '@banca/contract/routes';
import { LoginPage } from '@/features/auth/LoginPage.tsx';
import { useSession } from './session.tsx';
import { LOGIN_PATH } from './paths.ts';
import { Splash } from '@/ui/Splash.tsx';

/** Only for a logged-in operator: otherwise to the login page, coming back here after it. */
function RequireSession({ children }: { children: React.ReactNode }) {
  const { me } = useSession();
  const location = useLocation();
  if (me === undefined) return <Splash />;
  if (me === null) {
    const next = location.pathname + location.search;
    return <Navigate to={`${LOGIN_PATH}?next=${encodeURIComponent(next)}`} replace />;
  }
  return children;
}

/** The shell and its pages load after the login: the first load is only the login page (budget). */
export const router = createBrowserRouter(
  [
    { path: LOGIN_PATH, element: <LoginPage /> },
    {
      path: '/',
      hydrateFallbackElement: <Splash />,
      lazy: async () => {
        const { Shell } = await import('@/features/shell/Shell.tsx');
        return {
          element: (
            <RequireSession>
              <Shell />
            </RequireSession>
          ),
        };
      },
      children: [
        { index: true, lazy: async () => ({ Component: (await import('@/features/shell/Home.tsx')).Home }) },
        {
          path: 'dashboard',
          lazy: async () => ({
            Component: (await import('@/features/dashboard/DashboardPage.tsx')).DashboardPage,
          }),
        },
        {
          path: 'maintenance',
          lazy: async () => ({
            Component: (await import('@/features/maintenance/MaintenancePage.tsx')).MaintenancePage,
          }),
        },
        {
          path: 'withdrawals',
          lazy: async () => ({
            Component: (await import('@/features/withdrawals/WithdrawalsPage.tsx')).WithdrawalsPage,
          }),
        },
        {
          path: 'members',
          lazy: async () => ({ Component: (await import('@/features/members/MembersPage.tsx')).MembersPage }),
        },
        {
          path: 'members/:id',
          lazy: async () => ({
            Component: (await import('@/features/members/MemberProfilePage.tsx')).MemberProfilePage,
          }),
        },
        {
          path: 'audit',
          lazy: async () => ({ Component: (await import('@/features/audit/AuditPage.tsx')).AuditPage }),
        },
        // --- agents (issue 24, branch teampages) ---
        {
          path: 'agents',
          lazy: async () => ({ Component: (await import('@/features/agents/AgentsPage.tsx')).AgentsPage }),
        },
        // Agent contracts (issue 24 item 6, branch agentops).
        {
          path: 'contracts',
          lazy: async () => ({
            Component: (await import('@/features/contracts/ContractsPage.tsx')).ContractsPage,
          }),
        },
        {
          path: 'contracts/:id',
          lazy: async () => ({
            Component: (await import('@/features/contracts/ContractDetailPage.tsx')).ContractDetailPage,
          }),
        },
        {
          path: 'help',
          lazy: async () => ({ Component: (await import('@/features/help/HelpPage.tsx')).HelpPage }),
        },
        {
          path: 'customer-service',
          lazy: async () => ({
            Component: (await import('@/features/customer-service/CustomerServicePage.tsx'))
              .CustomerServicePage,
          }),
        },
        {
          path: 'banners',
          lazy: async () => ({
            Component: (await import('@/features/banners/BannersPage.tsx')).BannersPage,
          }),
        },
        {
          path: 'messages',
          lazy: async () => ({
            Component: (await import('@/features/messages/MessagesPage.tsx')).MessagesPage,
          }),
        },
        {
          path: 'catalogue',
          lazy: async () => ({
            Component: (await import('@/features/catalogue/CataloguePage.tsx')).CataloguePage,
          }),
        },
        {
          path: 'operators',
          lazy: async () => ({
            Component: (await import('@/features/operators/OperatorsPage.tsx')).OperatorsPage,
          }),
        },
        {
          path: 'platform',
          lazy: async () => ({
            Component: (await import('@/features/platform/PlatformPage.tsx')).PlatformPage,
          }),
        },
        {
          path: 'events',
          lazy: async () => ({ Component: (await import('@/features/events/EventsPage.tsx')).EventsPage }),
        },
        // finance (issue 23 items 4-5)
        {
          path: 'deposits',
          lazy: async () => ({
            Component: (await import('@/features/finance/DepositsPage.tsx')).DepositsPage,
          }),
        },
        {
          path: 'adjustments',
          lazy: async () => ({
            Component: (await import('@/features/finance/AdjustmentsPage.tsx')).AdjustmentsPage,
          }),
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: BACKOFFICE_BASE },
);
