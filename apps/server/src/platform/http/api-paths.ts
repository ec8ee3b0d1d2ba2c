import { CALLBACK_PREFIX } from '@banca/contract';

/** Paths that belong to the API (envelope answers), never to the SPA. /dev (sandbox outbox) exists
 *  only outside production; listed so that in production it answers the 404 envelope, not the SPA.
 *  Server-to-server callbacks (CALLBACK_PREFIX) are API paths too: never the SPA, never cached; so is
 *  the house vendor's browser API (/house/api; its pages under /house are the SPA's). */
const API_PREFIXES = ['/wps', '/lgw', '/lotto/lgw', '/ops', '/dev', '/house/api', CALLBACK_PREFIX];

const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

const underPrefix = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(prefix + '/');

export const isApiPath = (url: string): boolean => {
  const path = pathOf(url);
  return API_PREFIXES.some((p) => underPrefix(path, p));
};

/**
 * Member-facing calls that maintenance and region blocking close (operators keep /ops). Callbacks
 * (CALLBACK_PREFIX) stay open: a payment provider or game vendor reporting money that already moved
 * must be heard during maintenance, and region rules are about visitors, not about signed servers.
 */
export const isGuardedPath = (url: string): boolean => {
  const path = pathOf(url);
  if (underPrefix(path, '/wps/system')) return false; // the client needs these to render its pages
  return underPrefix(path, '/wps') || underPrefix(path, '/lgw') || underPrefix(path, '/lotto/lgw');
};
