import { Suspense, useEffect, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { SYSTEM_STATUS } from '@banca/contract';
import {
  BlockedPage,
  MaintenancePage,
  NetworkErrorPage,
  cdnQuery,
  pickOncePerSession,
  startupPermissionQueries,
  statusQuery,
  whitelabelQuery,
} from '@/features/system';
import { paths } from '@/config/paths';
import { uiStore } from '@/state';

/**
 * Start-up (spec section 4): the system status and, in parallel, the permissions; then the app
 * (status 0), the maintenance page (1) or the region-blocked page (2). A failed status call shows the
 * network page with a retry. Permission failures do not block the app: features read their absence.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const status = useQuery(statusQuery);
  const permissionsSettled = useQueries({
    queries: startupPermissionQueries.map((query) => ({ ...query })),
    combine: (results) => results.every((result) => !result.isPending),
  });
  const whitelabel = useQuery(whitelabelQuery).data;
  const cdn = useQuery(cdnQuery).data;

  useEffect(() => {
    if (!status.data) return;
    uiStore.set({ systemStatus: status.data.systemStatus, location: status.data.location });
  }, [status.data]);

  useEffect(() => {
    if (whitelabel) uiStore.set({ whitelabel });
  }, [whitelabel]);

  useEffect(() => {
    if (!cdn) return;
    uiStore.set({
      imgUrl: pickOncePerSession('imgUrl', cdn.imgUrls),
      startGameUrl: pickOncePerSession('startGameUrl', cdn.startGameUrls),
      analyticsId: cdn.analyticsId,
    });
  }, [cdn]);

  if (status.isPending) return null;
  if (status.isError)
    return <NetworkErrorPage onRetry={() => void status.refetch()} retrying={status.isFetching} />;

  const { systemStatus, maintenance, location } = status.data;
  // The support page is where the maintenance and blocked pages send people: it always renders.
  const supportPage = window.location.pathname === paths.support;
  if (systemStatus === SYSTEM_STATUS.MAINTENANCE && !supportPage) {
    return (
      <Suspense fallback={null}>
        <MaintenancePage endTime={maintenance?.endTime ?? null} />
      </Suspense>
    );
  }
  if (systemStatus === SYSTEM_STATUS.REGION_BLOCKED && !supportPage) {
    return (
      <Suspense fallback={null}>
        <BlockedPage ip={location?.ip ?? null} />
      </Suspense>
    );
  }
  if (!permissionsSettled) return null;
  return <>{children}</>;
}
