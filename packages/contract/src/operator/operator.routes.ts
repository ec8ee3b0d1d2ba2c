import { defineRoute } from '../route.ts';
import { operatorCalls } from './operator.calls.ts';
import { maintenanceSettingSchema, regionSettingSchema, statusSettingsSchema } from './operator.schemas.ts';

const tags = ['operator'];

export const operatorRoutes = {
  statusSettings: defineRoute(operatorCalls.statusSettings, {
    summary: 'Current maintenance and region-blocking settings',
    tags,
    response: statusSettingsSchema,
  }),
  setMaintenance: defineRoute(operatorCalls.setMaintenance, {
    summary: 'Turn maintenance on or off, with an expected end time',
    tags,
    body: maintenanceSettingSchema,
    response: statusSettingsSchema,
  }),
  setRegion: defineRoute(operatorCalls.setRegion, {
    summary: 'Set blocked countries and IP ranges',
    tags,
    body: regionSettingSchema,
    response: statusSettingsSchema,
  }),
} as const;
