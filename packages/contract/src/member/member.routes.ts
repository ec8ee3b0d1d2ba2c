import { z } from 'zod';
import { loginValueSchema } from '../auth/auth.schemas.ts';
import { defineRoute } from '../route.ts';
import {
  affiliateQuerySchema,
  affiliateValueSchema,
  changePasswordBodySchema,
  forgotPasswordEmailBodySchema,
  memberIconSchema,
  memberInfoSchema,
  registerBodySchema,
  resetPasswordByPhoneBodySchema,
} from './member.schemas.ts';

const tags = ['member'];

/**
 * Registration, passwords and member info (spec section 7, login group). Registration answers field
 * errors as invalid_input with value.fields { name: messageKey } (see validateRegisterFields).
 */
export const memberRoutes = {
  register: defineRoute({
    id: 'member.register',
    method: 'PUT',
    path: '/wps/member/register',
    auth: 'none',
    enc: true,
    summary: 'Register in username mode (USERNAMEREG3) and log in',
    tags,
    body: registerBodySchema,
    response: loginValueSchema,
  }),
  registerMobile: defineRoute({
    id: 'member.registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    auth: 'none',
    enc: true,
    summary: 'Register in mobile mode (MOBILENUMREG3; SMS code when REGMOBVERF3) and log in',
    tags,
    body: registerBodySchema,
    response: loginValueSchema,
  }),
  affiliate: defineRoute({
    id: 'member.affiliate',
    method: 'GET',
    path: '/wps/agent/affiliate',
    auth: 'none',
    enc: false,
    summary: 'Whether an affiliate (invitation) code is valid for this domain',
    tags: ['member', 'agent'],
    query: affiliateQuerySchema,
    response: affiliateValueSchema,
  }),
  changePassword: defineRoute({
    id: 'member.changePassword',
    method: 'POST',
    path: '/wps/member/password',
    auth: 'token',
    enc: true,
    summary: "Change the password; ends the member's other sessions",
    tags,
    body: changePasswordBodySchema,
    response: z.null(),
  }),
  forgotPasswordEmail: defineRoute({
    id: 'member.forgotPasswordEmail',
    method: 'POST',
    path: '/wps/member/password/email',
    auth: 'none',
    enc: false,
    form: true,
    summary: 'E-mail a one-time temporary password; the same answer whether the account exists or not',
    tags,
    body: forgotPasswordEmailBodySchema,
    response: z.null(),
  }),
  resetPasswordByPhone: defineRoute({
    id: 'member.resetPasswordByPhone',
    method: 'POST',
    path: '/wps/member/password/verification',
    auth: 'none',
    enc: true,
    summary: 'Reset the password with an SMS code (CHNGPASSVERIF3) and log in',
    tags,
    body: resetPasswordByPhoneBodySchema,
    response: loginValueSchema,
  }),
  info: defineRoute({
    id: 'member.info',
    method: 'GET',
    path: '/wps/member/info',
    auth: 'token',
    enc: false,
    summary: 'The logged-in member: id, account, nickname, type (agents 1, 2, 41, 42; trial 4), VIP',
    tags,
    response: memberInfoSchema,
  }),
  icon: defineRoute({
    id: 'member.icon',
    method: 'GET',
    path: '/wps/member/info/icon',
    auth: 'token',
    enc: false,
    summary: "The member's avatar URL, or null for the default avatar",
    tags,
    response: memberIconSchema,
  }),
} as const;
