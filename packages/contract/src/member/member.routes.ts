import { z } from 'zod';
import { loginValueSchema } from '../auth/auth.schemas.ts';
import { defineRoute } from '../route.ts';
import { memberCalls } from './member.calls.ts';
import {
  affiliateQuerySchema,
  affiliateValueSchema,
  changePasswordBodySchema,
  forgotPasswordEmailBodySchema,
  memberIconSchema,
  memberInfoSchema,
  registerBodySchema,
  registerCheckValueSchema,
  resetPasswordByPhoneBodySchema,
} from './member.schemas.ts';

const tags = ['member'];

/**
 * Registration, passwords and member info (spec section 7, login group). Registration answers field
 * errors as invalid_input with value.fields { name: messageKey } (see validateRegisterFields).
 */
export const memberRoutes = {
  register: defineRoute(memberCalls.register, {
    summary: 'Register in username mode (USERNAMEREG3) and log in',
    tags,
    body: registerBodySchema,
    response: loginValueSchema,
  }),
  registerMobile: defineRoute(memberCalls.registerMobile, {
    summary: 'Register in mobile mode (MOBILENUMREG3; SMS code when REGMOBVERF3) and log in',
    tags,
    body: registerBodySchema,
    response: loginValueSchema,
  }),
  registerCheck: defineRoute(memberCalls.registerCheck, {
    summary:
      "Whether this address may register now: the registration limit checked before the form's captcha and SMS code are spent (nothing is counted). 429 too_many_requests with value.retryAfterSeconds when not",
    tags,
    response: registerCheckValueSchema,
  }),
  affiliate: defineRoute(memberCalls.affiliate, {
    summary: 'Whether an affiliate (invitation) code is valid for this domain',
    tags: ['member', 'agent'],
    query: affiliateQuerySchema,
    response: affiliateValueSchema,
  }),
  changePassword: defineRoute(memberCalls.changePassword, {
    summary: "Change the password; ends the member's other sessions",
    tags,
    body: changePasswordBodySchema,
    response: z.null(),
  }),
  forgotPasswordEmail: defineRoute(memberCalls.forgotPasswordEmail, {
    summary: 'E-mail a one-time temporary password; the same answer whether the account exists or not',
    tags,
    body: forgotPasswordEmailBodySchema,
    response: z.null(),
  }),
  resetPasswordByPhone: defineRoute(memberCalls.resetPasswordByPhone, {
    summary: 'Reset the password with an SMS code (CHNGPASSVERIF3) and log in',
    tags,
    body: resetPasswordByPhoneBodySchema,
    response: loginValueSchema,
  }),
  info: defineRoute(memberCalls.info, {
    summary: 'The logged-in member: id, account, nickname, type (agents 1, 2, 41, 42; trial 4), VIP',
    tags,
    response: memberInfoSchema,
  }),
  icon: defineRoute(memberCalls.icon, {
    summary: "The member's avatar URL, or null for the default avatar",
    tags,
    response: memberIconSchema,
  }),
} as const;
