/**
 * Wire shapes of registration, passwords and member info (issue 3). Bounded strings, strict objects.
 * Field rules (enabled, required, pattern, length) are not here: they are the merchant's settings,
 * checked by validateRegisterFields on both sides.
 */
import { z } from 'zod';
import {
  captchaIdSchema,
  countryDialingCodeSchema,
  mobileNumSchema,
  passwordSchema,
  verificationCodeSchema,
} from '../auth/auth.schemas.ts';
import { FIELD_RULES } from '../field-rules.ts';
import { REGISTER_FIELDS, type RegisterField } from '../system/system.schemas.ts';

/** Upper bound of any register field value; the merchant's maxLength is usually far lower. */
export const REGISTER_VALUE_MAX = 128;

const registerFieldValue = z.string().max(REGISTER_VALUE_MAX);
const registerFieldShape = Object.fromEntries(
  REGISTER_FIELDS.map((f) => [f, registerFieldValue.optional()]),
) as {
  [K in RegisterField]: z.ZodOptional<typeof registerFieldValue>;
};

/** PUT /wps/member/register and PUT /wps/member/register/mobile (enc). */
export const registerBodySchema = z.strictObject({
  ...registerFieldShape,
  /** The page the visitor registered from. */
  registerUrl: z.string().max(2048).optional(),
  domain: z.string().max(253).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  countryDialingCode: countryDialingCodeSchema.optional(),
  /** Id of the captcha image answered in `captcha`, when the merchant asks a captcha. */
  captchaId: captchaIdSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** GET /wps/member/register/check: answered only when registering is allowed (else 429). */
export const registerCheckValueSchema = z.strictObject({ allowed: z.literal(true) });

/** GET /wps/agent/affiliate */
export const affiliateQuerySchema = z.strictObject({
  code: z.string().trim().min(1).max(32),
  domain: z.string().max(253).optional(),
});
export const affiliateValueSchema = z.strictObject({ valid: z.boolean() });

/** POST /wps/member/password (token, enc). oldPassword may be skipped only when the password must be
 *  changed anyway (temporary or default password just used to log in). */
export const changePasswordBodySchema = z.strictObject({
  oldPassword: passwordSchema.optional(),
  newPassword: passwordSchema,
  confirmNewPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST form /wps/member/password/email */
export const forgotPasswordEmailBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(FIELD_RULES.account.maxLength),
  email: z
    .string()
    .trim()
    .min(FIELD_RULES.email.minLength)
    .max(FIELD_RULES.email.maxLength)
    .regex(FIELD_RULES.email.pattern),
});
export type ForgotPasswordEmailBody = z.infer<typeof forgotPasswordEmailBodySchema>;

/** POST /wps/member/password/verification (enc); success logs in (value: loginValueSchema). */
export const resetPasswordByPhoneBodySchema = z.strictObject({
  newPassword: passwordSchema,
  mobileNum: mobileNumSchema,
  verificationCode: verificationCodeSchema,
  countryDialingCode: countryDialingCodeSchema,
});
export type ResetPasswordByPhoneBody = z.infer<typeof resetPasswordByPhoneBodySchema>;

/** GET /wps/member/info */
export const memberInfoSchema = z.strictObject({
  id: z.number().int().positive(),
  account: z.string().max(64),
  nickname: z.string().max(128).nullable(),
  /** 0 member; agents 1, 2, 41, 42; trial 4. */
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  vipLevel: z.number().int().min(0),
  /** The merchant's VIP label, when VIP is enabled. */
  vipLabel: z.string().max(64).nullable(),
  /** Masked, e.g. "+55 *******4321". */
  mobileNum: z.string().max(32).nullable(),
  /** Masked, e.g. "j***@example.com". */
  email: z.string().max(254).nullable(),
  createdAt: z.string().datetime(),
  /** The direct upline's account (the agent whose invitation brought this member); null if none. */
  uplineAccount: z.string().max(64).nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** GET /wps/member/info/icon: null means the client shows its default avatar. */
export const memberIconSchema = z.strictObject({ iconUrl: z.string().max(2048).nullable() });
export type MemberIcon = z.infer<typeof memberIconSchema>;
