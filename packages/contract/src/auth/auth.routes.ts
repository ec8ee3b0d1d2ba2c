import { z } from 'zod';
import { defineRoute } from '../route.ts';
import {
  captchaValueSchema,
  freePlayBodySchema,
  loginBodySchema,
  loginValueSchema,
  loginVerificationBodySchema,
  smsCodeBodySchema,
  smsCodeValueSchema,
} from './auth.schemas.ts';

const tags = ['session'];

/**
 * Login group calls of spec section 7 owned by the session module. Failure values: login answers
 * loginFailureValueSchema (`captcha`) with invalid_credentials / captcha_required / captcha_invalid,
 * and secondVerificationValueSchema with second_verification_required.
 */
export const authRoutes = {
  login: defineRoute({
    id: 'session.login',
    method: 'POST',
    path: '/wps/session/login',
    auth: 'none',
    enc: true,
    summary:
      'Log in by password or SMS code. Failures carry value.captcha; a new IP answers second_verification_required',
    tags,
    body: loginBodySchema,
    response: loginValueSchema,
  }),
  loginVerification: defineRoute({
    id: 'session.loginVerification',
    method: 'POST',
    path: '/wps/session/login/verification',
    auth: 'none',
    enc: true,
    summary: 'Second step of a login from a new IP: the codes sent by SMS and e-mail',
    tags,
    body: loginVerificationBodySchema,
    response: loginValueSchema,
  }),
  freePlay: defineRoute({
    id: 'session.freePlay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    auth: 'none',
    enc: false,
    summary: 'Create a trial account (type 4) with play money and log it in (FREEPLAY3)',
    tags,
    body: freePlayBodySchema,
    response: loginValueSchema,
  }),
  logout: defineRoute({
    id: 'session.logout',
    method: 'DELETE',
    path: '/wps/session/logout',
    auth: 'token',
    enc: false,
    summary: 'Revoke the current session token',
    tags,
    response: z.null(),
  }),
  captcha: defineRoute({
    id: 'session.captcha',
    method: 'GET',
    path: '/wps/captcha',
    auth: 'none',
    enc: false,
    summary: 'A new captcha image (base64 SVG data URL); single use, expires in 2 minutes',
    tags,
    response: captchaValueSchema,
  }),
  smsNoLogin: defineRoute({
    id: 'session.smsNoLogin',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    auth: 'none',
    enc: false,
    summary: 'Send an SMS code for SMS login or reset by phone; rate-limited per number and per IP',
    tags,
    body: smsCodeBodySchema,
    response: smsCodeValueSchema,
  }),
  smsRegister: defineRoute({
    id: 'session.smsRegister',
    method: 'POST',
    path: '/wps/verification/sms/register',
    auth: 'none',
    enc: false,
    summary: 'Send an SMS code for registration (REGMOBVERF3); rate-limited per number and per IP',
    tags,
    body: smsCodeBodySchema,
    response: smsCodeValueSchema,
  }),
} as const;
