import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { authCalls } from './auth.calls.ts';
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
  login: defineRoute(authCalls.login, {
    summary:
      'Log in by password or SMS code. Failures carry value.captcha; a new IP answers second_verification_required',
    tags,
    body: loginBodySchema,
    response: loginValueSchema,
  }),
  loginVerification: defineRoute(authCalls.loginVerification, {
    summary: 'Second step of a login from a new IP: the codes sent by SMS and e-mail',
    tags,
    body: loginVerificationBodySchema,
    response: loginValueSchema,
  }),
  freePlay: defineRoute(authCalls.freePlay, {
    summary: 'Create a trial account (type 4) with play money and log it in (FREEPLAY3)',
    tags,
    body: freePlayBodySchema,
    response: loginValueSchema,
  }),
  logout: defineRoute(authCalls.logout, {
    summary: 'Revoke the current session token',
    tags,
    response: z.null(),
  }),
  captcha: defineRoute(authCalls.captcha, {
    summary: 'A new captcha image (base64 SVG data URL); single use, expires in 2 minutes',
    tags,
    response: captchaValueSchema,
  }),
  smsNoLogin: defineRoute(authCalls.smsNoLogin, {
    summary: 'Send an SMS code for SMS login or reset by phone; rate-limited per number and per IP',
    tags,
    body: smsCodeBodySchema,
    response: smsCodeValueSchema,
  }),
  smsRegister: defineRoute(authCalls.smsRegister, {
    summary: 'Send an SMS code for registration (REGMOBVERF3); rate-limited per number and per IP',
    tags,
    body: smsCodeBodySchema,
    response: smsCodeValueSchema,
  }),
} as const;
