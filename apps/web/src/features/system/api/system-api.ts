import type { Language } from '@banca/contract';
import { systemCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

/** Merchant settings do not change within a session: fetched once at start-up, then read from cache. */
const forSession = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

export const statusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => apiCall(systemCalls.status, { signal }),
  ...forSession,
});
export const whitelabelQuery = queryOptions({
  queryKey: ['system', 'whitelabel'],
  queryFn: ({ signal }) => apiCall(systemCalls.whitelabel, { signal }),
  ...forSession,
});
export const registerSettingsQuery = queryOptions({
  queryKey: ['system', 'registerSettings'],
  queryFn: ({ signal }) => apiCall(systemCalls.registerSettings, { signal }),
  ...forSession,
});
export const domainRouteQuery = queryOptions({
  queryKey: ['system', 'domainRoute'],
  queryFn: ({ signal }) => apiCall(systemCalls.domainRoute, { signal }),
  ...forSession,
});
export const resourcesQuery = queryOptions({
  queryKey: ['system', 'resources'],
  queryFn: ({ signal }) => apiCall(systemCalls.resources, { signal }),
  ...forSession,
});
export const customerServiceQuery = queryOptions({
  queryKey: ['system', 'customerService'],
  queryFn: ({ signal }) => apiCall(systemCalls.customerService, { signal }),
  ...forSession,
});
export const countriesQuery = queryOptions({
  queryKey: ['system', 'countries'],
  queryFn: ({ signal }) => apiCall(systemCalls.countries, { signal }),
  ...forSession,
});
export const cdnQuery = queryOptions({
  queryKey: ['system', 'cdn'],
  queryFn: ({ signal }) => apiCall(systemCalls.cdn, { signal }),
  ...forSession,
});
export const helpCenterQuery = (lang: Language) =>
  queryOptions({
    queryKey: ['system', 'helpCenter', lang],
    queryFn: ({ signal }) => apiCall(systemCalls.helpCenter, { query: { lang, device: 'WEB' }, signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** The permissions fetched at start-up beside the status (spec section 4). */
export const startupPermissionQueries = [
  whitelabelQuery,
  registerSettingsQuery,
  resourcesQuery,
  domainRouteQuery,
  customerServiceQuery,
  cdnQuery,
  countriesQuery,
] as const;
