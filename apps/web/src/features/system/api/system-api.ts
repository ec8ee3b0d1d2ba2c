import type { systemRoutes } from '@banca/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, routeRef } from '@/api';
import type { Language } from '@banca/contract';

/**
 * The system calls as typed route refs: the contract's method and path without its zod schemas, so
 * the start-up path stays out of zod's weight. system-api.test.ts checks them against the contract.
 */
type R = typeof systemRoutes;
export const systemRefs = {
  status: routeRef<R['status']>({ method: 'GET', path: '/wps/system/status' }),
  whitelabel: routeRef<R['whitelabel']>({ method: 'GET', path: '/wps/system/whitelabel' }),
  registerSettings: routeRef<R['registerSettings']>({ method: 'GET', path: '/wps/system/setting/register' }),
  domainRoute: routeRef<R['domainRoute']>({ method: 'GET', path: '/wps/system/domainRoute' }),
  resources: routeRef<R['resources']>({ method: 'GET', path: '/wps/system/resources' }),
  customerService: routeRef<R['customerService']>({ method: 'GET', path: '/wps/system/customerService' }),
  helpCenter: routeRef<R['helpCenter']>({ method: 'GET', path: '/wps/system/helpCenter' }),
  countries: routeRef<R['countries']>({ method: 'GET', path: '/wps/system/countries' }),
  cdn: routeRef<R['cdn']>({ method: 'GET', path: '/wps/system/cdn' }),
};

/** Merchant settings do not change within a session: fetched once at start-up, then read from cache. */
const forSession = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

export const statusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => apiCall(systemRefs.status, { signal }),
  ...forSession,
});
export const whitelabelQuery = queryOptions({
  queryKey: ['system', 'whitelabel'],
  queryFn: ({ signal }) => apiCall(systemRefs.whitelabel, { signal }),
  ...forSession,
});
export const registerSettingsQuery = queryOptions({
  queryKey: ['system', 'registerSettings'],
  queryFn: ({ signal }) => apiCall(systemRefs.registerSettings, { signal }),
  ...forSession,
});
export const domainRouteQuery = queryOptions({
  queryKey: ['system', 'domainRoute'],
  queryFn: ({ signal }) => apiCall(systemRefs.domainRoute, { signal }),
  ...forSession,
});
export const resourcesQuery = queryOptions({
  queryKey: ['system', 'resources'],
  queryFn: ({ signal }) => apiCall(systemRefs.resources, { signal }),
  ...forSession,
});
export const customerServiceQuery = queryOptions({
  queryKey: ['system', 'customerService'],
  queryFn: ({ signal }) => apiCall(systemRefs.customerService, { signal }),
  ...forSession,
});
export const countriesQuery = queryOptions({
  queryKey: ['system', 'countries'],
  queryFn: ({ signal }) => apiCall(systemRefs.countries, { signal }),
  ...forSession,
});
export const cdnQuery = queryOptions({
  queryKey: ['system', 'cdn'],
  queryFn: ({ signal }) => apiCall(systemRefs.cdn, { signal }),
  ...forSession,
});
export const helpCenterQuery = (lang: Language) =>
  queryOptions({
    queryKey: ['system', 'helpCenter', lang],
    queryFn: ({ signal }) => apiCall(systemRefs.helpCenter, { query: { lang, device: 'WEB' }, signal }),
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
