import type { Language } from '@banca/contract';
import { systemCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

type SessionCall = Exclude<keyof typeof systemCalls, 'helpCenter' | 'publicKey' | 'startup'>;

/**
 * A system call whose answer does not change within a session (merchant settings, status): fetched
 * once at start-up, then read from cache. Keyed ['system', <call name>].
 */
const forSession = <K extends SessionCall>(name: K) =>
  queryOptions({
    queryKey: ['system', name] as const,
    queryFn: ({ signal }) => apiCall(systemCalls[name], { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });

export const statusQuery = forSession('status');
export const whitelabelQuery = forSession('whitelabel');
export const registerSettingsQuery = forSession('registerSettings');
export const domainRouteQuery = forSession('domainRoute');
export const resourcesQuery = forSession('resources');
export const customerServiceQuery = forSession('customerService');
export const countriesQuery = forSession('countries');
export const cdnQuery = forSession('cdn');
export const helpCenterQuery = (lang: Language) =>
  queryOptions({
    queryKey: ['system', 'helpCenter', lang],
    queryFn: ({ signal }) => apiCall(systemCalls.helpCenter, { query: { lang, device: 'WEB' }, signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
