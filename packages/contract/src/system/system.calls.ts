import type { RouteEntry } from '../route-entry.ts';
import { customerServiceOpsCalls } from './customer-service-ops.calls.ts';
import { helpOpsCalls } from './help-ops.calls.ts';
import { platformOpsCalls } from './platform-ops.calls.ts';

/** The system calls' wire facts (no zod): the start-up path calls them. Schemas: system.routes.ts. */
export const systemCalls = {
  /**
   * Everything the first paint needs, in one answer: status, white-label, CDN, resources and customer
   * service. The gateway also inlines this value into index.html, so a first visit usually makes no
   * call at all before painting; the app calls this only when the page came without it.
   */
  startup: { id: 'system.startup', method: 'GET', path: '/wps/system/startup', auth: 'none', enc: false },
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
  ...helpOpsCalls,
  ...customerServiceOpsCalls,
  ...platformOpsCalls,
} as const satisfies Record<string, RouteEntry>;

/** The id of the `<script type="application/json">` element carrying the start-up data in index.html. */
export const STARTUP_ELEMENT_ID = 'banca-startup';
