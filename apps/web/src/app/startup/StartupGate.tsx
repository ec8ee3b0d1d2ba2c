import { Suspense, useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SYSTEM_STATUS } from '@banca/contract';
import {
  BlockedPage,
  MaintenancePage,
  NetworkErrorPage,
  loadDeferredStartup,
  startupQuery,
} from '@/features/system';
import { paths } from '@/config/paths';

/** Runs `task` once the browser is idle (or after `timeout` ms at the latest); returns a cancel. */
const whenIdle = (task: () => void, timeout = 2000): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1);
  return () => clearTimeout(id);
};

/**
 * Start-up (spec section 4): the start-up data (status, white-label, CDN, resources, customer
 * service), inlined into index.html by the gateway or else fetched in one call; then the app (status
 * 0), the maintenance page (1) or the region-blocked page (2). A failed start-up call shows the
 * network page with a retry. The other start-up permissions (register settings, domain routes,
 * countries) load once the app is on screen; their failures do not block it.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const startup = useQuery(startupQuery);
  const status = startup.data?.status;
  const supportPage = window.location.pathname === paths.support;
  const showApp = status?.systemStatus === SYSTEM_STATUS.NORMAL || (!!status && supportPage);

  useEffect(() => {
    if (!showApp) return;
    return whenIdle(() => loadDeferredStartup(client));
  }, [showApp, client]);

  if (startup.isPending) return null;
  if (startup.isError || !status)
    return <NetworkErrorPage onRetry={() => void startup.refetch()} retrying={startup.isFetching} />;

  // The support page is where the maintenance and blocked pages send people: it always renders.
  if (status.systemStatus === SYSTEM_STATUS.MAINTENANCE && !supportPage) {
    return (
      <Suspense fallback={null}>
        <MaintenancePage endTime={status.maintenance?.endTime ?? null} />
      </Suspense>
    );
  }
  if (status.systemStatus === SYSTEM_STATUS.REGION_BLOCKED && !supportPage) {
    return (
      <Suspense fallback={null}>
        <BlockedPage ip={status.location?.ip ?? null} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
