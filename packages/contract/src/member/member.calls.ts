import type { RouteEntry } from '../route-entry.ts';

/** Registration, passwords and member info: the calls' wire facts (no zod). Schemas: member.routes.ts. */
export const memberCalls = {
  register: { id: 'member.register', method: 'PUT', path: '/wps/member/register', auth: 'none', enc: true },
  registerMobile: {
    id: 'member.registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    auth: 'none',
    enc: true,
  },
  registerCheck: {
    id: 'member.registerCheck',
    method: 'GET',
    path: '/wps/member/register/check',
    auth: 'none',
    enc: false,
  },
  affiliate: {
    id: 'member.affiliate',
    method: 'GET',
    path: '/wps/agent/affiliate',
    auth: 'none',
    enc: false,
  },
  changePassword: {
    id: 'member.changePassword',
    method: 'POST',
    path: '/wps/member/password',
    auth: 'token',
    enc: true,
  },
  forgotPasswordEmail: {
    id: 'member.forgotPasswordEmail',
    method: 'POST',
    path: '/wps/member/password/email',
    auth: 'none',
    enc: false,
    form: true,
  },
  resetPasswordByPhone: {
    id: 'member.resetPasswordByPhone',
    method: 'POST',
    path: '/wps/member/password/verification',
    auth: 'none',
    enc: true,
  },
  info: { id: 'member.info', method: 'GET', path: '/wps/member/info', auth: 'token', enc: false },
  icon: { id: 'member.icon', method: 'GET', path: '/wps/member/info/icon', auth: 'token', enc: false },
} as const satisfies Record<string, RouteEntry>;
