import type { RouteEntry } from '../route-entry.ts';

/** The session module's login-group calls' wire facts (no zod). Schemas: auth.routes.ts. */
export const authCalls = {
  login: { id: 'session.login', method: 'POST', path: '/wps/session/login', auth: 'none', enc: true },
  loginVerification: {
    id: 'session.loginVerification',
    method: 'POST',
    path: '/wps/session/login/verification',
    auth: 'none',
    enc: true,
  },
  freePlay: {
    id: 'session.freePlay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    auth: 'none',
    enc: false,
  },
  logout: { id: 'session.logout', method: 'DELETE', path: '/wps/session/logout', auth: 'token', enc: false },
  captcha: { id: 'session.captcha', method: 'GET', path: '/wps/captcha', auth: 'none', enc: false },
  smsNoLogin: {
    id: 'session.smsNoLogin',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    auth: 'none',
    enc: false,
  },
  smsRegister: {
    id: 'session.smsRegister',
    method: 'POST',
    path: '/wps/verification/sms/register',
    auth: 'none',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
