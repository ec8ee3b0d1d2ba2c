/**
 * The auth forms' zod schemas, each field by the contract's rule (FIELD_RULES: the very patterns and
 * bounds the server's schemas use), with the forms' messages. Messages are functions, read when a
 * value is checked, so they follow the current language.
 */
import { z } from 'zod';
import { FIELD_RULES, checkPasswordRule, type RegisterFieldSetting } from '@banca/contract';
import { t, type TKey } from '@/i18n';
import { fieldErrorText } from '@/ui/form';

const says = (key: TKey) => ({ error: () => t(key) });

/** A national mobile number (without the dialing code), as the server accepts it. */
export const mobileNumField = () => z.string().regex(FIELD_RULES.mobileNum.pattern, says('auth.enterMobile'));
/** An SMS or e-mail code, as the server accepts it. */
export const codeField = () => z.string().regex(FIELD_RULES.verificationCode.pattern, says('auth.enterCode'));
const captchaField = () => z.string().trim().min(1, says('auth.enterCaptcha'));

/** The login forms: username and password, or mobile number and SMS code; the captcha once asked. */
export const loginFormSchema = (needCaptcha: boolean) => {
  const captcha = needCaptcha ? captchaField() : z.string().optional();
  return z.discriminatedUnion('type', [
    z.object({
      type: z.literal('username'),
      username: z.string().trim().min(1, says('auth.enterUsername')),
      password: z.string().min(1, says('auth.enterPassword')),
      captcha,
    }),
    z.object({
      type: z.literal('sms'),
      mobile: mobileNumField(),
      dial: z.string(),
      code: codeField(),
      captcha,
    }),
  ]);
};

/** A new password by the merchant's password rule (register settings), as the server checks it. */
const newPasswordField = (settings: readonly RegisterFieldSetting[]) =>
  z.string().superRefine((value, ctx) => {
    const rule = checkPasswordRule(value, settings);
    if (rule)
      ctx.addIssue({
        code: 'custom',
        message: fieldErrorText(
          rule,
          settings.find((s) => s.name === 'password'),
        ),
      });
  });

/** Forgot password: username and e-mail, or mobile number, SMS code and new password. */
export const forgotPasswordSchema = (settings: readonly RegisterFieldSetting[]) =>
  z.discriminatedUnion('tab', [
    z.object({
      tab: z.literal('email'),
      username: z.string().trim().min(1, says('auth.enterUsername')),
      email: z
        .string()
        .trim()
        .max(FIELD_RULES.email.maxLength, says('auth.enterEmail'))
        .regex(FIELD_RULES.email.pattern, says('auth.enterEmail')),
    }),
    z.object({
      tab: z.literal('phone'),
      mobileNum: mobileNumField(),
      verificationCode: codeField(),
      newPassword: newPasswordField(settings),
    }),
  ]);

/** Change password: the old one unless known, the new one by the rule, and its confirmation. */
export const changePasswordSchema = (settings: readonly RegisterFieldSetting[], oldKnown: boolean) =>
  z
    .object({
      oldPassword: oldKnown
        ? z.string().optional()
        : z.string().min(1, { error: () => fieldErrorText('required') }),
      newPassword: newPasswordField(settings),
      confirmNewPassword: z.string().min(1, { error: () => fieldErrorText('required') }),
    })
    .superRefine((values, ctx) => {
      if (values.confirmNewPassword && values.confirmNewPassword !== values.newPassword)
        ctx.addIssue({
          code: 'custom',
          path: ['confirmNewPassword'],
          message: fieldErrorText('inconsistent_twice'),
        });
    });

/** Second verification: a code for each channel the challenge names. */
export const secondVerificationSchema = (wantsSms: boolean, wantsEmail: boolean) =>
  z.object({
    sms: wantsSms ? codeField() : z.string().optional(),
    email: wantsEmail ? codeField() : z.string().optional(),
  });
