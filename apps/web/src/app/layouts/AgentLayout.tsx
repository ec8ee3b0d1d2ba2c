import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AgentHeader } from '@/features/agent-centre';
import { hasToken } from '@/api';

/** /agent and /agentHome: no site header or footer; the agent bar when logged in. */
export function AgentLayout() {
  // Re-evaluated on every navigation: signing out on /agentHome leads to /agent without the bar.
  useLocation();
  return (
    <div className="shell shell--agent">
      {hasToken() && (
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
