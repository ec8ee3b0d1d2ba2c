import { customerServiceOpsRoutes } from './customer-service-ops.routes.ts';
import { helpOpsRoutes } from './help-ops.routes.ts';
import { platformOpsRoutes } from './platform-ops.routes.ts';
import { defineRoute } from '../route.ts';
import { systemCalls } from './system.calls.ts';
import {
  cdnSchema,
  countriesSchema,
  customerServicesSchema,
  domainRoutesSchema,
  helpCenterQuerySchema,
  helpCenterSchema,
  publicKeySchema,
  registerSettingsSchema,
  resourcesSchema,
  startupSchema,
  systemStatusSchema,
  whitelabelSchema,
} from './system.schemas.ts';

const tags = ['system'];

export const systemRoutes = {
  startup: defineRoute(systemCalls.startup, {
    summary: 'Start-up data in one call: status, white-label flags, CDN lists, resources, customer service',
    tags,
    response: startupSchema,
  }),
  status: defineRoute(systemCalls.status, {
    summary: 'System status: 0 normal, 1 maintenance (with end time if known), 2 region-restricted',
    tags,
    response: systemStatusSchema,
  }),
  whitelabel: defineRoute(systemCalls.whitelabel, {
    summary: 'White-label feature flags of the merchant',
    tags,
    response: whitelabelSchema,
  }),
  registerSettings: defineRoute(systemCalls.registerSettings, {
    summary: 'Per-field registration rules',
    tags,
    response: registerSettingsSchema,
  }),
  domainRoute: defineRoute(systemCalls.domainRoute, {
    summary: 'Domains the merchant serves and what each leads to',
    tags,
    response: domainRoutesSchema,
  }),
  resources: defineRoute(systemCalls.resources, {
    summary: 'App download links and social channels',
    tags,
    response: resourcesSchema,
  }),
  customerService: defineRoute(systemCalls.customerService, {
    summary: 'Customer-service entries; path is encrypted, its last 8 characters are the key',
    tags,
    response: customerServicesSchema,
  }),
  helpCenter: defineRoute(systemCalls.helpCenter, {
    summary: 'Help-centre articles for a language and device',
    tags,
    query: helpCenterQuerySchema,
    response: helpCenterSchema,
  }),
  countries: defineRoute(systemCalls.countries, {
    summary: 'Country dialing codes',
    tags,
    response: countriesSchema,
  }),
  publicKey: defineRoute(systemCalls.publicKey, {
    summary: 'Public key (JWK) for encrypting enc request bodies',
    tags,
    response: publicKeySchema,
  }),
  cdn: defineRoute(systemCalls.cdn, {
    summary: 'CDN lists for images and game start, and the analytics id',
    tags,
    response: cdnSchema,
  }),
  ...helpOpsRoutes,
  ...customerServiceOpsRoutes,
  ...platformOpsRoutes,
} as const;
