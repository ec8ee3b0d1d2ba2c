import { defineRoute } from '../route.ts';
import { maintenanceSettingSchema, regionSettingSchema, statusSettingsSchema } from './operator.schemas.ts';

const tags = ['operator'];

export const operatorRoutes = {
  statusSettings: defineRoute({
    id: 'operator.statusSettings',
    method: 'GET',
    path: '/ops/system/status-settings',
    auth: 'operator',
    enc: false,
    summary: 'Current maintenance and region-blocking settings',
    tags,
    response: statusSettingsSchema,
  }),
  setMaintenance: defineRoute({
    id: 'operator.setMaintenance',
    method: 'PUT',
    path: '/ops/system/maintenance',
    auth: 'operator',
    enc: false,
    summary: 'Turn maintenance on or off, with an expected end time',
    tags,
    body: maintenanceSettingSchema,
    response: statusSettingsSchema,
  }),
  setRegion: defineRoute({
    id: 'operator.setRegion',
    method: 'PUT',
    path: '/ops/system/region',
    auth: 'operator',
    enc: false,
    summary: 'Set blocked countries and IP ranges',
    tags,
    body: regionSettingSchema,
    response: statusSettingsSchema,
  }),
} as const;
