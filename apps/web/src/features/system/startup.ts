import { STARTUP_ELEMENT_ID, systemCalls, type EntryValue } from '@banca/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/api';
import { uiStore } from '@/state';
import { pickOncePerSession } from './cdn';
import {
  cdnQuery,
  countriesQuery,
  customerServiceQuery,
  domainRouteQuery,
  registerSettingsQuery,
  resourcesQuery,
  statusQuery,
  whitelabelQuery,
} from './api/system-api';

/** What the first paint needs: status, white-label, CDN, resources, customer service. */
export type Startup = EntryValue<typeof systemCalls.startup>;

/**
 * Files the start-up answer's parts under their own query keys (the hooks read them without a call
 * of their own) and fills the UI store, synchronously, so the first render already has them.
 */
const apply = (client: QueryClient, value: Startup): void => {
  client.setQueryData(statusQuery.queryKey, value.status);
  client.setQueryData(whitelabelQuery.queryKey, value.whitelabel);
  client.setQueryData(cdnQuery.queryKey, value.cdn);
  client.setQueryData(resourcesQuery.queryKey, value.resources);
  client.setQueryData(customerServiceQuery.queryKey, value.customerServices);
  uiStore.set({
    imgUrl: pickOncePerSession('imgUrl', value.cdn.imgUrls),
    startGameUrl: pickOncePerSession('startGameUrl', value.cdn.startGameUrls),
  });
};

/**
 * The one start-up call (GET /wps/system/startup). A page whose index.html carried the start-up data
 * (primeStartup) never runs it; a page without (the dev server, a gateway that could not read it) or
 * the network page's retry does.
 */
export const startupQuery = queryOptions({
  queryKey: ['system', 'startup'] as const,
  queryFn: async ({ client, signal }) => {
    const value = await apiCall(systemCalls.startup, { signal });
    apply(client, value);
    return value;
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 1,
});

/** The start-up data the gateway inlined into index.html (a JSON element), or null without it. */
export const readInlineStartup = (doc: Document = document): Startup | null => {
  const text = doc.getElementById(STARTUP_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Startup> | null;
    return value && typeof value === 'object' && value.status && value.whitelabel && value.cdn
      ? (value as Startup)
      : null;
  } catch {
    return null;
  }
};

/**
 * Before the first render: takes the inlined start-up data into the query cache (no call at all) or,
 * without it, starts the one start-up call at once, in parallel with loading the language.
 */
export const primeStartup = (client: QueryClient, doc: Document = document): void => {
  const inline = readInlineStartup(doc);
  if (inline) {
    apply(client, inline);
    client.setQueryData(startupQuery.queryKey, inline);
  } else {
    void client.prefetchQuery(startupQuery);
  }
};

/**
 * The start-up permissions of spec section 4 that the first paint does not need (the sign-up, login
 * and password forms read them): fetched once the app is on screen, never before it. A failure
 * blocks nothing; the form that needs the value asks again.
 */
export const loadDeferredStartup = (client: QueryClient): void => {
  void client.prefetchQuery(registerSettingsQuery);
  void client.prefetchQuery(domainRouteQuery);
  void client.prefetchQuery(countriesQuery);
};
