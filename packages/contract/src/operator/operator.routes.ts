import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { operatorCalls } from './operator.calls.ts';
import {
  auditPageSchema,
  auditQuerySchema,
  createOperatorBodySchema,
  maintenanceSettingSchema,
  operatorIdParamsSchema,
  operatorListSchema,
  operatorLoginBodySchema,
  operatorLoginValueSchema,
  operatorSchema,
  regionSettingSchema,
  statusSettingsSchema,
} from './operator.schemas.ts';

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
  login: defineRoute(operatorCalls.login, {
    summary: 'Operator login: a bearer token for the /ops calls (rate-limited like member logins)',
    tags,
    body: operatorLoginBodySchema,
    response: operatorLoginValueSchema,
  }),
  logout: defineRoute(operatorCalls.logout, {
    summary: "Ends the calling operator's session",
    tags,
    response: z.null(),
  }),
  createOperator: defineRoute(operatorCalls.createOperator, {
    summary: 'Create a named operator (admin, or the OPERATOR_TOKEN bootstrap)',
    tags,
    body: createOperatorBodySchema,
    response: operatorSchema,
  }),
  listOperators: defineRoute(operatorCalls.listOperators, {
    summary: 'Every operator of the merchant (admin, or the OPERATOR_TOKEN bootstrap)',
    tags,
    response: operatorListSchema,
  }),
  disableOperator: defineRoute(operatorCalls.disableOperator, {
    summary: 'Disable an operator: its sessions end at once (admin)',
    tags,
    params: operatorIdParamsSchema,
    response: operatorSchema,
  }),
  audit: defineRoute(operatorCalls.audit, {
    summary:
      'The append-only audit of operator actions, newest first, with filters and keyset paging (admin)',
    tags,
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
} as const;
