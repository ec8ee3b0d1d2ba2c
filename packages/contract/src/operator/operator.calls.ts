import type { RouteEntry } from '../route-entry.ts';

/** The operator's back-office calls' wire facts (no zod). Schemas: operator.routes.ts. */
export const operatorCalls = {
  statusSettings: {
    id: 'operator.statusSettings',
    method: 'GET',
    path: '/ops/system/status-settings',
    auth: 'operator',
    enc: false,
  },
  setMaintenance: {
    id: 'operator.setMaintenance',
    method: 'PUT',
    path: '/ops/system/maintenance',
    auth: 'operator',
    enc: false,
  },
  setRegion: {
    id: 'operator.setRegion',
    method: 'PUT',
    path: '/ops/system/region',
    auth: 'operator',
    enc: false,
  },
  login: {
    id: 'operator.login',
    method: 'POST',
    path: '/ops/session/login',
    auth: 'none',
    enc: false,
  },
  totp: {
    id: 'operator.totp',
    method: 'POST',
    path: '/ops/session/totp',
    auth: 'none',
    enc: false,
  },
  me: {
    id: 'operator.me',
    method: 'GET',
    path: '/ops/session/me',
    auth: 'operator',
    enc: false,
  },
  logout: {
    id: 'operator.logout',
    method: 'DELETE',
    path: '/ops/session/logout',
    auth: 'operator',
    enc: false,
  },
  createOperator: {
    id: 'operator.createOperator',
    method: 'POST',
    path: '/ops/operators',
    auth: 'operator',
    enc: false,
  },
  listOperators: {
    id: 'operator.listOperators',
    method: 'GET',
    path: '/ops/operators',
    auth: 'operator',
    enc: false,
  },
  disableOperator: {
    id: 'operator.disableOperator',
    method: 'PUT',
    path: '/ops/operators/:id/disable',
    auth: 'operator',
    enc: false,
  },
  setIpAllowList: {
    id: 'operator.setIpAllowList',
    method: 'PUT',
    path: '/ops/operators/:id/ip-allow-list',
    auth: 'operator',
    enc: false,
  },
  audit: {
    id: 'operator.audit',
    method: 'GET',
    path: '/ops/audit',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
