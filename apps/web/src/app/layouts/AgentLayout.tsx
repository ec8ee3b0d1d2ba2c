import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AgentHeader } from '@/features/agent-centre';
import { hasToken } from '@/api';
import { paths } from '@/config/paths';

/**
 * /agent and /agentHome: no site header or footer. The agent bar belongs to the agent centre only
 * (whose loader admits agents alone); the landing has its own top bar, whoever is logged in.
 */
export function AgentLayout() {
  // Re-evaluated on every navigation: signing out on /agentHome leads to /agent without the bar.
  const { pathname } = useLocation();
  return (
    <div className="shell shell--agent">
      {pathname === paths.agentHome && hasToken() && (
        <Suspense fallback={<div className="agent-bar agent-bar--placeholder" />}>
          <AgentHeader />
        </Suspense>
      )}
      <main id="main" className="shell__main shell__main--agent" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
