import type { RouteEntry } from '../route-entry.ts';

/** The system calls' wire facts (no zod): the start-up path calls them. Schemas: system.routes.ts. */
export const systemCalls = {
  status: { id: 'system.status', method: 'GET', path: '/wps/system/status', auth: 'none', enc: false },
  whitelabel: {
    id: 'system.whitelabel',
    method: 'GET',
    path: '/wps/system/whitelabel',
    auth: 'none',
    enc: false,
  },
  registerSettings: {
    id: 'system.registerSettings',
    method: 'GET',
    path: '/wps/system/setting/register',
    auth: 'none',
    enc: false,
  },
  domainRoute: {
    id: 'system.domainRoute',
    method: 'GET',
    path: '/wps/system/domainRoute',
    auth: 'none',
    enc: false,
  },
  resources: {
    id: 'system.resources',
    method: 'GET',
    path: '/wps/system/resources',
    auth: 'none',
    enc: false,
  },
  customerService: {
    id: 'system.customerService',
    method: 'GET',
    path: '/wps/system/customerService',
    auth: 'none',
    enc: false,
  },
  helpCenter: {
    id: 'system.helpCenter',
    method: 'GET',
    path: '/wps/system/helpCenter',
    auth: 'none',
    enc: false,
  },
  countries: {
    id: 'system.countries',
    method: 'GET',
    path: '/wps/system/countries',
    auth: 'none',
    enc: false,
  },
  publicKey: {
    id: 'system.publicKey',
    method: 'GET',
    path: '/wps/system/publicKey',
    auth: 'none',
    enc: false,
  },
  cdn: { id: 'system.cdn', method: 'GET', path: '/wps/system/cdn', auth: 'none', enc: false },
} as const satisfies Record<string, RouteEntry>;
