import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { operatorCalls } from './operator.calls.ts';
import {
  auditPageSchema,
  auditQuerySchema,
  createOperatorBodySchema,
  eventConsumersSchema,
  maintenanceSettingSchema,
  operatorIdParamsSchema,
  operatorListSchema,
  operatorLoginBodySchema,
  operatorLoginValueSchema,
  operatorMeSchema,
  operatorSchema,
  operatorSessionValueSchema,
  operatorTotpBodySchema,
  ipAllowListBodySchema,
  redriveEventsBodySchema,
  redriveEventsValueSchema,
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
    summary:
      'Operator login, first step: the password answers a challenge for the TOTP code (or, at the first login, the enrolment secret and QR URI); rate-limited and audited',
    tags,
    body: operatorLoginBodySchema,
    response: operatorLoginValueSchema,
  }),
  totp: defineRoute(operatorCalls.totp, {
    summary:
      'Operator login, second step: the TOTP code (or a recovery code) opens the session, as an httpOnly cookie (session: cookie) or a bearer token (session: bearer); wrong, reused and stale codes refused',
    tags,
    body: operatorTotpBodySchema,
    response: operatorSessionValueSchema,
  }),
  me: defineRoute(operatorCalls.me, {
    summary: 'The calling operator and what its role may do',
    tags,
    response: operatorMeSchema,
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
  setIpAllowList: defineRoute(operatorCalls.setIpAllowList, {
    summary: "Set an operator's IP allow-list, enforced at login and on every call (admin; audited)",
    tags,
    params: operatorIdParamsSchema,
    body: ipAllowListBodySchema,
    response: operatorSchema,
  }),
  audit: defineRoute(operatorCalls.audit, {
    summary:
      'The append-only audit of operator actions, newest first, with filters and keyset paging (admin, risk)',
    tags,
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
  eventConsumers: defineRoute(operatorCalls.eventConsumers, {
    summary:
      "Every domain-event consumer's lag, retries and dead-letter count, and the latest dead letters (admin)",
    tags,
    response: eventConsumersSchema,
  }),
  redriveEvents: defineRoute(operatorCalls.redriveEvents, {
    summary:
      "Run a consumer's dead-lettered events again, the listed ones or all of them, at the next dispatcher pass (admin; audited)",
    tags,
    body: redriveEventsBodySchema,
    response: redriveEventsValueSchema,
  }),
} as const;
